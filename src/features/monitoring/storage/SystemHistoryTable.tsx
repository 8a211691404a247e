import { useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType, type TableProps } from 'antd';
import { useState } from 'react';
import type { Page } from '../../../../contract/codes';
import { monitoringKeys } from '../api';

interface Props<T> {
  sn: string;
  /** Which history: names its cache entry (monitoringKeys, with the S/N and the page). */
  kind: 'faults' | 'userLog';
  fetchPage: (sn: string, pageIndex: number, pageSize: number) => Promise<Page<T>>;
  columns: TableColumnsType<T>;
  /** Details a row opens to (a fault's cause and remedy). */
  expandable?: TableProps<T>['expandable'];
}

/** A server-paged history of one system (faults, user log), newest first; keeps the old page while the next loads. */
export function SystemHistoryTable<T extends { id: number }>({ sn, kind, fetchPage, columns, expandable }: Props<T>) {
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const { data, isFetching } = useQuery({
    queryKey: monitoringKeys[kind](sn, page.current, page.pageSize),
    queryFn: () => fetchPage(sn, page.current, page.pageSize),
    placeholderData: (previous) => previous,
  });
  return (
    <Card>
      <Table<T>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ ...page, total: data?.dataCount ?? 0, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
        columns={columns}
        expandable={expandable}
      />
    </Card>
  );
}
