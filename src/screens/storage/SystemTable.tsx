import { useQuery } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { calls, type SystemQuery } from '../../monitoring/calls';
import { useFormat } from '../../i18n/format';
import { StatusTag } from '../../monitoring/status';
import type { SystemListRow } from '../../shared/monitoring';
import { countryName } from './countries';
import { PAGE_SIZES, type Paging } from './listQuery';
import type { Filters } from './SystemFilters';

/** The storage list: server-side paging and sorting over the caller's scope; a row opens the system page. */
export function SystemTable({ filters, paging, onPaging, onOpen }: { filters: Filters; paging: Paging; onPaging: (paging: Paging) => void; onOpen: (sn: string) => void }) {
  const { t, i18n } = useTranslation('monitoring');
  const format = useFormat();
  const query: SystemQuery = { ...paging, ...filters };
  const { data, isFetching } = useQuery({ queryKey: ['monitoring', 'systems', query], queryFn: () => calls.systems(query), placeholderData: (previous) => previous });

  const sortOrder = (key: string) => (paging.sort === key ? (paging.order === 'desc' ? 'descend' : 'ascend') : null);
  const columns: TableProps<SystemListRow>['columns'] = [
    { key: 'ems_status', dataIndex: 'ems_status', title: t('list.status'), sorter: true, sortOrder: sortOrder('ems_status'), render: (s: string | null) => <StatusTag status={s} />, width: 120 },
    { key: 'sys_sn', dataIndex: 'sys_sn', title: t('list.sn'), sorter: true, sortOrder: sortOrder('sys_sn'), render: (sn: string) => <strong>{sn}</strong> },
    { key: 'sys_name', dataIndex: 'sys_name', title: t('list.name'), sorter: true, sortOrder: sortOrder('sys_name'), ellipsis: true },
    { key: 'country_code', dataIndex: 'country_code', title: t('list.country'), sorter: true, sortOrder: sortOrder('country_code'), render: (code: string, row) => `${countryName(code, i18n.language)} · ${row.city}`, responsive: ['md'] },
    { key: 'installer', dataIndex: 'installer', title: t('list.installer'), sorter: true, sortOrder: sortOrder('installer'), ellipsis: true, responsive: ['lg'] },
    { key: 'popv', dataIndex: 'popv', title: t('list.popv'), sorter: true, sortOrder: sortOrder('popv'), align: 'right', render: (v: number) => format.number(v), responsive: ['sm'] },
    { key: 'cobat', dataIndex: 'cobat', title: t('list.cobat'), sorter: true, sortOrder: sortOrder('cobat'), align: 'right', render: (v: number) => format.number(v), responsive: ['sm'] },
    { key: 'last_seen_at', dataIndex: 'last_seen_at', title: t('list.lastSeen'), sorter: true, sortOrder: sortOrder('last_seen_at'), render: (v: string | null) => format.dateTime(v), responsive: ['lg'] },
  ];

  return (
    <Table<SystemListRow>
      className="storage-table"
      rowKey="sys_sn"
      size="middle"
      loading={isFetching}
      columns={columns}
      dataSource={data?.data ?? []}
      scroll={{ x: 'max-content' }}
      onRow={(row) => ({ onClick: () => onOpen(row.sys_sn) })}
      pagination={{
        current: paging.pageIndex,
        pageSize: paging.pageSize,
        total: data?.dataCount ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [...PAGE_SIZES],
        showTotal: (total) => t('list.count', { count: total }),
      }}
      onChange={(pagination, _filters, sorter) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        const order = one?.order === 'descend' ? 'desc' : one?.order === 'ascend' ? 'asc' : undefined;
        onPaging({
          pageIndex: pagination.current ?? 1,
          pageSize: pagination.pageSize ?? paging.pageSize,
          ...(order ? { sort: String(one!.columnKey), order } : {}),
        });
      }}
    />
  );
}
