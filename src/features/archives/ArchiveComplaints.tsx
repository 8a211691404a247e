import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ArchiveComplaint } from '../../../contract/archives';
import { complaints } from '../../../resources/complaints';
import { currentLanguage } from '../../i18n';
import { formatFor } from '../../i18n/format';
import { optionLabel } from '../../resources/labels';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { ComplaintStatusTag } from '../complaints/ComplaintStatusTag';
import { detailPath } from '../complaints/paths';
import { archiveKeys, archivesApi } from './api';

/** The complaints on the customer's systems with their status, each linking to its complaint page. */
export function ArchiveComplaints({ archiveId }: { archiveId: number }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: archiveKeys.complaints(archiveId), queryFn: () => archivesApi.complaints(archiveId) });
  const format = formatFor(currentLanguage());
  const label = (field: string) => t(`complaints:customerComplaintList.fields.${field}`);
  const columns: ResponsiveColumn<ArchiveComplaint>[] = [
    { title: label('title'), dataIndex: 'title', card: 'title', render: (v, row) => <Link to={detailPath(row.id)}>{String(v)}</Link> },
    { title: label('status'), dataIndex: 'status', card: 'status', render: (v) => <ComplaintStatusTag status={v} /> },
    { title: label('type'), dataIndex: 'type', render: (v) => optionLabel(complaints, 'type', String(v), t) },
    { title: label('sys_sn'), dataIndex: 'sys_sn' },
    { title: label('created_at'), dataIndex: 'created_at', width: 170, render: (v) => format.dateTime(String(v)) },
  ];
  return (
    <ResponsiveTable<ArchiveComplaint>
      tableId="archive-complaints"
      rowKey="id"
      dataSource={query.data ?? []}
      loading={query.isLoading}
      columns={columns}
      size="middle"
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      locale={{ emptyText: <Typography.Text type="secondary">{t('archives:detail.noComplaints')}</Typography.Text> }}
    />
  );
}
