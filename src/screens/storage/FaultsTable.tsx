import { useQuery } from '@tanstack/react-query';
import { Card, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calls } from '../../monitoring/calls';
import { useFaultText } from '../../monitoring/faultText';
import { FaultLevel } from '../../monitoring/panels/FaultsCard';
import type { Fault } from '../../monitoring/types';

/** Every fault of a system, newest first, paged. */
export function FaultsTable({ sn }: { sn: string }) {
  const { t } = useTranslation('monitoring');
  const faultText = useFaultText();
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const { data, isFetching } = useQuery({
    queryKey: ['monitoring', 'faults', sn, page.current, page.pageSize],
    queryFn: () => calls.faults(sn, page.current, page.pageSize),
    placeholderData: (previous) => previous,
  });
  return (
    <Card>
      <Table<Fault>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{ ...page, total: data?.dataCount ?? 0, onChange: (current, pageSize) => setPage({ current, pageSize }) }}
        columns={[
          { key: 'level', dataIndex: 'level', title: t('faults.level'), render: (level: Fault['level']) => <FaultLevel level={level} /> },
          { key: 'code', dataIndex: 'code', title: t('faults.code'), render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
          { key: 'description', dataIndex: 'description', title: t('faults.description'), render: (_: string, f: Fault) => faultText(f) },
          { key: 'started_at', dataIndex: 'started_at', title: t('faults.started'), render: (v: string) => dayjs(v).format('L LT') },
          {
            key: 'ended_at',
            dataIndex: 'ended_at',
            title: t('faults.ended'),
            render: (v: string | null) => (v ? dayjs(v).format('L LT') : <Tag color="red">{t('faults.active')}</Tag>),
          },
        ]}
      />
    </Card>
  );
}
