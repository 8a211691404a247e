import { codeThenAnswers } from '../../../api/earlyAnswers';
import { canAccessKey, currentAbility } from '../../../auth/ability';
import { expectedUser } from '../../../auth/user';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import { lazyScreen } from '../../../routing/lazyScreen';
import { askCustomerHomeEarly } from '../shared/useCustomerSystems';
import { askStorageListEarly } from '../storage/earlyCalls';
import { askFleetHomeEarly } from './fleet/earlyCalls';

/** The dashboard's variants with a screen of their own (Dashboard.tsx shows the one of its user). */
export const CustomerDashboard = lazyScreen(() => import('./CustomerDashboard'));
export const StorageList = lazyScreen(() => import('../storage/StorageList'));
export const FleetDashboard = lazyScreen(() => import('./FleetDashboard'));
export const AfterSalesHome = lazyScreen(() => import('../../complaints/home/AfterSalesHome'));

/** The international and domestic after-sales teams (DESIGN §9). */
const AFTER_SALES_TEAMS = ['fasw', 'dasw'];

export type DashboardVariant = 'customer' | 'supplier' | 'fleet' | 'aftersales' | 'welcome';

/**
 * Customers and sharers see their systems; the supplier's dashboard is the storage list (DESIGN §6); staff
 * who may read the fleet overview (the storage list's roles) see their fleet; the after-sales teams what waits for
 * them; everyone else a welcome. Reads the stored user's abilities: call it once the user info is there.
 */
export function dashboardVariant(roles: readonly string[]): DashboardVariant {
  if (isCustomerOrSharer(roles)) return 'customer';
  if (roles.includes('supplier')) return 'supplier';
  // The after-sales teams' work is complaints, not the fleet: what waits for them (server/complaints/home/service.ts).
  if (AFTER_SALES_TEAMS.some((role) => roles.includes(role)) && currentAbility().can('accept', 'complaint')) return 'aftersales';
  if (canAccessKey('fleetOverview', 'read')) return 'fleet';
  return 'welcome';
}

const VARIANT_SCREENS: Partial<Record<DashboardVariant, { preload: () => Promise<unknown> }>> = {
  customer: CustomerDashboard,
  supplier: StorageList,
  fleet: FleetDashboard,
  aftersales: AfterSalesHome,
};

/**
 * The first calls of a variant's first render, asked beside its code: the customer's systems and the figures of
 * the one shown, the supplier's first page of systems and status counts (the storage list's), the fleet's
 * overview and status counts.
 */
const VARIANT_FIRST_CALLS: Partial<Record<DashboardVariant, (username: string) => Promise<unknown>>> = {
  customer: askCustomerHomeEarly,
  // Not handed the user name: the storage list's one parameter is the URL's query, which it reads itself; the
  // fleet's calls have none.
  supplier: () => askStorageListEarly(),
  fleet: () => askFleetHomeEarly(),
};

/**
 * A cold start of the dashboard (src/routing/customScreens.ts): the variant this user will see is fetched as
 * soon as the user is known, beside the dashboard's own chunk instead of once it has arrived, and its first
 * calls are asked at once. They are waited for a moment once the code is there, so that the
 * first render shows them: the figures the customer's eye goes to, the supplier's rows.
 */
export async function preloadVariant(): Promise<void> {
  const user = await expectedUser();
  if (!user) return;
  const variant = dashboardVariant(user.roles);
  await codeThenAnswers(VARIANT_SCREENS[variant]?.preload() ?? Promise.resolve(), VARIANT_FIRST_CALLS[variant]?.(user.username));
}
