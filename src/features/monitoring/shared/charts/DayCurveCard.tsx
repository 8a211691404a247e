import { ChartPlaceholder, Line } from './LazyChart';
import { useQuery } from '@tanstack/react-query';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, DatePicker, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { statsCalls } from '../../../../../contract/monitoring-calls';
import { monitoringApi, monitoringKeys } from '../../api';
import { useFormat } from '../../../../i18n/format';
import type { CurvePoint } from '../../../../../contract/monitoring';
import { ExportButton } from './ExportButton';
import { SERIES_COLORS } from './series';
import { LEGEND_HEIGHT, legendColors, SeriesLegend, useHiddenSeries } from './SeriesLegend';

/** The chart's height, also its placeholder's while loading or empty (nothing jumps when it arrives). */
const CHART_HEIGHT = 300;

const SERIES = ['pv', 'load', 'battery', 'grid'] as const;
/**
 * The order the lines are drawn in, last on top. At night the load is all drawn from the grid, so the two lines
 * coincide: the grid line is drawn first and wider, the load line last and narrower, so both stay visible.
 */
const DRAW_ORDER = ['grid', 'battery', 'pv', 'load'] as const;
const LINE_WIDTH: Record<(typeof SERIES)[number], number> = { grid: 5, battery: 2, pv: 2, load: 2 };
const MINUTES_A_DAY = 24 * 60;

/** 'HH:mm' of the system's local day → minutes since midnight: the axis is the whole day, even one under way. */
function minuteOfDay(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** The day curve (spec §2 dashboard): PV, load, battery and grid power of a local day, in kW. */
export function DayCurveCard({ sn, today }: { sn: string; today: string }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  /** A minute of the local day as a clock time in the language's convention (the axis is already local: read in UTC). */
  const clockLabel = (minute: number) => format.time(minute * 60_000, { timeZone: 'UTC' });
  const [day, setDay] = useState<Dayjs | null>(null);
  const shown = day ?? dayjs(today);
  const date = shown.format('YYYY-MM-DD');
  // `today` is the system's local day (its time zone): no day after it has data.
  const isToday = !shown.isBefore(dayjs(today), 'day');
  const step = (days: number) => setDay(shown.add(days, 'day'));
  const { data, isLoading } = useQuery({ queryKey: monitoringKeys.dayCurve(sn, date), queryFn: () => monitoringApi.dayCurve(sn, date) });
  const [hidden, toggleSeries] = useHiddenSeries();
  const legend = SERIES.map((key) => ({ key, label: t(`series.${key}`), color: SERIES_COLORS[key] }));

  const rows = useMemo(() => {
    // Each series' name translated once, not once per point (a day is 288 points × 4 series).
    const names = new Map(DRAW_ORDER.map((key) => [key, t(`series.${key}`)]));
    const shown = DRAW_ORDER.filter((key) => !hidden.has(key));
    return (data?.points ?? []).flatMap((p: CurvePoint) =>
      shown.map((key) => ({
        key,
        minute: minuteOfDay(p.time),
        series: names.get(key)!,
        value: Math.round((p[`${key}_w`] / 1000) * 100) / 100,
      })),
    );
  }, [data, hidden, t]);

  return (
    <Card
      title={t('day.title')}
      extra={
        <Space wrap>
          <Space.Compact>
            <Button
              icon={<LeftOutlined />}
              aria-label={t('day.previous')}
              title={t('day.previous')}
              onClick={() => step(-1)}
              data-testid="day-previous"
            />
            <DatePicker
              allowClear={false}
              value={shown}
              onChange={setDay}
              disabledDate={(d) => d.isAfter(dayjs(today), 'day')}
              aria-label={t('day.date')}
              // Shown as the language writes a date (24.11.2026, 2026年11月24日); typed as that or as 2026-11-24.
              format={[(d: Dayjs) => format.date(d.format('YYYY-MM-DD')), 'L', 'YYYY-MM-DD']}
              // Between the arrows on a phone the field would cut the date short ('2026-11-2', '2026年11月2').
              style={{ minWidth: 150 }}
            />
            <Button
              icon={<RightOutlined />}
              aria-label={t('day.next')}
              title={t('day.next')}
              onClick={() => step(1)}
              disabled={isToday}
              data-testid="day-next"
            />
          </Space.Compact>
          <ExportButton endpoint={statsCalls.exportDay} body={{ sn, date }} label={t('export.day')} />
        </Space>
      }
    >
      <Spin spinning={isLoading}>
        {rows.length ? (
          <>
            <SeriesLegend series={legend} hidden={hidden} onToggle={toggleSeries} />
            <Line
              data={rows}
              xField="minute"
              yField="value"
              colorField="series"
              height={CHART_HEIGHT - LEGEND_HEIGHT}
              autoFit
              shapeField="smooth"
              // The day's last label ('12:00 AM') is centred on the plot's right edge: room for its second half.
              paddingRight={28}
              // Per line: its points carry their series key (see DRAW_ORDER).
              style={{ lineWidth: (points: Array<{ key: (typeof SERIES)[number] }>) => LINE_WIDTH[points[0]?.key ?? 'pv'] }}
              scale={{
                x: { type: 'linear', domain: [0, MINUTES_A_DAY], nice: false },
                color: legendColors(legend),
              }}
              axis={{
                x: {
                  title: false,
                  tickMethod: () => [0, 180, 360, 540, 720, 900, 1080, 1260, 1440],
                  labelFormatter: clockLabel,
                  labelAutoRotate: false,
                },
                y: { title: t('unit.kw'), labelFormatter: (v: number) => format.number(v, { digits: 2, trim: true }) },
              }}
              legend={false}
              tooltip={{
                title: (row: { minute: number }) => clockLabel(row.minute),
                items: [{ channel: 'y', valueFormatter: (v: number) => format.kilowatts(v) }],
              }}
            />
          </>
        ) : (
          <ChartPlaceholder height={CHART_HEIGHT} loading={isLoading} empty={t('day.noData')} />
        )}
      </Spin>
    </Card>
  );
}
