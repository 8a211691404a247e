import { randomBytes } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formFields } from '../../../resources/types';
import { userManagement } from '../../../resources/userManagement';
import { Sessions } from '../../../server/account/sessions';
import { buildApp } from '../../../server/app';
import type { AppConfig } from '../../../server/config';
import { seedDemo } from '../../../server/demo/users';
import { users } from '../../../server/core/db/schema';
import { createTestClock, DEMO_PASSWORD, TEST_EPOCH, type Tokens } from '../helpers';
import { createTestDatabase, type TestDatabase } from '../helpers/database';

/**
 * An ended session kept working until its access token ran out (5 minutes). Two nodes on
 * one database (one PGlite, or one PostgreSQL database with DATABASE_URL): a session ended through node A is
 * refused by node B within a second, however it ended; node B started after the end refuses it too.
 */
let database: TestDatabase;
const clock = createTestClock();
// Every node of one portal signs with the same JWT_SECRET.
const config: AppConfig = { jwtSecret: randomBytes(32).toString('hex'), demoPassword: DEMO_PASSWORD, logLevel: false };
const nodes: FastifyInstance[] = [];
let a: FastifyInstance;
let b: FastifyInstance;

async function startNode(): Promise<FastifyInstance> {
  const app = await buildApp({ db: database.db, clock, config });
  await app.ready();
  nodes.push(app);
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  a = await startNode();
  b = await startNode();
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await database.close();
});
beforeEach(async () => {
  await database.truncateAll();
  clock.set(TEST_EPOCH);
  await seedDemo(database.db, { password: DEMO_PASSWORD, now: clock() });
});

