import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import type { PeriodBar } from '../../../../../contract/monitoring';
import { ENERGY_SERIES } from '../../../../../contract/monitoring-constants';
import { ResponsiveTable, type ResponsiveColumn } from '../../../../ui/ResponsiveTable';

/**
 * The lifetime view as a table: one row per year, the figures of the lifetime bars (the daily statistics of
 * a whole life would be thousands of rows; a month or a year reads them in StatisticsTable).
 */
export function LifetimeTable({ bars }: { bars: readonly PeriodBar[] }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const columns: Array<ResponsiveColumn<PeriodBar>> = [
    { key: 'year', dataIndex: 'label', title: t('period.year'), card: 'title' },
    ...ENERGY_SERIES.map(([key, field]) => ({
      key,
      dataIndex: field,
      title: `${t(`series.${key}`)} (kWh)`,
      align: 'right' as const,
      render: (v: number) => format.number(v, 1),
    })),
  ];
  return (
    <ResponsiveTable<PeriodBar>
      tableId="lifetimeYears"
      size="small"
      rowKey="label"
      dataSource={[...bars]}
      columns={columns}
      pagination={false}
      locale={{ emptyText: t('bars.noData') }}
    />
  );
}
