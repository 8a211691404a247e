import { useNavigate } from 'react-router';
import { SystemMap } from '../../monitoring/map/SystemMap';
import { StatusCards } from '../storage/StatusCards';
import { Greeting } from './Welcome';

const LIST = '/EnergyStorageList/energyStorageList';

/** Home of the staff who may open the storage list: their fleet by status and on the map. */
export default function FleetDashboard() {
  const navigate = useNavigate();
  return (
    <div>
      <Greeting />
      <StatusCards onSelect={(status) => navigate(status === 'total' ? LIST : `${LIST}?status=${status}`)} />
      <SystemMap onOpen={(sn) => navigate(`${LIST}?sn=${encodeURIComponent(sn)}`)} />
    </div>
  );
}
