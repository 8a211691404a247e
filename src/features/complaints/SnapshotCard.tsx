import { Card, Descriptions, List, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SystemSnapshot } from '../../../contract/complaint-snapshot';
import { useFormat } from '../../i18n/format';
import { Line } from '../monitoring/shared/charts/LazyChart';
import { ComponentKindTag } from '../monitoring/shared/components/ComponentsList';
import { useFaultText } from '../monitoring/shared/faultText';
import { StatusTag } from '../monitoring/shared/status';

const CHART_HEIGHT = 160;

/**
 * The system as it was when the complaint was filed (issue 13 point 6): model, status, components with their
 * firmware, the last faults and the 24 h of power before it, beside the complaint's text.
 */
export function SnapshotCard({ snapshot, padding }: { snapshot: SystemSnapshot; padding: { body: { padding: number } } }) {
  const { t } = useTranslation();
  const format = useFormat();
  const faultText = useFaultText();
  const power = usePowerRows(snapshot);
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
          <Line
            data={power}
            xField="ts"
            yField="kw"
            colorField="series"
            height={CHART_HEIGHT}
            autoFit
            axis={{ x: { labelFormatter: (ts: string) => format.time(ts), labelAutoRotate: false }, y: { title: 'kW' } }}
            legend={{ color: { position: 'top' } }}
            tooltip={{
              title: (row: { ts: string }) => format.dateTime(row.ts),
              items: [{ channel: 'y', valueFormatter: (v: number) => format.kilowatts(v) }],
            }}
          />
        </>
      )}
    </Card>
  );
}

/** PV and consumption of the snapshot's 24 h in kW, one row per point and series (the chart's long format). */
function usePowerRows(snapshot: SystemSnapshot) {
  const { t } = useTranslation();
  return useMemo(() => {
    const pv = t('monitoring:series.pv');
    const load = t('monitoring:series.load');
    return snapshot.power.flatMap((p) => [
      { ts: p.ts, series: pv, kw: Math.round(p.pv_w / 10) / 100 },
      { ts: p.ts, series: load, kw: Math.round(p.load_w / 10) / 100 },
    ]);
  }, [snapshot, t]);
}
