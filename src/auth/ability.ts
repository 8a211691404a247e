import { defineAbilityFor, type Action, type AppAbility } from '../../permissions/ability';
import { ROUTES, type RouteNode } from '../../permissions/routes';
import { session } from '../api/session';

let cached: { json: string; ability: AppAbility } | undefined;

/** The CASL ability of the stored user (permissions/ability.ts), rebuilt when the user info changes. */
export function currentAbility(): AppAbility {
  const info = session.getUserInfo();
  const json = JSON.stringify([info?.roles ?? [], info?.menuDenied ?? []]);
  if (!cached || cached.json !== json) cached = { json, ability: defineAbilityFor(info?.roles ?? [], info?.menuDenied ?? []) };
  return cached.ability;
}

/** Whether the user may `action` on a route key or an entity subject (permissions/); a group key is allowed when any of its children is. */
export function canAccessKey(key: string, action: Action = 'access', routes: readonly RouteNode[] = ROUTES): boolean {
  const ability = currentAbility();
  const find = (nodes: readonly RouteNode[]): RouteNode | undefined => {
    for (const node of nodes) {
      if (node.key === key) return node;
      const inner = node.children && find(node.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const node = find(routes);
  if (node?.children) return node.children.some((child) => canAccessKey(child.key, action, routes));
  return ability.can(action, key);
}
