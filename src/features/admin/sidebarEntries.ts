import { useMemo } from 'react';
import { buildMenu, type MenuEntry } from '../../routing/menu';
import { useMenuOverrides } from '../../routing/useMenuOverrides';
import { hasScreen } from '../../routing/screens';

/** The route keys of a menu's entries (groups opened), leaving out link entries, which open no screen. */
function entryKeys(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => (entry.children ? entryKeys(entry.children) : entry.external ? [] : [entry.key]));
}

/**
 * What a sidebar really shows for some roles (role management said '40 of 40' for admin while
 * its menu has 24): the menu built as the sidebar builds it (src/routing/menu.ts: built screens only, menuManagement's
 * hidden entries left out). The menu permissions of a role and of a user offer these entries and count them; the
 * role table opens more (screens not built yet), which no sidebar shows and no tick would change.
 */
export function useSidebarEntries() {
  const overrides = useMenuOverrides({ load: false });
  return useMemo(() => {
    const keysFor = (roles: readonly string[], denied: readonly string[]) =>
      entryKeys(buildMenu(roles, denied, hasScreen, undefined, overrides));
    return {
      /** The entries the roles' sidebar can show: those menu permissions can tick. */
      offered: (roles: readonly string[]) => keysFor(roles, []),
      /** The entries it shows with `denied` hidden. */
      shown: keysFor,
    };
  }, [overrides]);
}
