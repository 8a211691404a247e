import { Line } from '@ant-design/charts';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calls, EXPORTS } from '../calls';
import { useFormat } from '../../i18n/format';
import type { CurvePoint } from '../../shared/monitoring';
import { ExportButton } from './ExportButton';
import { SERIES_COLORS } from './series';

const SERIES = ['pv', 'load', 'battery', 'grid'] as const;
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
  const date = (day ?? dayjs(today)).format('YYYY-MM-DD');
  const { data, isLoading } = useQuery({ queryKey: ['monitoring', 'day', sn, date], queryFn: () => calls.dayCurve(sn, date) });

  const rows = useMemo(
    () =>
      (data?.points ?? []).flatMap((p: CurvePoint) =>
        SERIES.map((key) => ({ minute: minuteOfDay(p.time), series: t(`series.${key}`), value: Math.round((p[`${key}_w`] / 1000) * 100) / 100 })),
      ),
    [data, t],
  );

  return (
    <Card
      title={t('day.title')}
      extra={
        <Space wrap>
          <DatePicker
            allowClear={false}
            value={day ?? dayjs(today)}
            onChange={setDay}
            disabledDate={(d) => d.isAfter(dayjs(today), 'day')}
            aria-label={t('day.date')}
          />
          <ExportButton path={EXPORTS.day} body={{ sn, date }} label={t('export.day')} />
        </Space>
      }
    >
      <Spin spinning={isLoading}>
        {rows.length ? (
          <Line
            data={rows}
            xField="minute"
            yField="value"
            colorField="series"
            height={300}
            autoFit
            shapeField="smooth"
            style={{ lineWidth: 2 }}
            scale={{
              x: { type: 'linear', domain: [0, MINUTES_A_DAY], nice: false },
              color: { domain: SERIES.map((k) => t(`series.${k}`)), range: SERIES.map((k) => SERIES_COLORS[k]) },
            }}
            axis={{
              x: { title: false, tickMethod: () => [0, 180, 360, 540, 720, 900, 1080, 1260, 1440], labelFormatter: clockLabel, labelAutoRotate: false },
              y: { title: t('unit.kw'), labelFormatter: (v: number) => format.number(v, { digits: 2, trim: true }) },
            }}
            legend={{ color: { position: 'top', layout: { justifyContent: 'center' } } }}
            tooltip={{ title: (row: { minute: number }) => clockLabel(row.minute), items: [{ channel: 'y', valueFormatter: (v: number) => format.kilowatts(v) }] }}
          />
        ) : (
          <Empty style={{ padding: 60 }} description={isLoading ? t('loading') : t('day.noData')} />
        )}
      </Spin>
    </Card>
  );
}
