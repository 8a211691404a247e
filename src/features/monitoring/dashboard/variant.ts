import { codeThenAnswers } from '../../../api/earlyAnswers';
import { canAccessKey } from '../../../auth/ability';
import { expectedUser } from '../../../auth/user';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import { lazyScreen } from '../../../routing/lazyScreen';
import { askCustomerHomeEarly } from '../shared/useCustomerSystems';

/** The dashboard's variants with a screen of their own (Dashboard.tsx shows the one of its user). */
export const CustomerDashboard = lazyScreen(() => import('./CustomerDashboard'));
export const StorageList = lazyScreen(() => import('../storage/StorageList'));
export const FleetDashboard = lazyScreen(() => import('./FleetDashboard'));

export type DashboardVariant = 'customer' | 'supplier' | 'fleet' | 'welcome';

/**
 * Customers and sharers see their systems; the supplier's dashboard is the storage list (DESIGN §6); staff
 * who may read the fleet overview (the storage list's roles) see their fleet; everyone else a welcome. Reads
 * the stored user's ability for the fleet overview: call it once the user info is there.
 */
export function dashboardVariant(roles: readonly string[]): DashboardVariant {
  if (isCustomerOrSharer(roles)) return 'customer';
  if (roles.includes('supplier')) return 'supplier';
  if (canAccessKey('fleetOverview', 'read')) return 'fleet';
  return 'welcome';
}

const VARIANT_SCREENS: Partial<Record<DashboardVariant, { preload: () => Promise<unknown> }>> = {
  customer: CustomerDashboard,
  supplier: StorageList,
  fleet: FleetDashboard,
};

/**
 * A cold start of the dashboard (src/routing/customScreens.ts): the variant this user will see is fetched as
 * soon as the user is known, beside the dashboard's own chunk instead of once it has arrived, and a customer's
 * first figures are asked for at once (issue 11, point 4).
 */
export async function preloadVariant(): Promise<void> {
  const user = await expectedUser();
  if (!user) return;
  const variant = dashboardVariant(user.roles);
  // Its first figures too: they are what the customer's eye goes to, and each waited for the one before. Waited
  // for a moment once the code is there, so that the first render shows them.
  await codeThenAnswers(
    VARIANT_SCREENS[variant]?.preload() ?? Promise.resolve(),
    variant === 'customer' ? askCustomerHomeEarly(user.username) : undefined,
  );
}
