import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useOne } from '@refinedev/core';
import { Alert, Button, Card, Drawer, Grid, Skeleton, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { customerArchives } from '../../../resources/customerArchives';
import { RECORD_KINDS } from '../../../resources/customerRecords';
import { canAccessKey } from '../../auth/ability';
import { ResourceForm } from '../../resources/ResourceForm';
import { metaOf, type Row } from '../../resources/screenTypes';
import { ARCHIVE_LIST_PATH } from './api';
import { ArchiveComplaints } from './ArchiveComplaints';
import { ArchiveInfo } from './ArchiveInfo';
import { RecordsTab } from './RecordsTab';
import './archives.css';

/**
 * /customerArchivesDetail?id=: one customer's file (spec §2: basic info, visit, phone, mail and processing records,
 * remarks) and the complaints on the customer's systems with their status. The tab is kept in the URL (`tab`), so
 * a link opens the same tab and Back returns to it.
 */
export default function ArchiveDetail() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const tab = params.get('tab') ?? 'basic';
  const [editing, setEditing] = useState(false);
  const { result: archive, query } = useOne<Row>({
    resource: customerArchives.name,
    id,
    meta: metaOf(customerArchives),
    queryOptions: { enabled: /^\d+$/.test(id), retry: false },
    errorNotification: false,
  });

  if (!/^\d+$/.test(id) || query.isError)
    return (
      <Card>
        <Alert type="warning" showIcon message={t('archives:detail.notFound')} />
        <Link to={ARCHIVE_LIST_PATH}>{t('archives:detail.back')}</Link>
      </Card>
    );
  if (!archive) return <Card>{<Skeleton active />}</Card>;

  const ref = { id: Number(archive.id), sys_sn: String(archive.sys_sn) };
  const items = [
    { key: 'basic', label: t('archives:detail.tabs.basic'), children: <ArchiveInfo archive={archive} /> },
    ...RECORD_KINDS.map((kind) => ({
      key: kind,
      label: t(`archives:detail.tabs.${kind}`),
      children: <RecordsTab archive={ref} kind={kind} />,
    })),
    { key: 'complaints', label: t('archives:detail.tabs.complaints'), children: <ArchiveComplaints archiveId={ref.id} /> },
  ];

  return (
    <Card styles={{ body: { padding: screens.md ? 24 : 12 } }} data-testid="archive-detail">
      <div className="archive-header">
        <Space direction="vertical" size={0}>
          <Link to={ARCHIVE_LIST_PATH}>
            <ArrowLeftOutlined /> {t('archives:detail.back')}
          </Link>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {String(archive.name)}
          </Typography.Title>
          <Typography.Text type="secondary">{[archive.sys_sn, archive.city, archive.postcode].filter(Boolean).join(' · ')}</Typography.Text>
        </Space>
        {canAccessKey('customerArchive', 'update') && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="archive-edit">
            {t('archives:detail.edit')}
          </Button>
        )}
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams((p) => ({ ...Object.fromEntries(p), tab: key }), { replace: true })}
        items={items}
        destroyOnHidden
      />
      <Drawer
        open={editing}
        title={String(archive.name)}
        width={screens.md ? 560 : '100%'}
        maskClosable={false}
        destroyOnHidden
        onClose={() => setEditing(false)}
      >
        <ResourceForm
          declaration={customerArchives}
          mode="edit"
          record={archive}
          onDone={() => {
            setEditing(false);
            void query.refetch();
          }}
        />
      </Drawer>
    </Card>
  );
}
