import { lazy } from 'react';
import { useUser } from '../../../auth/useUser';
import { expectedUser } from '../../../auth/user';
import { canAccessKey } from '../../../auth/ability';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import { dashboardTitleKey } from '../../../routing/useMenuOverrides';
import { askCustomerHomeEarly } from '../shared/useCustomerSystems';
import { Welcome } from './Welcome';

const loadCustomerDashboard = () => import('./CustomerDashboard');
const loadStorageList = () => import('../storage/StorageList');
const loadFleetDashboard = () => import('./FleetDashboard');
const CustomerDashboard = lazy(loadCustomerDashboard);
const StorageList = lazy(loadStorageList);
const FleetDashboard = lazy(loadFleetDashboard);

/**
 * On a cold start of the dashboard (src/routing/screens.ts), the variant this user will see is fetched as soon
 * as the user is known, beside the layout, instead of once the layout has rendered (issue 11, point 4).
 */
export async function preloadVariant() {
  const user = await expectedUser();
  const roles = user?.roles ?? [];
  if (user && isCustomerOrSharer(roles)) {
    // Its first figures too: they are what the customer's eye goes to, and each waited for the one before.
    void askCustomerHomeEarly(user.username).catch(() => undefined);
    await loadCustomerDashboard();
  } else if (roles.includes('supplier')) await loadStorageList();
  else if (roles.length > 0) await loadFleetDashboard();
}

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
