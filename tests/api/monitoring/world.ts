import type { Database } from '../../../server/core/db';
import { seedDemo } from '../../../server/demo/users';
import { seedMenus } from '../../../server/admin/menus/service';
import { seedMonitoringDemo } from '../../../server/demo/monitoring/seed';
import { createTestApp, DEMO_PASSWORD, TEST_EPOCH, type TestApp } from '../helpers';
import { createTestDatabase, worldTemplateExists } from '../helpers/database';

/**
 * The days of history of the world tests/api/global-setup.ts seeds once for the run (most files ask for one):
 * such a file copies it instead of seeding the fleet itself, which was some seconds of each file's set-up.
 */
export const WORLD_TEMPLATE_DAYS = 1;

/**
 * A test app with the demo users and the demo fleet with two days of history (the full demo has 60; two
 * are enough for every call and keep a file's setup to a few seconds).
 */
export async function createMonitoringWorld(days = 2): Promise<TestApp> {
  if (days === WORLD_TEMPLATE_DAYS && (await worldTemplateExists())) {
    // The same seed as below (seedMonitoringWorld at TEST_EPOCH, where a new app's clock starts), made once.
    return createTestApp({ database: await createTestDatabase({ from: 'world' }) });
  }
  const t = await createTestApp();
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days });
  return t;
}

/** What createMonitoringWorld(days) holds, on an empty migrated database: reset()'s seed, then the fleet. */
export async function seedMonitoringWorld(db: Database, days: number, passwordHashes: string[]): Promise<void> {
  await seedDemo(db, { password: DEMO_PASSWORD, now: TEST_EPOCH, passwordHashes });
  await seedMenus(db, TEST_EPOCH);
  await seedMonitoringDemo(db, { password: DEMO_PASSWORD, now: TEST_EPOCH, days });
}

/** Logs in and answers a function posting as that user. */
export async function as(t: TestApp, username: string) {
  const { AccessToken } = await t.login(username);
  return {
    post: <T = any>(path: string, body?: unknown) => t.post<T>(path, body, { token: AccessToken }),
    get: <T = any>(path: string) => t.get<T>(path, { token: AccessToken }),
    token: AccessToken,
  };
}

/** S/Ns of the demo world the tests refer to by role. */
export const CUSTOMER_SN = 'ESS2024A0001';
export const EXPIRED_SHARE_SN = 'ESS2024A0002';
