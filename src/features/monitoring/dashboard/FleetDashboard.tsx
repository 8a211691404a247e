import { useQuery } from '@tanstack/react-query';
import { Col, Row, Skeleton } from 'antd';
import { useNavigate } from 'react-router';
import { earlyAnswerQuery } from '../../../api/earlyAnswers';
import { monitoringApi, monitoringKeys } from '../api';
import { SystemMap } from '../shared/map/SystemMap';
import { LIVE_REFRESH_MS } from '../storage/listQuery';
import { StatusCards } from '../storage/StatusCards';
import { EventsCard } from './fleet/EventsCard';
import { FaultSystemsCard } from './fleet/FaultSystemsCard';
import { FleetEnergyCard } from './fleet/FleetEnergyCard';
import { OfflineSystemsCard } from './fleet/OfflineSystemsCard';
import { systemPath } from './fleet/systemLink';
import { Greeting } from './Welcome';
import './fleet/fleet.css';

const LIST = '/EnergyStorageList/energyStorageList';

/**
 * Home of the staff who may open the storage list, in their scope: their fleet by status, today's energy,
 * the systems with open faults and those offline for more than a day (each opens its system page), the last
 * events, and the map. Kept current every minute while the tab is visible.
 */
export default function FleetDashboard() {
  const navigate = useNavigate();
  const { data } = useQuery({
    // A cold start shows the overview asked for ahead (fleet/earlyCalls.ts).
    ...earlyAnswerQuery(monitoringKeys.fleetOverview(), () => monitoringApi.fleetOverview()),
    refetchInterval: LIVE_REFRESH_MS,
  });
  return (
    <div>
      <Greeting />
      <StatusCards onSelect={(status) => navigate(status === 'total' ? LIST : `${LIST}?status=${status}`)} />
      {data ? (
        <Row gutter={[16, 16]} className="fleet-grid">
          <Col span={24}>
            <FleetEnergyCard energy={data.energy} />
          </Col>
          <Col xs={24} xl={14}>
            <Row gutter={[16, 16]}>
              <Col span={24}>
                <FaultSystemsCard faults={data.faults} />
              </Col>
              <Col span={24}>
                <OfflineSystemsCard offline={data.offline} />
              </Col>
            </Row>
          </Col>
          <Col xs={24} xl={10}>
            <EventsCard events={data.events} />
          </Col>
          <Col span={24}>
            <SystemMap onOpen={(sn) => navigate(systemPath(sn))} />
          </Col>
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </div>
  );
}
