import { Agent, request } from 'node:http';
import { runConcurrently } from './concurrency';

/**
 * The devices of the ingest benchmark, in a process of their own (as real devices are elsewhere), so that
 * sending requests does not take the server's core. Gets the batches once, then posts all of them each
 * time it is told to run, and says when they are all answered.
 *
 * They post with node:http over kept-alive sockets, not fetch: on one machine the devices share the CPU
 * with the server and the database, and fetch spent ~2 ms of it per 35 kB request, a fifth of a round's
 * time that real devices would spend on their own hardware.
 */
interface Load {
  type: 'load';
  url: string;
  header: string;
  jobs: Array<{ key: string; json: string }>;
  concurrency: number;
}

let load: Load | undefined;
let agent: Agent | undefined;

process.on('message', (message: Load | { type: 'run' }) => {
  if (message.type === 'load') {
    load = message;
    agent = new Agent({ keepAlive: true, maxSockets: message.concurrency });
    process.send?.({ type: 'ready' });
    return;
  }
  const { url, header, jobs, concurrency } = load!;
  runConcurrently(jobs, concurrency, async (job) => {
    const answer = JSON.parse(await post(url, { 'content-type': 'application/json', [header]: job.key }, job.json)) as {
      code: number;
      info: string;
    };
    if (answer.code !== 200) throw new Error(`ingest answered ${answer.code} ${answer.info}`);
  }).then(
    () => process.send?.({ type: 'done' }),
    (error: Error) => process.send?.({ type: 'done', error: error.message }),
  );
});

function post(url: string, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
