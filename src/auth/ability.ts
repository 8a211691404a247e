import { useAbility } from '@casl/react';
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
  return canIn(currentAbility(), key, action, routes);
}

/**
 * In a component: the check of `canAccessKey` against the ability of the nearest AbilityRoot (src/auth/AbilityRoot.tsx),
 * so the component draws again when the user's ability changes.
 */
export function useCanAccess(): (key: string, action?: Action) => boolean {
  const ability = useAbility<AppAbility>();
  return (key, action = 'access') => canIn(ability, key, action);
}

function canIn(ability: AppAbility, key: string, action: Action, routes: readonly RouteNode[] = ROUTES): boolean {
  const find = (nodes: readonly RouteNode[]): RouteNode | undefined => {
    for (const node of nodes) {
      if (node.key === key) return node;
      const inner = node.children && find(node.children);
      if (inner) return inner;
    }
    return undefined;
  };
  const node = find(routes);
  if (node?.children) return node.children.some((child) => canIn(ability, child.key, action, routes));
  return ability.can(action, key);
}
