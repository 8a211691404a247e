import { Card, Descriptions, List, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemSnapshot } from '../../../contract/complaint-snapshot';
import { useFormat } from '../../i18n/format';
import { wholeHourTicks } from '../monitoring/shared/charts/hourTicks';
import { Line } from '../monitoring/shared/charts/LazyChart';
import { SERIES_COLORS } from '../monitoring/shared/charts/series';
import { LEGEND_HEIGHT, legendColors, SeriesLegend, useHiddenSeries, type LegendSeries } from '../monitoring/shared/charts/SeriesLegend';
import { ComponentKindTag } from '../monitoring/shared/components/ComponentsList';
import { useFaultText } from '../monitoring/shared/faultText';
import { StatusTag } from '../monitoring/shared/status';

/** The 24 h chart with its legend. */
const CHART_HEIGHT = 160;

/**
 * The system as it was when the complaint was filed: model, status, components with their
 * firmware, the last faults and the 24 h of power before it, beside the complaint's text.
 */
export function SnapshotCard({ snapshot, padding }: { snapshot: SystemSnapshot; padding: { body: { padding: number } } }) {
  const { t } = useTranslation();
  const format = useFormat();
  const faultText = useFaultText();
  const [hidden, toggleSeries] = useHiddenSeries();
  const { legend, rows: power } = usePowerRows(snapshot);
  const first = power[0]?.at ?? 0;
  const last = power.at(-1)?.at ?? 0;
  return (
    <Card title={t('complaints:snapshot.title')} styles={padding} data-testid="complaint-snapshot">
      <Typography.Paragraph type="secondary">
        {t('complaints:snapshot.takenAt', { at: format.dateTime(snapshot.taken_at) })}
      </Typography.Paragraph>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'model', label: t('complaints:snapshot.model'), children: snapshot.model || '–' },
          { key: 'battery', label: t('complaints:snapshot.batteryModel'), children: snapshot.battery_model || '–' },
          { key: 'status', label: t('complaints:snapshot.status'), children: <StatusTag status={snapshot.ems_status} /> },
          {
            key: 'seen',
            label: t('complaints:snapshot.lastSeen'),
            children: snapshot.last_seen_at ? format.dateTime(snapshot.last_seen_at) : '–',
          },
        ]}
      />
      {snapshot.components.length > 0 && (
        <>
          <Typography.Title level={5}>{t('complaints:snapshot.components')}</Typography.Title>
          <List
            size="small"
            dataSource={snapshot.components}
            renderItem={(c) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Space size={4} wrap>
                      <ComponentKindTag kind={c.kind} />
                      {c.model}
                    </Space>
                  }
                  description={t('complaints:snapshot.firmware', { sn: c.sn, version: c.firmware_version })}
                />
              </List.Item>
            )}
          />
        </>
      )}
      <Typography.Title level={5}>{t('complaints:snapshot.faults')}</Typography.Title>
      {snapshot.faults.length === 0 ? (
        <Typography.Text type="secondary">{t('complaints:snapshot.noFaults')}</Typography.Text>
      ) : (
        <List
          size="small"
          dataSource={snapshot.faults}
          renderItem={(f) => (
            <List.Item>
              <List.Item.Meta title={faultText(f)} description={`${f.code} · ${format.dateTime(f.started_at)}`} />
            </List.Item>
          )}
        />
      )}
      {power.length > 0 && (
        <>
          <Typography.Title level={5}>{t('complaints:snapshot.power')}</Typography.Title>
          <SeriesLegend series={legend} hidden={hidden} onToggle={toggleSeries} />
          <Line
            data={power.filter((row) => !hidden.has(row.key))}
            xField="at"
            yField="kw"
            colorField="series"
            height={CHART_HEIGHT - LEGEND_HEIGHT}
            autoFit
            // The last label is centred on the plot's right edge: room for its second half.
            paddingRight={28}
            // A time axis, not one label per point: its ticks are whole hours.
            scale={{ x: { type: 'linear', domain: [first, last], nice: false }, color: legendColors(legend) }}
            axis={{
              x: {
                title: false,
                tickMethod: () => wholeHourTicks(first, last),
                labelFormatter: (at: number) => format.time(at),
                labelAutoRotate: false,
              },
              y: { title: t('monitoring:unit.kw') },
            }}
            legend={false}
            tooltip={{
              title: (row: { at: number }) => format.dateTime(row.at),
              items: [{ channel: 'y', valueFormatter: (v: number) => format.kilowatts(v) }],
            }}
          />
        </>
      )}
    </Card>
  );
}

/**
 * PV and consumption of the snapshot's 24 h in kW, one row per point and series (the chart's long format), and
 * their legend in the colours every monitoring chart gives them.
 */
function usePowerRows(snapshot: SystemSnapshot) {
  const { t } = useTranslation();
  return useMemo(() => {
    const legend: LegendSeries[] = (['pv', 'load'] as const).map((key) => ({
      key,
      label: t(`monitoring:series.${key}`),
      color: SERIES_COLORS[key],
    }));
    const [pv, load] = legend.map((entry) => entry.label);
    const rows = snapshot.power.flatMap((p) => {
      const at = Date.parse(p.ts);
      return [
        { at, key: 'pv', series: pv, kw: Math.round(p.pv_w / 10) / 100 },
        { at, key: 'load', series: load, kw: Math.round(p.load_w / 10) / 100 },
      ];
    });
    return { legend, rows };
  }, [snapshot, t]);
}
