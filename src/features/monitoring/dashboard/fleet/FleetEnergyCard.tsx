import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../i18n/format';
import type { FleetEnergyToday } from '../../../../../contract/monitoring';

const FIGURES = [
  ['pv_kwh', 'fleet.energy.pv', '#f0a500'],
  ['load_kwh', 'fleet.energy.load', '#3a7bd5'],
  ['import_kwh', 'fleet.energy.import', '#c2410c'],
  ['export_kwh', 'fleet.energy.export', '#0f9f6e'],
  ['charge_kwh', 'fleet.energy.charge', '#7c3aed'],
  ['discharge_kwh', 'fleet.energy.discharge', '#0891b2'],
] as const;

/** Today's energy of the caller's fleet: the sums of the systems' rollups of their own local today. */
export function FleetEnergyCard({ energy }: { energy: FleetEnergyToday }) {
  const { t } = useTranslation('monitoring');
  const format = useFormat();
  return (
    <Card
      size="small"
      title={t('fleet.energy.title')}
      extra={<span className="fleet-card__note">{t('fleet.energy.systems', { count: energy.systems })}</span>}
    >
      <Row gutter={[12, 12]}>
        {FIGURES.map(([key, label, color]) => (
          <Col key={key} xs={12} sm={8} xl={4}>
            <Statistic
              className="fleet-energy__figure"
              style={{ borderInlineStartColor: color }}
              title={t(label)}
              value={format.energy(energy[key], { digits: 1 })}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
