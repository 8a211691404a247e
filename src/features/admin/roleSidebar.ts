import { useMemo } from 'react';
import { buildMenu, type MenuEntry } from '../../routing/menu';
import { useMenuOverrides } from '../../routing/useMenuOverrides';
import { hasScreen } from '../../routing/screens';

/** The route keys of a menu's entries (groups opened), leaving out link entries, which open no screen. */
function entryKeys(entries: readonly MenuEntry[]): string[] {
  return entries.flatMap((entry) => (entry.children ? entryKeys(entry.children) : entry.external ? [] : [entry.key]));
}

export interface RoleMenuRow {
  role: string;
  /** Entries the role table opens to the role (the server's answer; screens not built yet included). */
  available: string[];
  /** Of those, the ones the role's users see. */
  menus: string[];
}

/**
 * What a role's sidebar really shows (issue 11, point 16: '40 of 40' for admin while its menu has 12): the
 * menu built as the sidebar builds it (src/routing/menu.ts: built screens only, menuManagement's hidden entries
 * left out), for the role with its hidden entries (`offered`) and without (`shown`).
 */
export function useRoleSidebar() {
  const overrides = useMenuOverrides({ load: false });
  return useMemo(() => {
    const keysFor = (row: RoleMenuRow, denied: readonly string[]) =>
      entryKeys(buildMenu([row.role], denied, hasScreen, undefined, overrides));
    return {
      /** The entries the role's sidebar can show: those its menu permissions can tick. */
      offered: (row: RoleMenuRow) => keysFor(row, []),
      /** The entries its sidebar shows now. */
      shown: (row: RoleMenuRow) =>
        keysFor(
          row,
          row.available.filter((key) => !row.menus.includes(key)),
        ),
    };
  }, [overrides]);
}
