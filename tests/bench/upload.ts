import { fork, type ChildProcess } from 'node:child_process';
import { mkdir, open, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ATTACHMENT_MAX_BYTES, MB } from '../../resources/attachments';

const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const BOUNDARY = 'bench-upload-boundary';
/** Both sides write in steps of this size (the server's multipart parser and storage move up to 1 MB at a time too). */
const CHUNK_BYTES = 1024 * 1024;

/**
 * The file both sides write: one 1 MB buffer (a PDF head, then varied filler) sent ATTACHMENT_MAX_BYTES / 1 MB times.
 * Both take their bytes from this same buffer, so neither pays for producing them and both write the same bytes.
 */
function benchChunk(): Buffer {
  const chunk = Buffer.alloc(CHUNK_BYTES);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 131 + 7) & 0xff;
  chunk.write('%PDF-1.7\n% bench\n');
  return chunk;
}

/** Writes the file's bytes to `target` as fast as it takes them (waiting only when it asks to). */
async function writeFile(target: Writable, chunk: Buffer): Promise<void> {
  for (let left = ATTACHMENT_MAX_BYTES; left > 0; left -= chunk.length) {
    if (!target.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await once(target, 'drain');
  }
}

async function withChild<T>(child: ChildProcess, ask: string): Promise<T> {
  const answer = new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  child.send(ask);
  return answer;
}

/** One upload through the API (multipart, streamed over HTTP); answers the seconds it took. */
async function uploadOnce(url: string, token: string, chunk: Buffer): Promise<number> {
  const prefix = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const suffix = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const started = performance.now();
  const req = request(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(prefix.length + ATTACHMENT_MAX_BYTES + suffix.length),
    },
  });
  const answer = new Promise<string>((done, fail) => {
    req.on('error', fail);
    req.on('response', (response) => {
      let text = '';
      response
        .setEncoding('utf8')
        .on('data', (part: string) => (text += part))
        .on('end', () => done(text));
    });
  });
  const send = async () => {
    req.write(prefix);
    await writeFile(req, chunk);
    req.end(suffix);
  };
  const [text] = await Promise.all([answer, send()]);
  const envelope = JSON.parse(text) as { code: number; info: string };
  const seconds = (performance.now() - started) / 1000;
  if (envelope.code !== 200) throw new Error(`upload answered ${envelope.code} ${envelope.info}`);
  return seconds;
}

/**
 * The same bytes written with fs to a file in the folder the server stores into, as its storage writes them: in
 * 1 MB steps, then flushed to the disk (the storage makes an upload durable before it is recorded, see
 * server/core/storage/local-folder.ts; both sides pay for reaching the disk, neither stops at the page cache).
 */
async function writeOnce(folder: string, chunk: Buffer): Promise<number> {
  const path = join(folder, 'reference.bin');
  const started = performance.now();
  const file = (await open(path, 'wx')).createWriteStream({ highWaterMark: CHUNK_BYTES, flush: true });
  await writeFile(file, chunk);
  await finished(file.end());
  const seconds = (performance.now() - started) / 1000;
  await rm(path, { force: true });
  return seconds;
}

export interface UploadFigures {
  /** Against a bare Node HTTP server writing the body to the same disk (MB/s): the ceiling of any Node server here. */
  throughput: { ours: number; reference: number };
  /** The same bytes written with fs to the same disk, no HTTP at all (MB/s): printed beside the figure. */
  disk: number;
  memory: { peak: number; idle: number };
}

/** Starts one of the benchmark's servers (a module of this folder) on `folder`; answers it and its URL and token. */
async function startServer(module: string, folder: string) {
  const child = fork(new URL(module, import.meta.url), [folder], { execArgv: ['--import', 'tsx', '--expose-gc'] });
  const { url, token } = await new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { url: string; token: string }));
    child.once('exit', (code) => reject(new Error(`${module} exited with code ${code}`)));
  });
  return { child, url, token };
}

/**
 * An 80 MB attachment uploaded through POST /api/…/Upload…File (token, permission, multipart, size guard, content
 * check, SHA-256, storage, uploads row) against a bare Node HTTP server writing the same body to the same disk, and
 * the same bytes written with fs (MB/s, best of alternating rounds); the server's peak RSS during its uploads against
 * its idle RSS.
 */
export async function uploadFigures(): Promise<UploadFigures> {
  const folder = resolve('.bench/uploads');
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const api = await startServer('./upload-server.ts', folder);
  const ceiling = await startServer('./upload-ceiling-server.ts', folder).catch((error: unknown) => {
    api.child.kill();
    throw error;
  });
  try {
    const chunk = benchChunk();
    // Warm-up: the code paths loaded, the disk folder made.
    await uploadOnce(api.url, api.token, chunk);
    await uploadOnce(ceiling.url, ceiling.token, chunk);
    await writeOnce(folder, chunk);
    const idle = (await withChild<{ rss: number }>(api.child, 'idle')).rss;
    await withChild(api.child, 'watch');
    const best = { ours: 0, reference: 0, disk: 0 };
    const rate = (seconds: number) => ATTACHMENT_MAX_BYTES / MB / seconds;
    for (let round = 0; round < ROUNDS; round++) {
      best.disk = Math.max(best.disk, rate(await writeOnce(folder, chunk)));
      best.ours = Math.max(best.ours, rate(await uploadOnce(api.url, api.token, chunk)));
      best.reference = Math.max(best.reference, rate(await uploadOnce(ceiling.url, ceiling.token, chunk)));
    }
    const peak = (await withChild<{ rss: number }>(api.child, 'peak')).rss;
    return { throughput: { ours: best.ours, reference: best.reference }, disk: best.disk, memory: { peak, idle } };
  } finally {
    api.child.kill();
    ceiling.child.kill();
    await rm(folder, { recursive: true, force: true });
  }
}
