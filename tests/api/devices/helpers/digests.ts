import { tableDigests } from '../../admin/helpers';
import type { TestApp } from '../../helpers';

/**
 * Every table's digest but the log-in trail's (each log-in adds a session and a user-log line): what a refused call
 * must leave as it was.
 */
export async function digestsBesidesLogins(t: TestApp): Promise<Record<string, string>> {
  const all = await tableDigests(t);
  delete all.user_log;
  delete all.sessions;
  return all;
}
