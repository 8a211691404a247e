import { lazy } from 'react';
import { useUser } from '../../auth/useUser';
import { canAccessKey } from '../../auth/ability';
import { isCustomerOrSharer } from '../../monitoring/roles';
import { Welcome } from './Welcome';

const CustomerDashboard = lazy(() => import('./CustomerDashboard'));
const StorageList = lazy(() => import('../storage/StorageList'));
const FleetDashboard = lazy(() => import('./FleetDashboard'));

/** Spec §2 /dashboard: 'list of storage systems' for suppliers, 'home' for everyone else. */
export function dashboardTitleKey(roles: readonly string[]): string {
  return roles.includes('supplier') ? 'common:dashboard.titleSupplier' : 'common:dashboard.titleHome';
}

/**
 * Customers and sharers see their systems; the supplier's dashboard is the storage list (DESIGN §6); staff
 * who may open the storage list see their fleet; everyone else a welcome.
 */
export default function Dashboard() {
  const roles = useUser()?.roles ?? [];
  if (isCustomerOrSharer(roles)) return <CustomerDashboard />;
  if (roles.includes('supplier')) return <StorageList titleKey={dashboardTitleKey(roles)} />;
  if (canAccessKey('energyStorageList')) return <FleetDashboard />;
  return <Welcome />;
}
