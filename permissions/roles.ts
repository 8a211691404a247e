/** The 14 roles of spec §6. The order is the order screens list them in. */
export const ROLES = [
  'admin',
  'customer',
  'sharer',
  'installer',
  'servicer',
  'reseller',
  'dev',
  'servicepartner',
  'systemmanager',
  'vppmanager',
  'fasw',
  'dasw',
  'sncreator',
  'supplier',
] as const;

export type Role = (typeof ROLES)[number];

/** R&D hours are logged by the engineers who spend them on complaints and read by those who run the portal. */
export const RD_HOURS_LOGGERS: readonly Role[] = ['dev', 'servicer', 'fasw', 'dasw'];
export const RD_HOURS_READERS: readonly Role[] = ['admin', 'systemmanager'];

/** After-sales staff who set systems' warranty terms and issue extension keys. */
export const WARRANTY_KEEPERS: readonly Role[] = ['admin', 'servicer', 'systemmanager', 'fasw', 'dasw'];

/** Everyone who is not an end customer or a sharer works for us or a partner ("all staff roles" of spec §6). */
export const STAFF_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'customer' && r !== 'sharer');

/** Those who run the portal (DESIGN §9): admin and systemmanager may do whatever any staff role may. */
export const OVERSEERS = ['admin', 'systemmanager'] as const satisfies readonly Role[];

export function isOverseer(roles: readonly string[]): boolean {
  return roles.some((role) => (OVERSEERS as readonly string[]).includes(role));
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/**
 * Roles whose users work for an organization (a reseller, service partner or supplier) and see the systems
 * linked to it (DESIGN §6); an organization's kind is the role of its users. Installers belong to an installer
 * company instead.
 */
export const ORGANIZATION_ROLES = ['reseller', 'servicepartner', 'supplier'] as const satisfies readonly Role[];
export type OrganizationKind = (typeof ORGANIZATION_ROLES)[number];

/**
 * Roles whose view of the systems is limited to their own (DESIGN §6); a user holding any other role sees every
 * system. The row scopes (permissions/scopes.ts) and the server's SQL for them start from this list.
 */
export const SYSTEM_SCOPED_ROLES: readonly Role[] = [
  'customer',
  'sharer',
  'installer',
  'reseller',
  'servicepartner',
  'vppmanager',
  'supplier',
];

/** Whether every system is in the user's scope (they hold a role DESIGN §6 does not limit). */
export function seesEverySystem(roles: readonly string[]): boolean {
  return roles.some((role) => !(SYSTEM_SCOPED_ROLES as readonly string[]).includes(role));
}

/** Spec §6: the system selector and a customer's figures are for customers and sharers only. */
export function isCustomerOrSharer(roles: readonly string[]): boolean {
  return roles.includes('customer') || roles.includes('sharer');
}

/** Spec §6: the share icon is hidden when the only role is sharer (a sharer never shares on). */
export function isSharerOnly(roles: readonly string[]): boolean {
  return roles.length > 0 && roles.every((r) => r === 'sharer');
}
