import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { askEarly, earlyAnswerQuery } from '../api/earlyAnswers';
import { useUser } from '../auth/useUser';
import { adminApi, adminKeys } from '../features/admin/api';
import { menuTitle, type MenuOverrides } from './menu';

const NONE: MenuOverrides = {};

/** The user's menu overrides; none when the call fails (the route table applies as shipped). */
async function fetchMenuOverrides(): Promise<MenuOverrides> {
  return adminApi.menuOverrides().catch(() => NONE);
}

/**
 * Asks the overrides on a cold start of a page behind the login (PortalApp's preloadPortal), beside the screen's
 * code: the sider, header and browser tab then render once with them, instead of a second time (the whole
 * layout) when they arrive.
 */
export function askMenuOverridesEarly(username: string): Promise<MenuOverrides> {
  return askEarly(adminKeys.menuOverrides(username), fetchMenuOverrides);
}

/**
 * The menu tree of menuManagement as overrides of the route table, loaded once after login (and again after
 * an edit in menuManagement, which invalidates adminKeys.menuOverrides()). Until it answers, or when it fails,
 * the route table applies as shipped.
 */
export function useMenuOverrides({ load = true }: { load?: boolean } = {}): MenuOverrides {
  const user = useUser();
  const { data } = useQuery({
    ...earlyAnswerQuery(adminKeys.menuOverrides(user?.username ?? ''), fetchMenuOverrides),
    // The sider loads them; a screen only reads what is there (and follows when it changes).
    enabled: load && !!user,
    staleTime: Infinity,
  });
  return data ?? NONE;
}

/**
 * Spec §2 /dashboard: 'list of storage systems' for suppliers, 'home' (the menu's own text, so that a translation
 * override of menu:dashboard shows) for everyone else.
 */
export function dashboardTitleKey(roles: readonly string[]): string {
  return roles.includes('supplier') ? 'common:dashboard.titleSupplier' : 'menu:dashboard';
}

/**
 * `(key, fallback?) => title` of menu entries in the current language, menuManagement titles first; the dashboard
 * is named for the user's roles (sidebar, breadcrumbs, the browser tab and the page heading agree). `fallback` is
 * the title of a screen the menu has no text for (a resource's own title).
 */
export function useMenuTitle({ load = true }: { load?: boolean } = {}): (key: string, fallback?: string) => string {
  const { t, i18n } = useTranslation();
  const overrides = useMenuOverrides({ load });
  const roles = useUser()?.roles;
  return useCallback(
    (key: string, fallback?: string) =>
      menuTitle(key, i18n.language, overrides, (k) =>
        t(k === 'menu:dashboard' ? dashboardTitleKey(roles ?? []) : k, fallback === undefined ? {} : { defaultValue: fallback }),
      ),
    [i18n.language, overrides, t, roles],
  );
}
