import { askEarly } from '../../../api/earlyAnswers';
import { expectedUser } from '../../../auth/user';
import { monitoringApi, monitoringKeys } from '../api';
import { readListQuery, statusSearchOf, systemQueryOf } from './listQuery';

/**
 * A cold start of the storage list (src/routing/customScreens.ts): the page of systems and the status counts
 * its URL asks for are asked for beside the screen's code instead of once it has rendered.
 * SystemTable and StatusCards take the answers under the same keys. A system's page (`?sn=`) asks for neither.
 * Settles once both answers have come (a failure included: the screen's own query reports it).
 */
export async function askStorageListEarly(search: string = window.location.search): Promise<void> {
  const params = new URLSearchParams(search);
  // After the user info (asked for at start-up): a session that has to be renewed is renewed once, by that call.
  if (params.has('sn') || !(await expectedUser())) return;
  const { filters, paging } = readListQuery(params);
  const query = systemQueryOf(filters, paging);
  const counts = statusSearchOf(filters);
  await Promise.allSettled([
    askEarly(monitoringKeys.systems(query), () => monitoringApi.systems(query)),
    askEarly(monitoringKeys.statusCounts(counts), () => monitoringApi.listStatusCounts(counts)),
  ]);
}
