import type { MailTransport } from '../../../server/core/mail/transport';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../../server/app';
import type { AppConfig } from '../../../server/config';
import type { JobQueueOptions } from '../../../server/core/jobs/queue';
import { demoPasswordHashes, seedDemo } from '../../../server/demo/users';
import { seedMenus } from '../../../server/admin/menus/service';
import type { Envelope } from '../../../contract/codes';
import { createTestClock, TEST_EPOCH, type TestClock } from './clock';
import { createTestDatabase, type TestDatabase } from './database';

export { createTestClock, TEST_EPOCH, type TestClock } from './clock';

export const DEMO_PASSWORD = 'demo2026';

/** The demo users' hashes of DEMO_PASSWORD, made once per test process instead of at every seed (argon2 is slow by design). */
let demoHashes: Promise<string[]> | undefined;

export interface CallOptions {
  token?: string;
  /** The client address the server sees (the login lockout counts per address). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface CallResult<T = any> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, unknown>;
}

export interface Tokens {
  AccessToken: string;
  RefreshTokenKey: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase['db'];
  database: TestDatabase;
  clock: TestClock;
  config: AppConfig;
  /** Empties every table and sets the clock back to TEST_EPOCH. */
  truncateAll(): Promise<void>;
  /** The demo users of server/demo/users.ts (password DEMO_PASSWORD), at the clock's time. */
  seed(): Promise<void>;
  /** truncateAll() then seed(): the usual beforeEach. */
  reset(): Promise<void>;
  post<T = any>(path: string, body?: unknown, options?: CallOptions): Promise<CallResult<T>>;
  get<T = any>(path: string, options?: CallOptions): Promise<CallResult<T>>;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Logs a demo user in and answers the tokens; fails the test unless the answer is code 200. */
  login(username: string, password?: string, options?: CallOptions): Promise<Tokens>;
  close(): Promise<void>;
}

/**
 * The server on its own database, for one test file:
 *
 *   let t: TestApp;
 *   beforeAll(async () => { t = await createTestApp(); });
 *   afterAll(() => t.close());
 *   beforeEach(() => t.reset());
 *   ...
 *   const { AccessToken } = await t.login('admin');
 *   const { body } = await t.post('/api/Account/GetUserInfo', undefined, { token: AccessToken });
 *
 * `configure` may add test-only routes before the app is readied; `config` overrides parts of the config
 * (e.g. `staticDir`).
 */
export async function createTestApp(
  options: {
    configure?: (app: FastifyInstance) => void;
    config?: Partial<AppConfig>;
    mailTransport?: MailTransport;
    /** Replaces the server's waits (the login slow-down), so that a test need not wait for real. */
    sleep?: (ms: number) => Promise<void>;
    /** Runs the background job queue (server/core/jobs) on the test's database while the app is up. */
    jobQueue?: JobQueueOptions;
    /** The database to build on (another app's, a reopened one) instead of a fresh one. */
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createTestDatabase());
  const clock = createTestClock();
  const config: AppConfig = {
    jwtSecret: randomBytes(32).toString('hex'),
    demoPassword: DEMO_PASSWORD,
    logLevel: false,
    ...options.config,
  };
  const app = await buildApp({
    db: database.db,
    clock,
    config,
    mailTransport: options.mailTransport,
    sleep: options.sleep,
    jobQueue: options.jobQueue,
  });
  options.configure?.(app);
  await app.ready();

  const call = async <T>(method: 'GET' | 'POST', path: string, body: unknown, opts: CallOptions = {}): Promise<CallResult<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const response = await app.inject({
      method,
      url: path,
      headers,
      remoteAddress: opts.ip,
      ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
    });
    return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
  };

  const testApp: TestApp = {
    app,
    db: database.db,
    database,
    clock,
    config,
    async truncateAll() {
      await database.truncateAll();
      clock.set(TEST_EPOCH);
    },
    seed: async () => {
      demoHashes ??= demoPasswordHashes(DEMO_PASSWORD);
      await seedDemo(database.db, { password: DEMO_PASSWORD, now: clock(), passwordHashes: await demoHashes });
      // What every server starts with (server/boot.ts): the menu tree as the route table.
      await seedMenus(database.db, clock());
    },
    async reset() {
      await testApp.truncateAll();
      await testApp.seed();
    },
    post: (path, body, opts) => call('POST', path, body, opts),
    get: (path, opts) => call('GET', path, undefined, opts),
    inject: (opts) => app.inject(opts),
    async login(username, password = DEMO_PASSWORD, opts) {
      const { body } = await call<Tokens>('POST', '/api/Account/Login', { username, password }, opts);
      if (body.code !== 200) throw new Error(`login as ${username} answered ${body.code} ${body.info}`);
      return body.data;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return testApp;
}
