import { useTranslation } from 'react-i18next';
import { ARCHIVERS, complaintWorkflow, HANDLERS, statusLabelKey, type ComplaintState } from '../../../resources/complaints';
import type { StateCategory } from '../../../resources/workflow';
import { useUser } from '../../auth/useUser';

export type Audience = 'customer' | 'staff';

const STAFF: readonly string[] = [...HANDLERS, ...ARCHIVERS];

/** Who reads a complaint: staff (any role that handles or archives complaints) read the staff wording, everyone else the customer's. */
export function audienceOf(roles: readonly string[]): Audience {
  return roles.some((role) => STAFF.includes(role)) ? 'staff' : 'customer';
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
