import { ChartPlaceholder, Column } from './LazyChart';
import { useQuery } from '@tanstack/react-query';
import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Card, Col, Row, Segmented, Space, Spin, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { incomeCalls } from '../../../../../contract/monitoring-calls';
import { monitoringApi, monitoringKeys } from '../../api';
import { useFormat } from '../../../../i18n/format';
import type { Period } from '../../../../../contract/monitoring';
import { ALL_SN } from '../../../../../contract/monitoring-constants';
import { ExportButton } from './ExportButton';
import { periodLabel } from './periodLabel';
import { PeriodPicker } from './PeriodPicker';
import { IncomeHeadline } from './IncomeHeadline';
import { IncomeTable } from './IncomeTable';
import { SERIES_COLORS } from './series';
import { LEGEND_HEIGHT, legendColors, SeriesLegend, useHiddenSeries } from './SeriesLegend';

/** The chart's height, also its placeholder's while loading or empty (nothing jumps when it arrives). */
const CHART_HEIGHT = 240;

/**
 * Income (savings + feed-in) per period as a chart or a table, and the headline (IncomeHeadline): the income so far
 * and the payback, of one system or of all together. Every amount is a sum of day amounts (server/monitoring/income).
 */
export function IncomeCard({ sn, today, canEdit }: { sn: string; today: string; canEdit: boolean }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const money = (amount: number | null, currency: string) => format.money(amount, currency);
  const [period, setPeriod] = useState<Period>('year');
  const [date, setDate] = useState(dayjs(today));
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const day = date.format('YYYY-MM-DD');
  const single = sn !== ALL_SN;
  const bars = useQuery({ queryKey: monitoringKeys.incomeBars(sn, period, day), queryFn: () => monitoringApi.incomeBars(sn, period, day) });
  const payoff = useQuery({ queryKey: monitoringKeys.payoff(sn), queryFn: () => monitoringApi.payoff(sn) });
  const currency = payoff.data?.currency ?? bars.data?.currency ?? 'EUR';

  const [hidden, toggleSeries] = useHiddenSeries();
  const legend = [
    { key: 'savings', label: t('income.savings'), color: SERIES_COLORS.savings },
    { key: 'feedIn', label: t('income.feedIn'), color: SERIES_COLORS.feedIn },
  ];

  const rows = useMemo(
    () =>
      (bars.data?.bars ?? []).flatMap((bar) => {
        const label = periodLabel(bar.label, period, format);
        return [
          { key: 'savings', label, series: t('income.savings'), value: bar.savings },
          { key: 'feedIn', label, series: t('income.feedIn'), value: bar.feed_in },
        ].filter((row) => !hidden.has(row.key));
      }),
    [bars.data, hidden, period, t, format],
  );
  const p = payoff.data;

  return (
    <Card
      title={t('income.title')}
      extra={<ExportButton endpoint={incomeCalls.exportBars} body={{ sn, period, date: day }} label={t('export.income')} />}
    >
      {p ? (
        <IncomeHeadline sn={sn} payoff={p} single={single} canEdit={canEdit} />
      ) : (
        <Row className="monitor-payback">
          <Col>
            <Statistic title={t('income.periodTotal')} value={money(bars.data?.total ?? null, currency)} />
          </Col>
        </Row>
      )}
      <div className="monitor-toolbar">
        <Space wrap>
          <PeriodPicker
            period={period}
            date={date}
            today={today}
            onChange={(next, d) => {
              setPeriod(next);
              setDate(d);
            }}
          />
          <Segmented<'chart' | 'table'>
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', icon: <BarChartOutlined />, title: t('bars.chart') },
              { value: 'table', icon: <TableOutlined />, title: t('income.table') },
            ]}
            aria-label={t('bars.view')}
          />
        </Space>
      </div>
      <Spin spinning={bars.isLoading}>
        {view === 'table' && bars.data ? (
          <IncomeTable data={bars.data} period={period} />
        ) : rows.length ? (
          <>
            <SeriesLegend series={legend} hidden={hidden} onToggle={toggleSeries} />
            <Column
              data={rows}
              xField="label"
              yField="value"
              colorField="series"
              stack
              height={CHART_HEIGHT - LEGEND_HEIGHT}
              autoFit
              scale={{ color: legendColors(legend) }}
              axis={{
                x: { title: false },
                y: { title: currency, labelFormatter: (v: number) => format.number(v, { digits: 2, trim: true }) },
              }}
              legend={false}
              tooltip={{ channel: 'y', valueFormatter: (v: number) => money(v, currency) }}
            />
          </>
        ) : (
          <ChartPlaceholder height={CHART_HEIGHT} loading={bars.isLoading} empty={t('bars.noData')} />
        )}
      </Spin>
    </Card>
  );
}
