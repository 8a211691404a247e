import { expectedUser } from '../../../auth/user';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import { lazyScreen } from '../../../routing/lazyScreen';
import { askCustomerHomeEarly } from '../shared/useCustomerSystems';

/** The dashboard's variants (Dashboard.tsx chooses one for its user). */
export const CustomerDashboard = lazyScreen(() => import('./CustomerDashboard'));
export const StorageList = lazyScreen(() => import('../storage/StorageList'));
export const FleetDashboard = lazyScreen(() => import('./FleetDashboard'));

/**
 * A cold start of the dashboard (src/routing/customScreens.ts): the variant this user will most likely see is
 * fetched as soon as the user is known, beside the dashboard's own chunk instead of once it has arrived, and a
 * customer's first figures are asked for at once (issue 11, point 4). Chosen by roles alone, without the
 * permissions the screen checks: a staff member who may not read the fleet sees the small welcome instead.
 */
export async function preloadVariant(): Promise<void> {
  const user = await expectedUser();
  const roles = user?.roles ?? [];
  if (user && isCustomerOrSharer(roles)) {
    // Its first figures too: they are what the customer's eye goes to, and each waited for the one before.
    void askCustomerHomeEarly(user.username).catch(() => undefined);
    await CustomerDashboard.preload();
  } else if (roles.includes('supplier')) await StorageList.preload();
  else if (roles.length > 0) await FleetDashboard.preload();
}
