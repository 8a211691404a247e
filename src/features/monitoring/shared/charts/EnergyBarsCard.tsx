import { ChartPlaceholder, Column } from './LazyChart';
import { useQuery } from '@tanstack/react-query';
import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Card, Col, Row, Segmented, Space, Spin, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statsCalls } from '../../../../../contract/monitoring-calls';
import { monitoringApi, monitoringKeys } from '../../api';
import { useFormat } from '../../../../i18n/format';
import type { Period } from '../../../../../contract/monitoring';
import { ExportButton } from './ExportButton';
import { periodLabel, periodRange } from './periodLabel';
import { PeriodPicker } from './PeriodPicker';
import { SERIES_COLORS } from './series';
import { LEGEND_HEIGHT, legendColors, SeriesLegend, useHiddenSeries } from './SeriesLegend';
import { LifetimeTable } from './LifetimeTable';
import { StatisticsTable } from './StatisticsTable';

/** The chart's height, also its placeholder's while loading or empty (nothing jumps when it arrives). */
const CHART_HEIGHT = 280;

const SERIES = [
  ['pv', 'pv_kwh'],
  ['load', 'load_kwh'],
  ['import', 'import_kwh'],
  ['export', 'export_kwh'],
] as const;

/**
 * Month / year / lifetime energy bars from the daily rollups, with the period's totals and rates; a month
 * or a year can also be read as the table of days its statistics export holds.
 */
export function EnergyBarsCard({ sn, today }: { sn: string; today: string }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const [period, setPeriod] = useState<Period>('month');
  const [date, setDate] = useState(dayjs(today));
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const day = date.format('YYYY-MM-DD');
  const { data, isLoading } = useQuery({
    queryKey: monitoringKeys.periodBars(sn, period, day),
    queryFn: () => monitoringApi.periodBars(sn, period, day),
  });

  const [hidden, toggleSeries] = useHiddenSeries();
  const legend = SERIES.map(([key]) => ({ key, label: t(`series.${key}`), color: SERIES_COLORS[key] }));

  const rows = useMemo(() => {
    // Labels and series names computed once per bar and per series, not once per drawn column.
    const names = SERIES.filter(([key]) => !hidden.has(key)).map(([key, field]) => [t(`series.${key}`), field] as const);
    return (data?.bars ?? []).flatMap((bar) => {
      const label = periodLabel(bar.label, period, format);
      return names.map(([series, field]) => ({ label, series, value: bar[field] }));
    });
  }, [data, hidden, period, t, format]);
  const range = periodRange(period, day);
  const totals = data?.totals;

  return (
    <Card
      title={t('bars.title')}
      extra={
        <Space wrap>
          <PeriodPicker
            period={period}
            date={date}
            today={today}
            onChange={(p, d) => {
              setPeriod(p);
              setDate(d);
            }}
          />
          {/* The lifetime view keeps the toggle: its table is one row per year. */}
          <Segmented<'chart' | 'table'>
            value={view}
            onChange={setView}
            options={[
              { value: 'chart', icon: <BarChartOutlined />, title: t('bars.chart') },
              { value: 'table', icon: <TableOutlined />, title: t('bars.table') },
            ]}
            aria-label={t('bars.view')}
          />
          {/* A month or a year exports its days; the lifetime its table of years and their total. */}
          {range ? (
            <ExportButton endpoint={statsCalls.exportStatistics} body={{ sn, ...range }} label={t('export.statistics')} background />
          ) : (
            <ExportButton endpoint={statsCalls.exportLifetime} body={{ sn }} label={t('export.lifetime')} background />
          )}
        </Space>
      }
    >
      {view === 'table' && range ? (
        <StatisticsTable sn={sn} beginDate={range.beginDate} endDate={range.endDate} />
      ) : view === 'table' ? (
        <LifetimeTable bars={data?.bars ?? []} />
      ) : (
        <Spin spinning={isLoading}>
          {rows.length ? (
            <>
              <SeriesLegend series={legend} hidden={hidden} onToggle={toggleSeries} />
              <Column
                data={rows}
                xField="label"
                yField="value"
                colorField="series"
                group
                height={CHART_HEIGHT - LEGEND_HEIGHT}
                autoFit
                scale={{ color: legendColors(legend) }}
                axis={{
                  x: { title: false },
                  y: { title: t('unit.kwh'), labelFormatter: (v: number) => format.number(v, { digits: 1, trim: true }) },
                }}
                legend={false}
                tooltip={{ channel: 'y', valueFormatter: (v: number) => format.energy(v, { digits: 1 }) }}
                style={{ radiusTopLeft: 3, radiusTopRight: 3 }}
              />
            </>
          ) : (
            <ChartPlaceholder height={CHART_HEIGHT} loading={isLoading} empty={t('bars.noData')} />
          )}
        </Spin>
      )}
      {totals ? (
        <Row gutter={[16, 12]} className="monitor-totals">
          {SERIES.map(([key, field]) => (
            <Col xs={12} md={4} key={key}>
              <Statistic title={t(`series.${key}`)} value={format.number(totals[field], 1)} suffix="kWh" />
            </Col>
          ))}
          <Col xs={12} md={4}>
            <Statistic title={t('rates.selfConsumption')} value={format.percent(totals.self_consumption_rate)} />
          </Col>
          <Col xs={12} md={4}>
            <Statistic title={t('rates.autarky')} value={format.percent(totals.autarky_rate)} />
          </Col>
        </Row>
      ) : null}
    </Card>
  );
}
