import { useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { monitoringApi, monitoringKeys } from '../../api';
import { useFormat } from '../../../../i18n/format';
import type { DailyStatisticRow } from '../../../../../contract/monitoring';
import { ALL_SN, ENERGY_SERIES } from '../../../../../contract/monitoring-constants';

/**
 * The daily statistics of a period as a table (/Statistic/SystemStatistic): the rows its Excel export holds,
 * to read on screen. 'All' has one row per system and day, so it shows the S/N too.
 */
export function StatisticsTable({ sn, beginDate, endDate }: { sn: string; beginDate: string; endDate: string }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const { data, isLoading } = useQuery({
    queryKey: monitoringKeys.statistics(sn, beginDate, endDate),
    queryFn: () => monitoringApi.statistics(sn, beginDate, endDate),
  });
  const kwh = (v: number) => format.number(v, 1);
  const percent = (v: number | null) => format.percent(v);
  const columns: TableColumnsType<DailyStatisticRow> = [
    { key: 'day', dataIndex: 'day', title: t('day.date'), render: (day: string) => format.date(day), fixed: 'left' },
    ...(sn === ALL_SN ? [{ key: 'sys_sn', dataIndex: 'sys_sn', title: t('list.sn') }] : []),
    ...ENERGY_SERIES.map(([key, field]) => ({
      key,
      dataIndex: field,
      title: `${t(`series.${key}`)} (kWh)`,
      align: 'right' as const,
      render: kwh,
    })),
    { key: 'self', dataIndex: 'self_consumption_rate', title: t('rates.selfConsumption'), align: 'right', render: percent },
    { key: 'autarky', dataIndex: 'autarky_rate', title: t('rates.autarky'), align: 'right', render: percent },
  ];
  return (
    <Table<DailyStatisticRow>
      size="small"
      rowKey={(row) => `${row.day}-${row.sys_sn}`}
      loading={isLoading}
      dataSource={data ?? []}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 31, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: t('bars.noData') }}
    />
  );
}
