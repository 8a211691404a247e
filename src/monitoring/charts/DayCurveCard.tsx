import { Line } from '@ant-design/charts';
import { useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Empty, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calls, EXPORTS } from '../calls';
import type { CurvePoint } from '../../shared/monitoring';
import { ExportButton } from './ExportButton';
import { SERIES_COLORS } from './series';

const SERIES = ['pv', 'load', 'battery', 'grid'] as const;

/** The day curve (spec §2 dashboard): PV, load, battery and grid power of a local day, in kW. */
export function DayCurveCard({ sn, today }: { sn: string; today: string }) {
  const { t } = useTranslation('monitoring');
  const [day, setDay] = useState<Dayjs | null>(null);
  const date = (day ?? dayjs(today)).format('YYYY-MM-DD');
  const { data, isLoading } = useQuery({ queryKey: ['monitoring', 'day', sn, date], queryFn: () => calls.dayCurve(sn, date) });

  const rows = useMemo(
    () =>
      (data?.points ?? []).flatMap((p: CurvePoint) =>
        SERIES.map((key) => ({ time: p.time, series: t(`series.${key}`), value: Math.round((p[`${key}_w`] / 1000) * 100) / 100 })),
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
            xField="time"
            yField="value"
            colorField="series"
            height={300}
            autoFit
            shapeField="smooth"
            style={{ lineWidth: 2 }}
            scale={{ color: { domain: SERIES.map((k) => t(`series.${k}`)), range: SERIES.map((k) => SERIES_COLORS[k]) } }}
            axis={{
              x: { title: false, tickFilter: (_: unknown, i: number) => i % 24 === 0, labelAutoRotate: false },
              y: { title: t('unit.kw'), labelFormatter: (v: number) => `${v}` },
            }}
            legend={{ color: { position: 'top', layout: { justifyContent: 'center' } } }}
            tooltip={{ channel: 'y', valueFormatter: (v: number) => `${v} kW` }}
          />
        ) : (
          <Empty style={{ padding: 60 }} description={isLoading ? t('loading') : t('day.noData')} />
        )}
      </Spin>
    </Card>
  );
}
