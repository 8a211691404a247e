import { runConcurrently } from './concurrency';

/**
 * The devices of the ingest benchmark, in a process of their own (as real devices are elsewhere), so that
 * sending requests does not take the server's core. Gets the batches once, then posts all of them each
 * time it is told to run, and says when they are all answered.
 */
interface Load {
  type: 'load';
  url: string;
  header: string;
  jobs: Array<{ key: string; json: string }>;
  concurrency: number;
}

let load: Load | undefined;

process.on('message', (message: Load | { type: 'run' }) => {
  if (message.type === 'load') {
    load = message;
    process.send?.({ type: 'ready' });
    return;
  }
  const { url, header, jobs, concurrency } = load!;
  runConcurrently(jobs, concurrency, async (job) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [header]: job.key }, body: job.json });
    const answer = (await response.json()) as { code: number; info: string };
    if (answer.code !== 200) throw new Error(`ingest answered ${answer.code} ${answer.info}`);
  }).then(
    () => process.send?.({ type: 'done' }),
    (error: Error) => process.send?.({ type: 'done', error: error.message }),
  );
});
