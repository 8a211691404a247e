import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { runFor } from './concurrency';
import { addCustomers, buildFleet } from './fleet-world';
import { BENCH_PASSWORD, benchApp, type Backend } from './monitoring-common';
import type { MixRequest, MixServerMessage, ReferenceOrder } from './dashboard-mix-protocol';

/**
 * The server side of the dashboard-mix benchmark (dashboard-mix.ts), in a process of its own so that the
 * load generator does not share its core: builds the demo-sized world (60 systems, 60 days of raw
 * 5-minute telemetry as the demo keeps, several customers), serves it on a port, and records the SQL each
 * request of the mix issues. On request it runs the reference: those statements issued directly through
 * the driver (the PGlite client, or the pg pool the app uses) with the same concurrency. Serves until killed.
 */
const SYSTEMS = 60;
const RAW_DAYS = 60;
const CUSTOMERS = 8;
const SYSTEMS_PER_CUSTOMER = 3;

interface Statement {
  text: string;
  params: unknown[];
  /** The prepared statement's name when the app sends one (pg): the reference prepares it the same way. */
  name?: string;
}

/** What Drizzle calls on either driver: PGlite's query(text, params, options), pg's query(config, params). */
interface Driver {
  query(
    textOrConfig: string | { text: string; values?: unknown[]; name?: string },
    params?: unknown[],
    options?: unknown,
  ): Promise<unknown>;
}

const backend = JSON.parse(process.argv[2] ?? '{"label":"PGlite"}') as Backend;
const now = new Date();
const database = await buildFleet(backend, { size: SYSTEMS, rawDays: RAW_DAYS }, now);
const customers = await addCustomers(database, CUSTOMERS, SYSTEMS_PER_CUSTOMER, now);
// The clock stands still at the world's instant: the 5-minute access tokens stay valid for the whole run.
const app = await benchApp(database.db, now);
const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
const driver = client as unknown as Driver;
// The reference talks to the driver itself: PGlite's own query, not the app's one-query-per-event-loop-turn
// queue around it (server/core/db/database.ts), which would slow the reference down with the app.
const driverQuery = (client instanceof PGlite ? PGlite.prototype.query : client.query).bind(client) as Driver['query'];

const token = async (username: string) => {
  const answer = (await app.inject({ method: 'POST', url: '/api/Account/Login', payload: { username, password: BENCH_PASSWORD } })).json();
  if (answer.code !== 200) throw new Error(`login as ${username}: ${answer.code} ${answer.info}`);
  return answer.data.AccessToken as string;
};

/**
 * The mix, half as the administrator and half as customers. The administrator opens the storage list, its
 * status counts, and a system's day curve and figures, system after system. A customer may not call the
 * storage list or its counts (code 45), so customers ask the day curve of 'All' and of one of their systems
 * and the figures of two of them: the same four calls' share of the customer's work.
 */
async function mixRequests(): Promise<MixRequest[]> {
  const admin = await token('admin');
  const requests: MixRequest[] = [];
  for (const [i, customer] of customers.entries()) {
    const own = await token(customer.username);
    const [a, b, c] = customer.sns as [string, string, string];
    const staffSn = customers[(i + 1) % customers.length]!.sns[i % SYSTEMS_PER_CUSTOMER]!;
    requests.push(
      { path: '/api/ESS/GetSystems', body: { pageIndex: 1 + (i % 3), pageSize: 20 }, token: admin },
      { path: '/api/Power/SticsByDay', body: { sn: 'All' }, token: own },
      { path: '/api/ESS/GetVtSystemStatusCount', token: admin },
      { path: '/api/ESS/SticsSummeryDataForUser', body: { sn: a }, token: own },
      { path: '/api/Power/SticsByDay', body: { sn: staffSn }, token: admin },
      { path: '/api/Power/SticsByDay', body: { sn: b }, token: own },
      { path: '/api/ESS/SticsSummeryDataForUser', body: { sn: staffSn }, token: admin },
      { path: '/api/ESS/SticsSummeryDataForUser', body: { sn: c }, token: own },
    );
  }
  return requests;
}

/** The statements one request issues, recorded at the driver while it runs alone. */
async function statementsOf(request: MixRequest): Promise<Statement[]> {
  const recorded: Statement[] = [];
  const query = driver.query;
  driver.query = function (this: Driver, textOrConfig, params, options) {
    const text = typeof textOrConfig === 'string' ? textOrConfig : textOrConfig.text;
    const name = typeof textOrConfig === 'string' ? undefined : textOrConfig.name || undefined;
    recorded.push({
      text,
      params: params ?? (typeof textOrConfig === 'string' ? [] : (textOrConfig.values ?? [])),
      ...(name ? { name } : {}),
    });
    return query.call(this, textOrConfig, params, options);
  };
  try {
    const answer = (
      await app.inject({
        method: 'POST',
        url: request.path,
        headers: { authorization: `Bearer ${request.token}` },
        ...(request.body === undefined ? {} : { payload: request.body as object }),
      })
    ).json();
    if (answer.code !== 200) throw new Error(`${request.path} ${JSON.stringify(request.body)}: ${answer.code} ${answer.info}`);
  } finally {
    driver.query = query;
  }
  return recorded;
}

const requests = await mixRequests();
const statements: Statement[][] = [];
for (const request of requests) statements.push(await statementsOf(request));

/** The reference: the mix's statements, request by request in the same order, `concurrency` requests in flight. */
async function reference({ seconds, concurrency }: ReferenceOrder): Promise<{ requests: number; errors: number; seconds: number }> {
  let next = 0;
  let errors = 0;
  const { done, elapsed } = await runFor(seconds, concurrency, async () => {
    const request = statements[next++ % statements.length]!;
    try {
      for (const { text, params, name } of request)
        await driverQuery(name ? { name, text, values: params } : text, name ? undefined : params);
    } catch {
      errors++;
    }
  });
  return { requests: done, errors, seconds: elapsed };
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const ready: MixServerMessage = {
  type: 'ready',
  origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  requests,
  statements: statements.reduce((n, s) => n + s.length, 0),
};
process.send?.(ready);
// The bench stops this process with SIGTERM when done: drop the world's database on the way out (a
// PostgreSQL database would outlive the process and pile up, one per run).
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
process.on('message', (order: ReferenceOrder) => {
  reference(order).then(
    (result) => process.send?.({ type: 'reference', ...result } satisfies MixServerMessage),
    (error: unknown) => process.send?.({ type: 'error', error: String(error) } satisfies MixServerMessage),
  );
});
