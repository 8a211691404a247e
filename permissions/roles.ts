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

/** Everyone who is not an end customer or a sharer works for us or a partner ("all staff roles" of spec §6). */
export const STAFF_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'customer' && r !== 'sharer');

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
