import { useQuery } from '@tanstack/react-query';
import { Card, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { Page } from '../../../../contract/codes';

interface Props<T> {
  sn: string;
  /** Names the cache entry (with the S/N and the page). */
  kind: string;
  fetchPage: (sn: string, pageIndex: number, pageSize: number) => Promise<Page<T>>;
  columns: TableColumnsType<T>;
}

/** A server-paged history of one system (faults, user log), newest first; keeps the old page while the next loads. */
export function SystemHistoryTable<T extends { id: number }>({ sn, kind, fetchPage, columns }: Props<T>) {
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const { data, isFetching } = useQuery({
    queryKey: ['monitoring', kind, sn, page.current, page.pageSize],
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
      />
    </Card>
  );
}
