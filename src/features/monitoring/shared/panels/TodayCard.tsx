import { Card, Col, Progress, Row, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERIES_COLORS } from '../charts/series';
import { useFormat } from '../../../../i18n/format';
import type { Summary } from '../../../../../contract/monitoring';
import { ENERGY_SERIES } from '../../../../../contract/monitoring-constants';

/** The size of a rate's gauge, and of its stand-in while the rate is on its way. */
const GAUGE_SIZE = 96;

/** A rate's gauge and label; `value` undefined while the day's figures are on their way (a stand-in of its size). */
function Rate({ label, value, color }: { label: string; value: number | null | undefined; color: string }) {
  const format = useFormat();
  return (
    <div className="monitor-rate">
      {value === undefined ? (
        <Skeleton.Avatar active shape="circle" size={GAUGE_SIZE} />
      ) : (
        <Progress
          type="dashboard"
          size={GAUGE_SIZE}
          percent={value ?? 0}
          strokeColor={color}
          format={() => format.percent(value)}
          aria-label={label}
        />
      )}
      <Typography.Text type="secondary">{label}</Typography.Text>
    </div>
  );
}

/**
 * Today's energy, self-consumption and autarky rates. Drawn at once with its labels, the figures standing in
 * while the day's summary is on its way (`summary` undefined): the card's words are on screen with the page's
 * first render, and the figures fill in without moving them.
 */
export function TodayCard({ summary }: { summary?: Summary }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const today = summary?.today;
  // The series in ENERGY_SERIES order, as the page's frame draws them before the app (src/boot/frame.ts).
  const figures = ENERGY_SERIES.map(([key, field]) => [key, today?.[field]] as const);
  return (
    <Card title={t('today.title')} className="monitor-today">
      <Row gutter={[12, 12]}>
        {figures.map(([key, value]) => (
          <Col span={12} key={key}>
            <Statistic
              title={
                <span className="monitor-series">
                  <span className="monitor-series__dot" style={{ background: SERIES_COLORS[key] }} />
                  {t(`series.${key}`)}
                </span>
              }
              value={format.number(value, 1)}
              // The stand-in sits in the value's line (antd's `loading` draws a taller block, and the gauges below moved).
              valueRender={(figure) => (today ? figure : <Skeleton.Input active size="small" style={{ width: 88, minWidth: 0 }} />)}
              suffix={today ? 'kWh' : undefined}
              valueStyle={{ fontSize: 20 }}
            />
          </Col>
        ))}
      </Row>
      <div className="monitor-rates">
        <Rate label={t('rates.selfConsumptionToday')} value={today?.self_consumption_rate} color={SERIES_COLORS.pv} />
        <Rate label={t('rates.autarkyToday')} value={today?.autarky_rate} color={SERIES_COLORS.load} />
      </div>
    </Card>
  );
}
