import { Code } from '../../../contract/codes';
import { REMOTE_CONTROLS, type StaffSettings } from '../../../contract/account-settings';
import { STAFF_ROLES } from '../../../permissions/roles';
import { findRoute, leafRoutes, ROUTES } from '../../../permissions/routes';
import type { Actor } from '../../core/auth/actor';
import type { Database } from '../../core/db';
import { ApiError } from '../../core/http/envelope';
import { abilityOf } from '../../core/http/permissions';
import { readSetting, writeSetting, type SettingKind } from '../../core/mail/preferences';
import { systemInScope, systemsInScope, viewerOf, type Viewer } from '../../core/system-scope';
import { installerContactOf } from '../installer-defaults';

/**
 * The account settings of spec §7 that are a user's own preferences, each for the users it means something to
 * (the rest answer 45): CustomUserSetting for customers, InstallSetting for installers, OtherRoleUserSetting for
 * the other staff roles. `wantsMail` is the one question mail senders ask of them.
 */
export { wantsMail } from '../../core/mail/preferences';

/** Who holds each kind of settings. */
const SETTING_ROLES: Record<SettingKind, readonly string[]> = {
  notifications: ['customer'],
  installer: ['installer'],
  staff: STAFF_ROLES.filter((role) => role !== 'installer'),
};

function requireSettingRole(actor: Actor, kind: SettingKind): void {
  if (!actor.roles.some((role) => SETTING_ROLES[kind].includes(role))) throw new ApiError(Code.NO_PERMISSION);
}

export async function readOwn<K extends SettingKind>(db: Database, actor: Actor, kind: K) {
  requireSettingRole(actor, kind);
  return readSetting(db, actor.id, kind);
}

export async function saveOwn<K extends SettingKind>(
  db: Database,
  actor: Actor,
  kind: K,
  value: Parameters<typeof writeSetting<K>>[3],
  now: Date,
): Promise<null> {
  requireSettingRole(actor, kind);
  await writeSetting(db, actor.id, kind, value, now);
  return null;
}

/** A staff member's preferences; the landing page must be a screen of the menu they may open (not a hidden detail page). */
export async function saveStaff(db: Database, actor: Actor, settings: StaffSettings, now: Date): Promise<null> {
  requireSettingRole(actor, 'staff');
  const route = findRoute(settings.landingPage);
  const listed = leafRoutes(ROUTES).some((r) => r.key === settings.landingPage && !r.hidden);
  if (!route || !listed || !abilityOf(actor).can('access', settings.landingPage)) {
    throw new ApiError(Code.PARAM_ERROR, 'Parameter error: landingPage (not a page you may open)', { data: { field: 'landingPage' } });
  }
  return saveOwn(db, actor, 'staff', settings, now);
}

/** The actor's system scope (monitoring's viewer: their role and links). */
const viewer = (db: Database, actor: Actor): Promise<Viewer> => viewerOf(db, actor);

/** The systems of the menu's system selector: a customer's own, a sharer's shared ones (unexpired), by S/N. */
export async function menuSystems(db: Database, actor: Actor, now: Date) {
  const all = await systemsInScope(db, await viewer(db, actor), now);
  return all.map((system) => ({
    system_id: system.id,
    sys_sn: system.sysSn,
    sys_name: system.sysName,
    ems_status: system.emsStatus ?? null,
    shared: system.customerUserId !== actor.id,
  }));
}

/** The contact the installer of a system in the actor's scope gave its owners (45 outside the scope). */
export async function installerContact(db: Database, actor: Actor, sn: string, now: Date) {
  const system = await systemInScope(db, await viewer(db, actor), sn, now);
  return installerContactOf(db, system.installerCompanyId);
}

/** The remote controls whose screen the caller may open (roles of permissions/routes.ts, per-user denials). */
export function controlNames(actor: Actor) {
  const ability = abilityOf(actor);
  return REMOTE_CONTROLS.filter((control) => ability.can('access', control.screen)).map(({ name, screen }) => ({ name, screen }));
}
