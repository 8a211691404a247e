import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snManagement } from '../../../resources/snManagement';
import { useCanAccess } from '../../auth/ability';
import { resourceScreen } from '../../resources/ResourceScreen';
import { ResponsiveTable } from '../../ui/ResponsiveTable';
import type { SnImportAnswer as SnImportResult } from '../../../contract/admin/sn';
import { adminApi } from './api';

function ImportButtons({ refresh }: { refresh: () => void }) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<SnImportResult | undefined>();
  if (!can('sn', 'create')) return null;
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => void adminApi.snImportTemplate()}>
        {t('admin:snManagement.template')}
      </Button>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        customRequest={async ({ file }) => {
          setBusy(true);
          try {
            const data = await adminApi.importSn(file as Blob);
            if (data.code === 200) {
              setResult(data.data);
              refresh();
            }
          } catch {
            message.error(t('admin:snManagement.importFailed'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('admin:snManagement.import')}
        </Button>
      </Upload>
      <Modal
        open={!!result}
        onCancel={() => setResult(undefined)}
        onOk={() => setResult(undefined)}
        title={t('admin:snManagement.importResult')}
        maskClosable={false}
        width={720}
      >
        {result && (
          <>
            <Typography.Paragraph>
              {t('admin:snManagement.importSummary', { created: result.created, failed: result.failed, total: result.total })}
            </Typography.Paragraph>
            <ResponsiveTable<SnImportResult['rows'][number]>
              tableId="snImportResult"
              size="small"
              rowKey="row"
              dataSource={result.rows}
              pagination={{ pageSize: 8 }}
              columns={[
                { title: t('admin:snManagement.row'), dataIndex: 'row', width: 70 },
                { title: 'S/N', dataIndex: 'sn', card: 'title' },
                {
                  title: t('admin:snManagement.result'),
                  dataIndex: 'code',
                  card: 'status',
                  render: (code: number) =>
                    code === 200 ? (
                      <Tag color="green">{t('admin:snManagement.imported')}</Tag>
                    ) : (
                      <Tag color="red">{t(`errors:code.${code}`)}</Tag>
                    ),
                },
              ]}
            />
          </>
        )}
      </Modal>
    </>
  );
}

export default resourceScreen(snManagement, { toolbar: ({ refresh }) => <ImportButtons refresh={refresh} /> });
