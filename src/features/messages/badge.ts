import { BADGE_MAX } from '../../../contract/messages-constants';

/** Spec §9: the unread count; '99+' above 99; nothing for 0. */
export function badgeText(count: number): string | undefined {
  if (count <= 0) return undefined;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}
