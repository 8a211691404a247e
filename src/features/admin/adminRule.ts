import type { ResourceDeclaration } from '../../../resources/types';
import { session } from '../../api/session';
import type { Row } from '../../resources/screenTypes';

/**
 * The web side of DESIGN §10, so that the admin screens do not offer what the server refuses (45): only an
 * admin gives the admin role or manages an admin's record or the admin role; nobody changes their own roles,
 * locks or resets themselves. The server (server/admin/admin-protection.ts) stays the authority.
 */
export const ADMIN_ROLE = 'admin';

export function callerIsAdmin(): boolean {
  return session.getUserInfo()?.roles.includes(ADMIN_ROLE) ?? false;
}

/** Whether a user record is the logged-in user's own (user names are unique regardless of case). */
export function isOwnRecord(record: Row): boolean {
  const me = session.getUserInfo()?.username;
  return !!me && String(record.username ?? '').toLowerCase() === me.toLowerCase();
}

/** The roles of a user record of the list (none when the row lacks them). */
export function rolesOf(record: Row): string[] {
  const roles: unknown = record.roles;
  return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
}

/** An admin's record is managed by admins only; every other record by whoever manages users. */
export function mayManageUser(record: Row): boolean {
  return callerIsAdmin() || !rolesOf(record).includes(ADMIN_ROLE);
}

/** The declaration with the admin role left out of its `roles` choices (the form of a non-admin). */
export function withoutAdminRole(declaration: ResourceDeclaration): ResourceDeclaration {
  const roles = declaration.fields.roles!;
  return {
    ...declaration,
    fields: { ...declaration.fields, roles: { ...roles, options: roles.options?.filter((role) => role !== ADMIN_ROLE) } },
  };
}
