import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { energy, percent } from '../format';
import type { Summary } from '../../shared/monitoring';

/** Since commissioning: PV energy, CO₂ avoided, self-consumption and autarky. */
export function LifetimeFigures({ summary }: { summary: Summary }) {
  const { t, i18n } = useTranslation('monitoring');
  const lng = i18n.language;
  return (
    <Row gutter={[12, 12]} className="monitor-lifetime">
      <Col span={12}>
        <Statistic title={t('today.lifetimePv')} value={energy(summary.total.pv_kwh, lng, 0)} suffix="kWh" />
      </Col>
      <Col span={12}>
        <Statistic title={t('today.co2')} value={energy(summary.co2_saved_kg / 1000, lng, 2)} suffix="t" />
      </Col>
      <Col span={12}>
        <Statistic title={t('rates.selfConsumption')} value={percent(summary.self_consumption_rate)} />
      </Col>
      <Col span={12}>
        <Statistic title={t('rates.autarky')} value={percent(summary.autarky_rate)} />
      </Col>
    </Row>
  );
}
