import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type { MixRequest, MixServerMessage, ReferenceOrder } from './dashboard-mix-protocol';
import { log, type Backend } from './monitoring-common';

/**
 * The dashboard mix under load: CONNECTIONS connections for SECONDS seconds against a listening
 * server holding the demo-sized world (dashboard-mix-server.ts), requests spread round-robin over
 * /ESS/GetSystems, /ESS/GetVtSystemStatusCount, /Power/SticsByDay and /ESS/SticsSummeryDataForUser, as the
 * administrator and as customers (logged in once; the server's clock stands still, so their tokens stay
 * valid). Counted: errors (socket errors, HTTP other than 200, an envelope code other than 200) and
 * timeouts (no answer within TIMEOUT_SECONDS), requests/s and p99. The reference: the SQL those requests
 * issue, sent directly through the driver by the server process with CONNECTIONS requests in flight.
 *
 * BENCH_SECONDS shortens the run for a quick local try; the budget is judged on the full minute.
 */
const SECONDS = process.env.BENCH_SECONDS ? Number(process.env.BENCH_SECONDS) : 60;
const WARM_UP_SECONDS = Math.min(5, SECONDS);
const CONNECTIONS = 200;
const TIMEOUT_SECONDS = 10;

export interface MixFigure {
  ours: number;
  reference: number;
  errors: number;
  timeouts: number;
  p99Ms: number;
}

interface Load {
  requestsPerSecond: number;
  errors: number;
  timeouts: number;
  p99Ms: number;
}

export async function dashboardMix(backend: Backend): Promise<MixFigure> {
  const server = await startServer(backend);
  try {
    const { origin, requests, statements } = server.ready;
    log(
      `${backend.label}: dashboard mix of ${requests.length} requests (${statements} statements), ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    await load(origin, requests, WARM_UP_SECONDS);
    await server.reference({ seconds: WARM_UP_SECONDS, concurrency: CONNECTIONS });
    const ours = await load(origin, requests, SECONDS);
    const reference = await server.reference({ seconds: SECONDS, concurrency: CONNECTIONS });
    if (reference.errors > 0) throw new Error(`the reference's statements failed ${reference.errors} times`);
    log(
      `${backend.label}: mix ${ours.requestsPerSecond.toFixed(0)} requests/s, p99 ${ours.p99Ms} ms, ${ours.errors} errors, ${ours.timeouts} timeouts`,
    );
    return {
      ours: ours.requestsPerSecond,
      reference: reference.requests / reference.seconds,
      errors: ours.errors,
      timeouts: ours.timeouts,
      p99Ms: ours.p99Ms,
    };
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
}

/** CONNECTIONS connections for `seconds`, each taking the next request of the mix when its last is answered. */
async function load(origin: string, requests: MixRequest[], seconds: number): Promise<Load> {
  let next = 0;
  let refused = 0;
  let firstRefusal = '';
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { path, body, token } = requests[next++ % requests.length]!;
          const headers: Record<string, string> = { authorization: `Bearer ${token}` };
          // An empty body with a JSON content type is a bad request: send the type only with a body.
          if (body !== undefined) headers['content-type'] = 'application/json';
          return { ...request, method: 'POST', path, headers, body: body === undefined ? undefined : JSON.stringify(body) };
        },
        onResponse: (status, body) => {
          if (status !== 200) return; // counted by autocannon as non-2xx
          const code = envelopeCode(body);
          if (code !== 200) {
            refused++;
            firstRefusal ||= body.slice(0, 200);
          }
        },
      },
    ],
  });
  if (firstRefusal) log(`first refused answer: ${firstRefusal}`);
  return {
    requestsPerSecond: result.requests.total / result.duration,
    errors: result.errors - result.timeouts + result.non2xx + refused,
    timeouts: result.timeouts,
    p99Ms: result.latency.p99,
  };
}

/**
 * The envelope's code, read from the front of the body: every answer is serialised as `{"code":…,` first, and
 * parsing each 13 kB day curve whole on the load generator took CPU from the server on the same machine.
 * Anything else is parsed in full, so an odd body is still judged by its code.
 */
function envelopeCode(body: string): number {
  const front = /^\{"code":(\d+)[,}]/.exec(body);
  return front ? Number(front[1]) : (JSON.parse(body) as { code: number }).code;
}

interface Server {
  child: ChildProcess;
  ready: Extract<MixServerMessage, { type: 'ready' }>;
  reference(order: ReferenceOrder): Promise<Extract<MixServerMessage, { type: 'reference' }>>;
}

async function startServer(backend: Backend): Promise<Server> {
  const child = fork(new URL('./dashboard-mix-server.ts', import.meta.url), [JSON.stringify(backend)], { execArgv: ['--import', 'tsx'] });
  const next = <T extends MixServerMessage['type']>(type: T) =>
    new Promise<Extract<MixServerMessage, { type: T }>>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the dashboard-mix server exited with code ${code}`));
      child.once('exit', onExit);
      child.once('message', (message: MixServerMessage) => {
        child.off('exit', onExit);
        if (message.type === 'error') reject(new Error(message.error));
        else if (message.type !== type) reject(new Error(`expected ${type} from the dashboard-mix server, got ${message.type}`));
        else resolve(message as Extract<MixServerMessage, { type: T }>);
      });
    });
  return {
    child,
    ready: await next('ready'),
    reference: (order) => {
      const answer = next('reference');
      child.send(order);
      return answer;
    },
  };
}
