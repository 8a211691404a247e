import { isOverseer } from '../../../permissions/roles';
import { session } from '../../api/session';
import type { Row } from '../../resources/screenTypes';

/**
 * Who may edit a suggestion (server/suggestions/service.ts decides; this only hides what would be refused): its
 * submitter while it waits for review, the overseers always (the server's rule, permissions/roles.ts).
 */
export function mayEditSuggestion(row: Row): boolean {
  const user = session.getUserInfo();
  if (!user) return false;
  if (isOverseer(user.roles)) return true;
  return row.submitter === user.username && row.status === 'submitted';
}

export const SUGGESTION_LIST_PATH = '/productRecommendationsList';
