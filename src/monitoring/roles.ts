/** Spec §6: the selector and system figures are for customers and sharers only. */
export function isCustomerOrSharer(roles: readonly string[]): boolean {
  return roles.includes('customer') || roles.includes('sharer');
}

/** Spec §6: the share icon is hidden when the only role is sharer. */
export function isSharerOnly(roles: readonly string[]): boolean {
  return roles.length > 0 && roles.every((r) => r === 'sharer');
}
