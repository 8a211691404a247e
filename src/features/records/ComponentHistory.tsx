import { useQuery } from '@tanstack/react-query';
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format';
import { recordsApi, recordsKeys } from './api';

type Swap = Awaited<ReturnType<typeof recordsApi.componentHistory>>[number];

/** Every component swapped in a system, newest first: old and new S/N, when, by whom, why, what became of the old one. */
export function ComponentHistory({ sysSn }: { sysSn: string }) {
  const { t } = useTranslation('records');
  const format = useFormat();
  const { data, isLoading } = useQuery({ queryKey: recordsKeys.history(sysSn), queryFn: () => recordsApi.componentHistory(sysSn) });
  return (
    <>
      <Typography.Title level={5}>{t('components.history')}</Typography.Title>
      <Table<Swap>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('components.none') }}
        columns={[
          { key: 'at', title: t('components.changedAt'), render: (_, row) => format.dateTime(row.changed_at) },
          { key: 'kind', title: t('components.kind'), render: (_, row) => t(`components.kinds.${row.kind}`, { defaultValue: row.kind }) },
          { key: 'old', title: t('components.oldSn'), dataIndex: 'old_sn' },
          { key: 'new', title: t('components.newSn'), dataIndex: 'new_sn' },
          { key: 'reason', title: t('components.reason'), dataIndex: 'reason' },
          { key: 'by', title: t('components.changedBy'), dataIndex: 'changed_by' },
          {
            key: 'state',
            title: t('components.oldSnState'),
            render: (_, row) =>
              row.old_sn_state ? <Tag>{t(`components.states.${row.old_sn_state}`, { defaultValue: row.old_sn_state })}</Tag> : '–',
          },
        ]}
      />
    </>
  );
}