async function post(node: FastifyInstance, url: string, body: unknown, token?: string) {
  const response = await node.inject({
    method: 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: response.statusCode, body: response.json() };
}

async function login(node: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const { body } = await post(node, '/api/Account/Login', { username, password });
  expect(body.code, `login ${username}: ${body.info}`).toBe(200);
  return body.data;
}

const userInfo = (node: FastifyInstance, token: string) => post(node, '/api/Account/GetUserInfo', undefined, token);

async function expectAccepted(node: FastifyInstance, token: string) {
  const { status, body } = await userInfo(node, token);
  expect({ status, code: body.code }).toEqual({ status: 200, code: 200 });
}

/** Polls the node with the token until it is refused, for at most a second; the refusal is the revoked session's. */
async function expectRefusedWithinASecond(node: FastifyInstance, token: string) {
  const deadline = Date.now() + 1000;
  let answer = await userInfo(node, token);
  while (answer.status === 200 && Date.now() < deadline) {
    await wait(10);
    answer = await userInfo(node, token);
  }
  expect(answer).toEqual({ status: 401, body: { code: 7, status: 7, data: null, info: 'Token timeout' } });
}

async function idOf(username: string): Promise<number> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

describe('a session ended through node A is refused by node B within a second', () => {
  it('logout', async () => {
    const session = await login(a, 'customer');
    await expectAccepted(b, session.AccessToken);
    expect((await post(a, '/api/Account/Logout', undefined, session.AccessToken)).body.code).toBe(200);
    await expectRefusedWithinASecond(b, session.AccessToken);
    await expectRefusedWithinASecond(a, session.AccessToken);
  });

  it('password change: the other sessions end, the one that changed it goes on', async () => {
    const here = await login(a, 'customer');
    const elsewhere = await login(b, 'customer');
    await expectAccepted(b, elsewhere.AccessToken);
    const changed = await post(
      a,
      '/api/Account/ChangePassword',
      { oldPassword: DEMO_PASSWORD, newPassword: 'NewSecret2026' },
      here.AccessToken,
    );
    expect(changed.body.code).toBe(200);
    await expectRefusedWithinASecond(b, elsewhere.AccessToken);
    await expectAccepted(b, here.AccessToken);
  });

  it('a lock by an administrator', async () => {
    const admin = await login(a, 'admin');
    const customer = await login(b, 'customer');
    await expectAccepted(b, customer.AccessToken);
    const locked = await post(a, '/api/User/LockUser', { id: await idOf('customer'), locked: true }, admin.AccessToken);
    expect(locked.body.code).toBe(200);
    await expectRefusedWithinASecond(b, customer.AccessToken);
  });

  it('a demotion: the old roles stop working at once', async () => {
    const admin = await login(a, 'admin');
    const manager = await login(b, 'systemmanager');
    const list = { pageIndex: 1, pageSize: 5 };
    expect((await post(b, '/api/User/GetUserPageList', list, manager.AccessToken)).body.code).toBe(200);
    const stored = (await post(a, '/api/User/GetUser', { id: await idOf('systemmanager') }, admin.AccessToken)).body.data;
    const edit: Record<string, unknown> = { id: stored.id };
    for (const name of formFields(userManagement, 'edit')) if (stored[name] !== undefined) edit[name] = stored[name];
    const saved = await post(a, '/api/User/SaveUser', { ...edit, roles: ['dev'] }, admin.AccessToken);
    expect(saved.body.code, saved.body.info).toBe(200);
    await expectRefusedWithinASecond(b, manager.AccessToken);
    expect((await post(b, '/api/User/GetUserPageList', list, manager.AccessToken)).status).toBe(401);
  });

  it('a reused refresh key (a copied session) ends it on every node', async () => {
    const session = await login(a, 'customer');
    const refresh = (key: string) =>
      post(a, '/api/Account/RefreshToken', { userName: 'customer', accessToken: session.AccessToken, refreshTokenKey: key });
    const rotated = await refresh(session.RefreshTokenKey);
    expect(rotated.body.code).toBe(200);
    expect((await refresh(session.RefreshTokenKey)).body.code).toBe(102);
    await expectRefusedWithinASecond(b, rotated.body.data.AccessToken);
  });
});

describe('what a node is told and what it reads', () => {
  it('a node started after the session ended refuses it from its first request', async () => {
    const session = await login(a, 'customer');
    expect((await post(a, '/api/Account/Logout', undefined, session.AccessToken)).body.code).toBe(200);
    const late = await startNode();
    const { status, body } = await userInfo(late, session.AccessToken);
    expect({ status, body }).toEqual({ status: 401, body: { code: 7, status: 7, data: null, info: 'Token timeout' } });
  });

  it('the refusal lasts as long as the token could: when it would have expired, it answers the usual 401', async () => {
    const session = await login(a, 'customer');
    await post(a, '/api/Account/Logout', undefined, session.AccessToken);
    await expectRefusedWithinASecond(b, session.AccessToken);
    clock.advance(5 * 60_000);
    expect((await userInfo(b, session.AccessToken)).body.code).toBe(401);
  });

  it('a revocation inside a transaction that rolls back tells no node', async () => {
    const session = await login(a, 'customer');
    const customer = await idOf('customer');
    await database.db
      .transaction(async (tx) => {
        await new Sessions(tx).revokeAll(customer, 'admin', clock());
        tx.rollback();
      })
      .catch(() => {});
    // A notification would have been handed over with the commit; give it time to arrive anyway.
    await wait(100);
    await expectAccepted(b, session.AccessToken);
    await expectAccepted(a, session.AccessToken);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'PostgreSQL: a node whose listening connection broke reads the table again when it is back',
    async () => {
      const session = await login(a, 'customer');
      await expectAccepted(b, session.AccessToken);
      // Revoked behind the nodes' backs (as if the notification had been lost): nobody is told.
      await database.db.execute(sql`UPDATE sessions SET revoked_at = ${clock().toISOString()}::timestamptz, revoked_reason = 'admin'`);
      await wait(50);
      await expectAccepted(b, session.AccessToken);
      await database.db.execute(
        sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      // The listener reconnects after half a second and reads the revoked sessions again.
      const deadline = Date.now() + 5000;
      while ((await userInfo(b, session.AccessToken)).status === 200 && Date.now() < deadline) await wait(50);
      expect((await userInfo(b, session.AccessToken)).body).toMatchObject({ code: 7, status: 7 });
    },
  );
});
