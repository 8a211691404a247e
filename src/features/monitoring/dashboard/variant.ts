import { expectedUser } from '../../../auth/user';
import { lazyScreen } from '../../../routing/lazyScreen';
import { isCustomerOrSharer } from '../../../../permissions/roles';
import { askCustomerHomeEarly } from '../shared/useCustomerSystems';

/** The dashboard's variants (Dashboard.tsx picks one by role), each its own chunk. */
export const CustomerDashboard = lazyScreen(() => import('./CustomerDashboard'));
export const StorageList = lazyScreen(() => import('../storage/StorageList'));
export const FleetDashboard = lazyScreen(() => import('./FleetDashboard'));

/**
 * A cold start of the dashboard (src/routing/screens.ts): the variant this user will see is fetched as soon as
 * the user is known, beside the layout and the dashboard's own chunk rather than after them, and for a customer
 * its first figures are asked for too (issue 11, point 4). Kept out of Dashboard.tsx, whose chunk it would
 * otherwise wait for: that wait was half a second of a cold load here.
 */
export async function preloadVariant() {
  const user = await expectedUser();
  const roles = user?.roles ?? [];
  if (user && isCustomerOrSharer(roles)) {
    // Its first figures too: they are what the customer's eye goes to, and each waited for the one before.
    void askCustomerHomeEarly(user.username).catch(() => undefined);
    await CustomerDashboard.preload();
  } else if (roles.includes('supplier')) await StorageList.preload();
  else if (roles.length > 0) await FleetDashboard.preload();
}
