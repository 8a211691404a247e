import { PlusOutlined } from '@ant-design/icons';
import { useDelete, useList } from '@refinedev/core';
import { Button, Modal, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { customerRecords, type RecordKind } from '../../../resources/customerRecords';
import { session } from '../../api/session';
import { useCanAccess } from '../../auth/ability';
import { formatFor } from '../../i18n/format';
import { currentLanguage } from '../../i18n';
import { AttachmentLinks } from '../../resources/attachments';
import { metaOf, type Row } from '../../resources/screenTypes';
import { ResponsiveTable, type ResponsiveColumn } from '../../ui/ResponsiveTable';
import { detailPath } from '../complaints/paths';
import { RecordForm, type RecordArchive } from './RecordForm';

/**
 * One kind of record on a customer's file (visits, calls, mails, processing, remarks), newest first, with a button to
 * add one and each row's edit and delete where the user may (the customer-archive grant).
 */
export function RecordsTab({ archive, kind }: { archive: RecordArchive; kind: RecordKind }) {
  const can = useCanAccess();
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pageSize = session.getListPageSize();
  const [editing, setEditing] = useState<Row | 'new' | undefined>();
  const { mutate: remove } = useDelete();
  const { result, query } = useList<Row>({
    resource: customerRecords.name,
    filters: [
      { field: 'archive_id', operator: 'eq', value: archive.id },
      { field: 'kind', operator: 'eq', value: kind },
    ],
    sorters: [{ field: 'record_date', order: 'desc' }],
    pagination: { currentPage: page, pageSize },
    meta: metaOf(customerRecords),
  });
  const format = formatFor(currentLanguage());
  const label = (field: string) => t(`archives:cusHandleRecord.fields.${field}`);
  const columns: ResponsiveColumn<Row>[] = [
    { title: label('record_date'), dataIndex: 'record_date', width: 130, card: 'title', render: (v) => format.date(String(v)) },
    // Staff by their current display name (the record keeps the user name: server/archives/records.ts).
    { title: label('person'), dataIndex: 'person', width: 140, render: (v, row) => String(row.person_name ?? v) },
    { title: label('contents'), dataIndex: 'contents', render: (v) => <span className="archive-record-contents">{String(v)}</span> },
    {
      title: label('complaint_id'),
      dataIndex: 'complaint_id',
      width: 110,
      render: (v) => (v ? <Link to={detailPath(Number(v))}>#{String(v)}</Link> : '—'),
    },
    {
      title: label('attachments'),
      dataIndex: 'attachments',
      render: (v) => <AttachmentLinks declaration={customerRecords} value={v} />,
    },
    {
      key: 'actions',
      card: 'actions',
      width: 150,
      render: (_, row) => (
        <Space size={0}>
          {can('customerArchive', 'update') && (
            <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="record-edit">
              {t('archives:detail.edit')}
            </Button>
          )}
          {can('customerArchive', 'delete') && (
            <Popconfirm
              title={t('admin:list.deleteConfirm', { name: format.date(String(row.record_date)) })}
              onConfirm={() =>
                remove(
                  { resource: customerRecords.name, id: Number(row.id), meta: metaOf(customerRecords), successNotification: false },
                  { onSuccess: () => void query.refetch() },
                )
              }
            >
              <Button type="link" size="small" danger>
                {t('admin:list.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="archive-tab-toolbar">
        {can('customerArchive', 'create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={`record-add-${kind}`}>
            {t(`archives:detail.add.${kind}`)}
          </Button>
        )}
      </div>
      <ResponsiveTable<Row>
        tableId={`archive-records-${kind}`}
        rowKey="id"
        dataSource={result.data}
        loading={query.isLoading}
        columns={columns}
        size="middle"
        locale={{ emptyText: <Typography.Text type="secondary">{t('archives:detail.empty')}</Typography.Text> }}
        pagination={{ current: page, pageSize: pageSize, total: result.total, onChange: setPage, hideOnSinglePage: true }}
      />
      <Modal
        open={editing !== undefined}
        title={t(`archives:detail.add.${kind}`)}
        footer={null}
        maskClosable={false}
        destroyOnHidden
        onCancel={() => setEditing(undefined)}
      >
        {editing !== undefined && (
          <RecordForm
            archive={archive}
            kind={kind}
            record={editing === 'new' ? undefined : editing}
            onDone={() => {
              setEditing(undefined);
              void query.refetch();
            }}
          />
        )}
      </Modal>
    </>
  );
}
