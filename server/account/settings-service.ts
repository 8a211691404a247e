import type { FastifyRequest } from 'fastify';
import { Code } from '../../contract/codes';
import { REMOTE_CONTROLS, type StaffSettings } from '../../contract/account-settings';
import { STAFF_ROLES } from '../../permissions/roles';
import { findRoute, leafRoutes, ROUTES } from '../../permissions/routes';
import type { Database } from '../core/db';
import { ApiError } from '../core/http/envelope';
import { abilityOf } from '../core/http/permissions';
import { readSetting, writeSetting, type SettingKind } from '../core/mail/preferences';
import { systemsInScope, viewerOf } from '../monitoring/scope';

/**
 * The account settings of spec §7 that are a user's own preferences, each for the users it means something to
 * (the rest answer 45): CustomUserSetting for customers, InstallSetting for installers, OtherRoleUserSetting for
 * the other staff roles. `wantsMail` is the one question mail senders ask of them.
 */
export { wantsMail } from '../core/mail/preferences';

/** Who holds each kind of settings. */
export const SETTING_ROLES: Record<SettingKind, readonly string[]> = {
  notifications: ['customer'],
  installer: ['installer'],
  staff: STAFF_ROLES.filter((role) => role !== 'installer'),
};

export function requireSettingRole(request: FastifyRequest, kind: SettingKind): void {
  if (!request.user.roles.some((role) => SETTING_ROLES[kind].includes(role))) throw new ApiError(Code.NO_PERMISSION);
}

export async function readOwn<K extends SettingKind>(db: Database, request: FastifyRequest, kind: K) {
  requireSettingRole(request, kind);
  return readSetting(db, request.user.id, kind);
}

export async function saveOwn<K extends SettingKind>(
  db: Database,
  request: FastifyRequest,
  kind: K,
  value: Parameters<typeof writeSetting<K>>[3],
  now: Date,
): Promise<void> {
  requireSettingRole(request, kind);
  await writeSetting(db, request.user.id, kind, value, now);
}

/** A landing page must be a screen of the menu the caller may open (not a hidden detail page). */
export function checkLandingPage(request: FastifyRequest, settings: StaffSettings): void {
  const route = findRoute(settings.landingPage);
  const listed = leafRoutes(ROUTES).some((r) => r.key === settings.landingPage && !r.hidden);
  if (!route || !listed || !abilityOf(request).can('access', settings.landingPage)) {
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: landingPage (not a page you may open)', { data: { field: 'landingPage' } });
  }
}

/** The systems of the menu's system selector: a customer's own, a sharer's shared ones (unexpired), by S/N. */
export async function menuSystems(db: Database, request: FastifyRequest, now: Date) {
  const all = await systemsInScope(db, await viewerOf(db, request.user), now);
  return all.map((system) => ({
    system_id: system.id,
    sys_sn: system.sysSn,
    sys_name: system.sysName,
    ems_status: system.emsStatus ?? null,
    shared: system.customerUserId !== request.user.id,
  }));
}

/** The remote controls whose screen the caller may open (roles of permissions/routes.ts, per-user denials). */
export function controlNames(request: FastifyRequest) {
  const ability = abilityOf(request);
  return REMOTE_CONTROLS.filter((control) => ability.can('access', control.screen)).map(({ name, screen }) => ({ name, screen }));
}
