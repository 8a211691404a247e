import { fork, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

const ROUND_SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = 3;
const CONNECTIONS = 20;

interface Server {
  child: ChildProcess;
  url: string;
  headers: Record<string, string>;
}

async function startServer(kind: 'bare' | 'ours'): Promise<Server> {
  const child = fork(new URL('./throughput-server.ts', import.meta.url), [kind], { execArgv: ['--import', 'tsx'] });
  const { url, token } = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { url: string; token: string }));
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited with code ${code}`)));
  });
  return { child, url, headers: token ? { authorization: `Bearer ${token}` } : {} };
}

async function requestsPerSecond(server: Server, seconds: number): Promise<number> {
  const result = await autocannon({ url: server.url, headers: server.headers, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Requests/s of our authenticated route against bare Fastify, each server in its own process, measured in
 * alternating rounds after a warm-up; the best round of each counts, so that a burst of other work on the
 * machine does not decide the ratio.
 */
export async function authenticatedThroughput(): Promise<{ ours: number; reference: number }> {
  const bare = await startServer('bare');
  const ours = await startServer('ours');
  try {
    await requestsPerSecond(bare, 1);
    await requestsPerSecond(ours, 1);
    const best = { ours: 0, reference: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      best.reference = Math.max(best.reference, await requestsPerSecond(bare, ROUND_SECONDS));
      best.ours = Math.max(best.ours, await requestsPerSecond(ours, ROUND_SECONDS));
    }
    return best;
  } finally {
    bare.child.kill();
    ours.child.kill();
  }
}
