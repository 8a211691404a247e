import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import type { IncomeBar, IncomeBars, Period } from '../../../../../contract/monitoring';
import { ResponsiveTable, type ResponsiveColumn } from '../../../../ui/ResponsiveTable';
import { periodLabel } from './periodLabel';

/** The income bars as a table, and the period's total under it (the same sum the export's last row holds; shown on a phone too). */
export function IncomeTable({ data, period }: { data: IncomeBars; period: Period }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const money = (v: number) => format.money(v, data.currency);
  const sum = (key: 'savings' | 'feed_in') => data.bars.reduce((acc, b) => acc + Math.round(b[key] * 100), 0) / 100;
  const columns: Array<ResponsiveColumn<IncomeBar>> = [
    {
      key: 'period',
      dataIndex: 'label',
      title: t('income.period'),
      card: 'title',
      render: (label: string) => periodLabel(label, period, format),
    },
    { key: 'savings', dataIndex: 'savings', title: t('income.savings'), align: 'right', render: money },
    { key: 'feedIn', dataIndex: 'feed_in', title: t('income.feedIn'), align: 'right', render: money },
    { key: 'income', dataIndex: 'income', title: t('income.income'), align: 'right', render: money },
  ];
  return (
    <>
      <ResponsiveTable<IncomeBar>
        tableId="incomeBars"
        size="small"
        rowKey="label"
        dataSource={data.bars}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('bars.noData') }}
      />
      {data.bars.length ? (
        <Typography.Paragraph strong className="monitor-income-total">
          {t('income.tableTotal', { total: money(data.total), savings: money(sum('savings')), feedIn: money(sum('feed_in')) })}
        </Typography.Paragraph>
      ) : null}
    </>
  );
}
