import { open, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The upload benchmark's ceiling, in a process of its own: a bare Node HTTP server that writes each request's body
 * to a file in the folder given as argument, as the storage does (1 MB steps, flushed to the disk), and nothing else:
 * no framework, token, multipart parsing, content check, hash or database. What Node itself reaches on this machine
 * between a socket and the disk; the API's figure can come near it, not above it.
 */
const folder = process.argv[2]!;
let files = 0;
const server = createServer((request, response) => {
  const path = join(folder, `ceiling-${files++}`);
  void (async () => {
    const file = await open(path, 'wx');
    await pipeline(request, file.createWriteStream({ highWaterMark: 1024 * 1024, flush: true }));
    await rm(path, { force: true });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ code: 200, info: 'ok' }));
  })();
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ url: `http://127.0.0.1:${port}/`, token: '' });
});
