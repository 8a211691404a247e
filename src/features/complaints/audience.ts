import { useTranslation } from 'react-i18next';
import { complaintWorkflow, CUSTOMER_SIDE, HANDLERS, statusLabelKey, type ComplaintState } from '../../../resources/complaints';
import type { StateCategory } from '../../../resources/workflow';
import { useUser } from '../../auth/useUser';

export type Audience = 'customer' | 'staff';

/**
 * Which side of a complaint a reader is on, as the server decides it (server/complaints/access.ts sideOf): the
 * customer side (owners, installers, resellers, service partners) unless they also hold a handler's role.
 */
export function audienceOf(roles: readonly string[]): Audience {
  const has = (list: readonly string[]) => roles.some((role) => list.includes(role));
  return has(CUSTOMER_SIDE) && !has(HANDLERS) ? 'customer' : 'staff';
}

export function useAudience(): Audience {
  return audienceOf(useUser()?.roles ?? []);
}

/** A status's label in the reader's wording (resources/complaints.ts statusLabelKey). */
export function useStatusLabel(): (state: string) => string {
  const { t } = useTranslation();
  const audience = useAudience();
  return (state) => t(statusLabelKey(state, audience), { defaultValue: state });
}

export const CATEGORIES: readonly StateCategory[] = ['open', 'paused', 'resolved'];

/** The statuses of a category (DESIGN §9), as the list's status filter takes them. */
export function statesOf(category: StateCategory): ComplaintState[] {
  return Object.entries(complaintWorkflow.states)
    .filter(([, state]) => state.category === category)
    .map(([name]) => name as ComplaintState);
}
