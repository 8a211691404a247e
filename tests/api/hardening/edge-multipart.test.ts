import multipart from '@fastify/multipart';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers';
import { registerUpload, testUpload } from '../test-calls';

const BOUNDARY = '----edge-test-boundary';

function filePart(name: string, filename: string, content: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
}

const closing = Buffer.from(`--${BOUNDARY}--\r\n`);

/** A small first file and a second one large enough not to be buffered whole with it. */
const twoFiles = Buffer.concat([
  filePart('file', 'a.xlsx', Buffer.from('not a spreadsheet')),
  filePart('file', 'b.xlsx', Buffer.alloc(2 * 1024 * 1024, 'x')),
  closing,
]);

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
  socket: unknown;
}

/** One request through `agent`, failing when no answer comes in time (a stuck socket never answers). */
function send(
  agent: http.Agent,
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, agent, method: options.method, path: options.path, headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body: text ? JSON.parse(text) : null,
            socket: request.socket,
          });
        });
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error(`no answer to ${options.method} ${options.path}`)));
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('multipart at the HTTP edge (a real listening server)', () => {
  let t: TestApp;
  let port: number;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({
      configure: (app) => {
        // An upload route that reads its first file only and answers, leaving the second unread.
        app.register(
          async (scope) => {
            await scope.register(multipart, { limits: { files: 1 } });
            await registerUpload(
              scope,
              testUpload('/test/first-file-only', { subject: 'user', action: 'read' }),
              async (_actor, request) => {
                const file = await request.file();
                await file!.toBuffer();
                return file!.filename;
              },
            );
          },
          { prefix: '/api' },
        );
      },
    });
    await t.seed();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
    admin = (await t.login('admin')).AccessToken;
  });
  afterAll(() => t.close());

  it('a request with an unread second part leaves the keep-alive connection able to answer the next request', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = twoFiles;
      const upload = await send(agent, port, {
        method: 'POST',
        path: '/api/SN/ImportSn',
        headers: {
          authorization: `Bearer ${admin}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
        },
        body,
      });
      expect(upload.status).toBe(200);
      expect(upload.body.code).not.toBe(500);
      const next = await send(agent, port, { method: 'GET', path: '/api/health' });
      expect(next.body).toMatchObject({ code: 200 });
    } finally {
      agent.destroy();
    }
  });

  it('any upload route answering before it read the whole body ends the connection, so the next request is answered on a new one', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const upload = await send(agent, port, {
        method: 'POST',
        path: '/api/test/first-file-only',
        headers: {
          authorization: `Bearer ${admin}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(twoFiles.length),
        },
        body: twoFiles,
      });
      expect(upload.body).toEqual({ code: 200, data: 'a.xlsx', info: 'Success' });
      expect(upload.headers.connection).toBe('close');
      const next = await send(agent, port, { method: 'GET', path: '/api/health' });
      expect(next.body).toMatchObject({ code: 200 });
      expect(next.socket).not.toBe(upload.socket);
      // A request read to its end keeps its connection.
      expect(next.headers.connection).toBe('keep-alive');
    } finally {
      agent.destroy();
    }
  });

  it('multipart without a boundary answers code 2', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = filePart('file', 'a.xlsx', Buffer.from('PK\u0003\u0004'));
      const answer = await send(agent, port, {
        method: 'POST',
        path: '/api/SN/ImportSn',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'multipart/form-data', 'content-length': String(body.length) },
        body,
      });
      expect(answer.body).toMatchObject({ code: 2 });
      expect((await send(agent, port, { method: 'GET', path: '/api/health' })).body.code).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('a truncated multipart body answers code 2', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // The part starts but neither it nor the form ends.
      const body = Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004abc`,
      );
      const answer = await send(agent, port, {
        method: 'POST',
        path: '/api/SN/ImportSn',
        headers: {
          authorization: `Bearer ${admin}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(body.length),
        },
        body,
      });
      expect(answer.body).toMatchObject({ code: 2 });
      expect((await send(agent, port, { method: 'GET', path: '/api/health' })).body.code).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
