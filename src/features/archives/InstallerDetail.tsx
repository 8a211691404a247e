import { useOne } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { InstallerComplaint, InstallerSystem } from '../../../contract/installers';
import { installerArchives } from '../../../resources/installerArchives';
import { useCanAccess } from '../../auth/ability';
import { useFormat } from '../../i18n/format';
import { metaOf, type Row } from '../../resources/screenTypes';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { ComplaintStatusTag } from '../complaints/ComplaintStatusTag';
import { detailPath } from '../complaints/paths';
import { INSTALLER_LIST_PATH, installerApi, installerKeys, systemPath } from './installerApi';
import { FileDetailFrame, FileNotFound } from './FileDetailFrame';
import { InstallerScorecardView } from './InstallerScorecardView';

const FILE_FIELDS = ['name', 'contact', 'phone', 'email', 'address', 'license', 'remark'] as const;

/**
 * /installerdetail?id=: one installer's file (spec §3 'Installer file'), its scorecard, the systems it installed and
 * the complaints on them. The tab is kept in the URL (`tab`): the scorecard's complaint
 * figures link to the complaints tab.
 */
export function InstallerDetail({ id }: { id: string }) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const format = useFormat();
  const valid = /^\d+$/.test(id);
  const { result: file, query } = useOne<Row>({
    resource: installerArchives.name,
    id,
    meta: metaOf(installerArchives),
    queryOptions: { enabled: valid, retry: false },
    errorNotification: false,
  });
  const overview = useQuery({
    queryKey: installerKeys.overview(Number(id)),
    queryFn: () => installerApi.overview(Number(id)),
    enabled: valid && !!file,
  });

  const back = { to: INSTALLER_LIST_PATH, label: t('archives:installerdetail.back') };
  if (!valid || query.isError) return <FileNotFound message={t('archives:installerdetail.notFound')} back={back} />;
  if (!file) return <Card>{<Skeleton active />}</Card>;

  const label = (key: string) => t(`archives:installerdetail.fields.${key}`);
  const complaintLabel = (field: string) => t(`complaints:customerComplaintList.fields.${field}`);
  const systemColumns: ResponsiveColumn<InstallerSystem>[] = [
    {
      title: t('archives:installerdetail.system.sys_sn'),
      dataIndex: 'sys_sn',
      card: 'title',
      render: (v) => <Link to={systemPath(String(v))}>{String(v)}</Link>,
    },
    { title: t('archives:installerdetail.system.sys_name'), dataIndex: 'sys_name' },
    { title: t('archives:installerdetail.system.country'), dataIndex: 'country', width: 100 },
    { title: t('archives:installerdetail.system.created_at'), dataIndex: 'created_at', width: 140, render: (v) => format.date(String(v)) },
  ];
  const complaintColumns: ResponsiveColumn<InstallerComplaint>[] = [
    {
      title: complaintLabel('title'),
      dataIndex: 'title',
      card: 'title',
      render: (v, row) => <Link to={detailPath(row.id)}>{String(v)}</Link>,
    },
    { title: complaintLabel('status'), dataIndex: 'status', card: 'status', render: (v) => <ComplaintStatusTag status={v} /> },
    { title: complaintLabel('sys_sn'), dataIndex: 'sys_sn' },
    { title: complaintLabel('created_at'), dataIndex: 'created_at', width: 170, render: (v) => format.dateTime(String(v)) },
  ];
  const data = overview.data;
  const items = [
    {
      key: 'basic',
      label: t('archives:installerdetail.tabs.basic'),
      children: (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          {data ? <InstallerScorecardView card={data.scorecard} /> : <Skeleton active />}
          <Descriptions column={{ xs: 1, sm: 1, md: 2, xl: 3 }} size="small" bordered>
            {FILE_FIELDS.map((name) => (
              <Descriptions.Item key={name} label={label(name)}>
                <span className="archive-record-contents">{String(file[name] ?? '')}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Space>
      ),
    },
    {
      key: 'systems',
      label: `${t('archives:installerdetail.tabs.systems')}${data ? ` (${data.systems.length})` : ''}`,
      children: (
        <ResponsiveTable<InstallerSystem>
          tableId="installer-systems"
          rowKey="sys_sn"
          dataSource={data?.systems ?? []}
          loading={overview.isLoading}
          columns={systemColumns}
          size="middle"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <Typography.Text type="secondary">{t('archives:installerdetail.noSystems')}</Typography.Text> }}
        />
      ),
    },
    {
      key: 'complaints',
      label: `${t('archives:installerdetail.tabs.complaints')}${data ? ` (${data.complaints.length})` : ''}`,
      children: (
        <ResponsiveTable<InstallerComplaint>
          tableId="installer-complaints"
          rowKey="id"
          dataSource={data?.complaints ?? []}
          loading={overview.isLoading}
          columns={complaintColumns}
          size="middle"
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <Typography.Text type="secondary">{t('archives:installerdetail.noComplaints')}</Typography.Text> }}
        />
      ),
    },
  ];

  return (
    <FileDetailFrame
      testId="installer-detail"
      back={back}
      title={String(file.name)}
      subtitle={[file.contact, file.license]}
      tabs={items}
      edit={
        can('installer', 'update')
          ? {
              declaration: installerArchives,
              record: file,
              label: t('archives:installerdetail.edit'),
              onSaved: () => {
                void query.refetch();
                void overview.refetch();
              },
            }
          : undefined
      }
    />
  );
}
