import { Card, Col, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SERIES_COLORS } from '../charts/series';
import { useFormat } from '../../../../i18n/format';
import type { Summary } from '../../../../../contract/monitoring';

function Rate({ label, value, color }: { label: string; value: number | null; color: string }) {
  const format = useFormat();
  return (
    <div className="monitor-rate">
      <Progress
        type="dashboard"
        size={96}
        percent={value ?? 0}
        strokeColor={color}
        format={() => format.percent(value)}
        aria-label={label}
      />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </div>
  );
}

/** Today's and lifetime energy, self-consumption and autarky rates, CO₂ avoided. */
export function TodayCard({ summary }: { summary: Summary }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  const today = summary.today;
  const figures = [
    ['pv', today.pv_kwh],
    ['load', today.load_kwh],
    ['charge', today.charge_kwh],
    ['discharge', today.discharge_kwh],
    ['import', today.import_kwh],
    ['export', today.export_kwh],
  ] as const;
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
              suffix="kWh"
              valueStyle={{ fontSize: 20 }}
            />
          </Col>
        ))}
      </Row>
      <div className="monitor-rates">
        <Rate label={t('rates.selfConsumptionToday')} value={today.self_consumption_rate} color={SERIES_COLORS.pv} />
        <Rate label={t('rates.autarkyToday')} value={today.autarky_rate} color={SERIES_COLORS.load} />
      </div>
    </Card>
  );
}
