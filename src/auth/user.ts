import { defineAbilityFor, type AppAbility } from '../../permissions/ability';
import { ROUTES, type RouteNode } from '../../permissions/routes';
import { getUserInfo } from '../api/account';
import { session, type UserInfo } from '../api/session';
import { apiUi } from '../api/ui';
import { currentLanguage, languageForUser, setLanguage } from '../i18n';

let cached: { json: string; ability: AppAbility } | undefined;

/** The CASL ability of the stored user (permissions/ability.ts), rebuilt when the user info changes. */
export function currentAbility(): AppAbility {
  const info = session.getUserInfo();
  const json = JSON.stringify([info?.roles ?? [], info?.menuDenied ?? []]);
  if (!cached || cached.json !== json) cached = { json, ability: defineAbilityFor(info?.roles ?? [], info?.menuDenied ?? []) };
  return cached.ability;
}

/** A group key is allowed when any of its children is. */
export function canAccessKey(key: string, action: 'access' | 'create' | 'update' | 'delete' | 'export' = 'access', routes: readonly RouteNode[] = ROUTES): boolean {
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

let loadedThisPage = false;

/** Whether the user info was loaded (login or start-up) since this page was opened. */
export function isUserLoaded(): boolean {
  return loadedThisPage && !!session.getUserInfo();
}

export type UserLoad = { ok: true; user: UserInfo } | { ok: false; message: string };

/**
 * Loads GetUserInfo and stores it. `afterLogin` applies the language rule of spec §4. A failure clears the
 * token and reports the server's info or 'Verification failed, please login again' (the caller returns to
 * the root).
 */
export async function loadUser({ afterLogin = false } = {}): Promise<UserLoad> {
  let failure: string | undefined;
  try {
    const envelope = await getUserInfo();
    const user = envelope.data;
    if (envelope.code === 200 && user && Array.isArray(user.roles) && user.roles.length > 0) {
      const info: UserInfo = {
        username: user.username,
        email: user.email ?? '',
        roles: user.roles,
        country: user.country ?? '',
        languageCode: user.languageCode ?? '',
        menuDenied: Array.isArray(user.menuDenied) ? user.menuDenied : [],
      };
      session.setUserInfo(info);
      loadedThisPage = true;
      if (afterLogin) {
        const language = languageForUser(info, session.getUserName(), currentLanguage());
        if (language !== currentLanguage()) await setLanguage(language);
      }
      return { ok: true, user: info };
    }
    failure = envelope.code !== 200 ? envelope.info : undefined;
  } catch {
    failure = undefined;
  }
  session.clearToken();
  return { ok: false, message: failure || apiUi.translate('errors:verificationFailed') };
}
