import { seedMonitoringDemo } from '../../../server/monitoring/demo/seed';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../helpers';

/**
 * A test app with the demo users and the demo fleet with two days of history (the full demo has 60; two
 * are enough for every call and keep a file's setup to a few seconds).
 */
export async function createMonitoringWorld(days = 2): Promise<TestApp> {
  const t = await createTestApp();
  await t.reset();
  await seedMonitoringDemo(t.db, { password: DEMO_PASSWORD, now: t.clock(), days });
  return t;
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
