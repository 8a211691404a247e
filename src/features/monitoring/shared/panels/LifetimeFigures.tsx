import { Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import type { Summary } from '../../../../../contract/monitoring';

/** Since commissioning: PV energy, CO₂ avoided, self-consumption and autarky. */
export function LifetimeFigures({ summary }: { summary: Summary }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  return (
    <Row gutter={[12, 12]} className="monitor-lifetime">
      <Col span={12}>
        <Statistic title={t('today.lifetimePv')} value={format.number(summary.total.pv_kwh, 0)} suffix="kWh" />
      </Col>
      <Col span={12}>
        <Statistic title={t('today.co2')} value={format.number(summary.co2_saved_kg / 1000, 2)} suffix="t" />
      </Col>
      <Col span={12}>
        <Statistic title={t('rates.selfConsumption')} value={format.percent(summary.self_consumption_rate)} />
      </Col>
      <Col span={12}>
        <Statistic title={t('rates.autarky')} value={format.percent(summary.autarky_rate)} />
      </Col>
    </Row>
  );
}
