import { lazy } from 'react';
import { useUser } from '../../../auth/useUser';
import { expectedUser } from '../../../auth/user';
import { canAccessKey } from '../../../auth/ability';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import { dashboardTitleKey } from '../../../routing/useMenuOverrides';
import { Welcome } from './Welcome';

const LOADERS = {
  customer: () => import('./CustomerDashboard'),
  supplier: () => import('../storage/StorageList'),
  fleet: () => import('./FleetDashboard'),
};
const CustomerDashboard = lazy(LOADERS.customer);
const StorageList = lazy(LOADERS.supplier);
const FleetDashboard = lazy(LOADERS.fleet);

/**
 * Customers and sharers see their systems; the supplier's dashboard is the storage list (DESIGN §6); staff
 * who may read the fleet overview (the storage list's roles) see their fleet; everyone else a welcome.
 */
function variantFor(roles: readonly string[]): keyof typeof LOADERS | 'welcome' {
  if (isCustomerOrSharer(roles)) return 'customer';
  if (roles.includes('supplier')) return 'supplier';
  if (canAccessKey('fleetOverview', 'read')) return 'fleet';
  return 'welcome';
}

/**
 * On a cold start of the dashboard (src/routing/screens.ts), the variant this user will see is fetched as soon
 * as the user is known, beside the layout, instead of once the layout has rendered (issue 11, point 4).
 */
export async function preloadVariant() {
  const variant = variantFor((await expectedUser())?.roles ?? []);
  if (variant !== 'welcome') await LOADERS[variant]();
}

export default function Dashboard() {
  const roles = useUser()?.roles ?? [];
  const variant = variantFor(roles);
  if (variant === 'customer') return <CustomerDashboard />;
  if (variant === 'supplier') return <StorageList titleKey={dashboardTitleKey(roles)} />;
  if (variant === 'fleet') return <FleetDashboard />;
  return <Welcome />;
}
