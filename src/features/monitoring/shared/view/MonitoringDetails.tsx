import { Col, Space } from 'antd';
import { DayCurveCard } from '../charts/DayCurveCard';
import { EnergyBarsCard } from '../charts/EnergyBarsCard';
import { IncomeCard } from '../charts/IncomeCard';
import { ComponentsCard } from '../components/ComponentsList';
import { FaultsCard } from '../panels/FaultsCard';
import { WeatherCard } from '../panels/WeatherCard';
import { ALL_SN } from '../../../../../contract/monitoring-constants';
import { WhenNearViewport } from '../../../../ui/WhenNearViewport';

export interface MonitoringDetailsProps {
  sn: string;
  /** The system's today (its time zone), from the summary. */
  today: string;
  canEdit: boolean;
  faultSns: readonly string[];
  showComponents: boolean;
}

/**
 * The cards under a system's figures, in MonitoringView's grid: day curve, bars, income, weather, faults,
 * components. Those below the day curve render (and ask for their data) as the user scrolls towards them.
 */
export default function MonitoringDetails({ sn, today, canEdit, faultSns, showComponents }: MonitoringDetailsProps) {
  return (
    <>
      <Col span={24}>
        <DayCurveCard sn={sn} today={today} />
      </Col>
      <Col span={24}>
        <WhenNearViewport height={400}>
          <EnergyBarsCard sn={sn} today={today} />
        </WhenNearViewport>
      </Col>
      <Col xs={24} xl={14}>
        <WhenNearViewport height={480}>
          <IncomeCard sn={sn} today={today} canEdit={canEdit} />
        </WhenNearViewport>
      </Col>
      <Col xs={24} xl={10}>
        <WhenNearViewport height={480}>
          <Space direction="vertical" size={16} style={{ width: '100%' }}>
            {sn === ALL_SN ? null : <WeatherCard sn={sn} />}
            <FaultsCard sns={faultSns} />
            {showComponents && sn !== ALL_SN ? <ComponentsCard sn={sn} /> : null}
          </Space>
        </WhenNearViewport>
      </Col>
    </>
  );
}
