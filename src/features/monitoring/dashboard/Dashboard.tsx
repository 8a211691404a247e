import { useUser } from '../../../auth/useUser';
import { canAccessKey } from '../../../auth/ability';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import { dashboardTitleKey } from '../../../routing/useMenuOverrides';
import { CustomerDashboard, FleetDashboard, StorageList } from './variant';
import { Welcome } from './Welcome';

/**
 * Customers and sharers see their systems; the supplier's dashboard is the storage list (DESIGN §6); staff
 * who may read the fleet overview (the storage list's roles) see their fleet; everyone else a welcome.
 */
export default function Dashboard() {
  const roles = useUser()?.roles ?? [];
  if (isCustomerOrSharer(roles)) return <CustomerDashboard />;
  if (roles.includes('supplier')) return <StorageList titleKey={dashboardTitleKey(roles)} />;
  if (canAccessKey('fleetOverview', 'read')) return <FleetDashboard />;
  return <Welcome />;
}
