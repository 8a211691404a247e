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
