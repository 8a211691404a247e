import { useQuery } from '@tanstack/react-query';
import { Card, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calls } from '../../monitoring/calls';
import type { UserLogEntry } from '../../monitoring/types';

/** Who changed what on a system, newest first, paged. */
export function UserLogTable({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const { data, isFetching } = useQuery({
    queryKey: ['monitoring', 'userLog', sn, page.current, page.pageSize],
    queryFn: () => calls.userLog(sn, page.current, page.pageSize),
    placeholderData: (previous) => previous,
  });
  return (
    <Card>
      <Table<UserLogEntry>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ ...page, total: data?.dataCount ?? 0, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
        columns={[
          { key: 'created_at', dataIndex: 'created_at', title: t('log.time'), render: (v: string) => dayjs(v).format('L LT') },
          { key: 'username', dataIndex: 'username', title: t('log.user') },
          { key: 'action', dataIndex: 'action', title: t('log.action'), render: (a: string) => t(`log.actions.${a}`, { defaultValue: a }) },
          {
            key: 'detail',
            dataIndex: 'detail',
            title: t('log.detail'),
            render: (d: UserLogEntry['detail']) =>
              d ? <Typography.Text type="secondary">{Object.entries(d).map(([k, v]) => `${k}: ${String(v)}`).join(', ')}</Typography.Text> : null,
          },
        ]}
      />
    </Card>
  );
}
