import { fork, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ATTACHMENT_MAX_BYTES, MB } from '../../resources/attachments';

const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const BOUNDARY = 'bench-upload-boundary';
const CHUNK = 256 * 1024;

/** The bytes of an 80 MB file (a PDF by its head, then varied filler), produced chunk by chunk, never held whole. */
function fileChunks(size: number): Readable {
  const head = Buffer.from('%PDF-1.7\n% bench\n');
  const filler = Buffer.alloc(CHUNK);
  for (let i = 0; i < filler.length; i++) filler[i] = (i * 131 + 7) & 0xff;
  return Readable.from(
    (function* () {
      yield head;
      for (let left = size - head.length; left > 0; left -= CHUNK) yield left >= CHUNK ? filler : filler.subarray(0, left);
    })(),
  );
}

async function withChild<T>(child: ChildProcess, ask: string): Promise<T> {
  const answer = new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T)));
  child.send(ask);
  return answer;
}

/** One upload through the API (multipart, streamed over HTTP); answers the seconds it took. */
async function uploadOnce(url: string, token: string): Promise<number> {
  const prefix = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const suffix = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const started = performance.now();
  const answer = await new Promise<string>((done, fail) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(prefix.length + ATTACHMENT_MAX_BYTES + suffix.length),
      },
    });
    req.on('response', (response) => {
      let text = '';
      response
        .setEncoding('utf8')
        .on('data', (chunk: string) => (text += chunk))
        .on('end', () => done(text));
    });
    req.on('error', fail);
    const body = Readable.from(
      (async function* () {
        yield prefix;
        yield* fileChunks(ATTACHMENT_MAX_BYTES);
        yield suffix;
      })(),
    );
    body.pipe(req);
  });
  const seconds = (performance.now() - started) / 1000;
  const envelope = JSON.parse(answer) as { code: number; info: string };
  if (envelope.code !== 200) throw new Error(`upload answered ${envelope.code} ${envelope.info}`);
  return seconds;
}

/** The same bytes written with fs to a file in the same folder the server stores into. */
async function writeOnce(folder: string): Promise<number> {
  const started = performance.now();
  const path = join(folder, 'reference.bin');
  await pipeline(fileChunks(ATTACHMENT_MAX_BYTES), createWriteStream(path));
  const seconds = (performance.now() - started) / 1000;
  await rm(path, { force: true });
  return seconds;
}

export interface UploadFigures {
  throughput: { ours: number; reference: number };
  memory: { peak: number; idle: number };
}

/**
 * An 80 MB attachment uploaded through POST /api/…/Upload…File (token, permission, multipart, size guard, content
 * check, SHA-256, storage, uploads row) against writing the same bytes with fs to the same disk (MB/s, best of
 * alternating rounds), and the server's peak RSS during its uploads against its idle RSS.
 */
export async function uploadFigures(): Promise<UploadFigures> {
  const folder = resolve('.bench/uploads');
  await rm(folder, { recursive: true, force: true });
  await mkdir(folder, { recursive: true });
  const child = fork(new URL('./upload-server.ts', import.meta.url), [folder], { execArgv: ['--import', 'tsx', '--expose-gc'] });
  try {
    const { url, token } = await new Promise<{ url: string; token: string }>((resolve, reject) => {
      child.once('message', (message) => resolve(message as { url: string; token: string }));
      child.once('exit', (code) => reject(new Error(`the upload server exited with code ${code}`)));
    });
    // Warm-up: the code paths loaded, the disk folder made.
    await uploadOnce(url, token);
    await writeOnce(folder);
    const idle = (await withChild<{ rss: number }>(child, 'idle')).rss;
    await withChild(child, 'watch');
    const best = { ours: 0, reference: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      best.reference = Math.max(best.reference, ATTACHMENT_MAX_BYTES / MB / (await writeOnce(folder)));
      best.ours = Math.max(best.ours, ATTACHMENT_MAX_BYTES / MB / (await uploadOnce(url, token)));
    }
    const peak = (await withChild<{ rss: number }>(child, 'peak')).rss;
    return { throughput: best, memory: { peak, idle } };
  } finally {
    child.kill();
    await rm(folder, { recursive: true, force: true });
  }
}
