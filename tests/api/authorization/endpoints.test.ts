import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { Readable } from 'node:stream';
import { Code } from '../../../contract/codes';
import { defineEndpoint, type Endpoint } from '../../../contract/endpoint';
import { isEntitySubject } from '../../../permissions/entities';
import { endpointsOf } from '../../../resources/endpoints';
import { RESOURCES } from '../../../resources';
import { profileCalls } from '../../../resources/profile-calls';
import { isSubject } from '../../../permissions/subjects';
import { registerEndpoint } from '../../../server/core/http/endpoint';
import { ApiError } from '../../../server/core/http/envelope';
import { createTestApp, type TestApp } from '../helpers';
import { documentedCalls } from '../hardening/openapi';
import { as } from '../monitoring/world';

/**
 * The calls of contract/ (contract/endpoint.ts) are what the server registers: each endpoint object found in
 * contract/ is a call of the app with its method, path, permission and body schema, and registerEndpoint gives its
 * handler the caller from the token and the validated body, with the codes every call answers.
 */

const CONTRACT = join(__dirname, '../../../contract');

function isEndpoint(value: unknown): value is Endpoint {
  if (typeof value !== 'object' || value === null) return false;
  const { path, method, kind, schemas } = value as Record<string, unknown>;
  return typeof path === 'string' && typeof method === 'string' && typeof kind === 'string' && typeof schemas === 'function';
}

/** The calls a declaration yields (resources/endpoints.ts), and the profile's (resources/profile-calls.ts). */
function declaredEndpoints(): { name: string; endpoint: Endpoint }[] {
  const found: { name: string; endpoint: Endpoint }[] = Object.entries(profileCalls).map(([key, endpoint]) => ({
    name: `profile-calls.ts ${key}`,
    endpoint: endpoint as Endpoint,
  }));
  for (const declaration of RESOURCES.filter((d) => d.table)) {
    const { transitions, ...calls } = endpointsOf(declaration);
    const all = { ...calls, ...Object.fromEntries(Object.entries(transitions).map(([action, call]) => [`transition ${action}`, call])) };
    for (const [key, endpoint] of Object.entries(all))
      if (endpoint) found.push({ name: `${declaration.name} ${key}`, endpoint: endpoint as Endpoint });
  }
  return found;
}

/** Every endpoint object contract/ exports, alone or in a group (`mailTimingCalls.list`), with where it is. */
async function contractEndpoints(): Promise<{ name: string; endpoint: Endpoint }[]> {
  const files = readdirSync(CONTRACT, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
  const found: { name: string; endpoint: Endpoint }[] = [];
  for (const file of files) {
    const module = (await import(join(CONTRACT, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      const where = `${relative(CONTRACT, join(CONTRACT, file))} ${name}`;
      if (isEndpoint(value)) found.push({ name: where, endpoint: value });
      else if (typeof value === 'object' && value !== null && !(value instanceof z.ZodType)) {
        for (const [key, inner] of Object.entries(value)) if (isEndpoint(inner)) found.push({ name: `${where}.${key}`, endpoint: inner });
      }
    }
  }
  return [...found, ...declaredEndpoints()];
}

const whoAmI = defineEndpoint({
  path: '/Test/WhoAmI',
  permission: { subject: 'mailJob', action: 'read' },
  summary: 'The caller as its handler sees it',
  schemas: async () => ({
    body: z.object({ n: z.number().int().min(1), note: z.string().default('none') }),
    answer: z.object({
      id: z.number(),
      username: z.string(),
      roles: z.array(z.string()),
      address: z.string(),
      n: z.number(),
      note: z.string(),
    }),
  }),
});
const whereFrom = defineEndpoint({
  path: '/Test/WhereFrom',
  method: 'GET',
  permission: 'public',
  summary: "A public call's caller",
  schemas: async () => ({ body: z.object({ q: z.string().min(1) }), answer: z.object({ address: z.string(), q: z.string() }) }),
});

const fetchFile = defineEndpoint({
  path: '/Test/FetchFile',
  kind: 'download',
  media: 'text/csv',
  permission: { subject: 'mailJob', action: 'read' },
  summary: 'A file made for its caller',
  schemas: async () => ({ body: z.object({ n: z.number().int().min(0) }), answer: z.file().describe('the file') }),
});

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    configure: (app) =>
      void app.register(
        async (api) => {
          await registerEndpoint(api, whoAmI, async (actor, body) => ({
            ...actor,
            roles: [...actor.roles],
            address: actor.address,
            ...body,
          }));
          await registerEndpoint(api, whereFrom, async (caller, { q }) => ({ address: caller.address, q }));
          await registerEndpoint(api, fetchFile, async (actor, { n }) => {
            if (n === 0) throw new ApiError(Code.NO_DATA);
            const text = `${actor.username};${n}\n`;
            return n === 1
              ? { name: `rows of ${actor.username} ü.csv`, bytes: Buffer.from(text) }
              : { name: 'stream.txt', bytes: Readable.from([text]), type: 'text/plain' };
          });
        },
        { prefix: '/api' },
      ),
  });
  await t.reset();
}, 120_000);
afterAll(() => t.close());

describe('the calls of contract/', () => {
  it('each is registered by the app with its method, path, permission and body schema', async () => {
    const endpoints = await contractEndpoints();
    expect(endpoints.map(({ name }) => name)).toEqual(
      expect.arrayContaining([
        'jobs-calls.ts jobCalls.runs',
        'mailings-calls.ts mailTimingCalls.save',
        'reports-calls.ts reportCalls.download',
      ]),
    );
    for (const { name, endpoint } of endpoints) {
      const registered = t.app.apiCalls.filter((call) => call.url === `/api${endpoint.path}` && call.method === endpoint.method);
      expect(registered, name).toHaveLength(1);
      const [call] = registered;
      // A public call and a device's pass the token check; a user's names what it needs.
      if (typeof endpoint.permission === 'string') expect(call!.public, name).toBe(true);
      else expect(call!.permission, name).toEqual(endpoint.permission);
      const { body } = await endpoint.schemas();
      expect(body, name).toBeInstanceOf(z.ZodType);
      // An upload's form is read as it streams in, never as a body the route validates.
      if (endpoint.kind !== 'upload') expect(endpoint.method === 'GET' ? call!.querystring : call!.body, name).toBe(body);
    }
  });

  it('each names a subject of permissions/ and a path no other call has', async () => {
    const endpoints = await contractEndpoints();
    for (const { name, endpoint } of endpoints) {
      if (typeof endpoint.permission !== 'string') {
        const { subject } = endpoint.permission;
        expect(isSubject(subject) || isEntitySubject(subject), `${name}: ${subject}`).toBe(true);
      }
    }
    const paths = endpoints.map(({ endpoint }) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('each is in the API document with its body and its answer inside the envelope (a download: its file under its media type)', async () => {
    const { calls } = documentedCalls(t.app);
    const doc = (t.app as unknown as { swagger(): any }).swagger();
    for (const { name, endpoint } of await contractEndpoints()) {
      expect(
        calls.some((call) => call.path === `/api${endpoint.path}` && call.method === endpoint.method),
        name,
      ).toBe(true);
      const operation = doc.paths[`/api${endpoint.path}`][endpoint.method.toLowerCase()];
      if (endpoint.kind === 'download') {
        expect(endpoint.media, name).toBeTruthy();
        expect(Object.keys(operation.responses['200'].content), name).toEqual([endpoint.media]);
        expect(operation.responses['200'].content[endpoint.media!].schema.format, name).toBe('binary');
        continue;
      }
      const answer = operation.responses['200'].content['application/json'].schema;
      expect(Object.keys(answer.properties), name).toEqual(expect.arrayContaining(['code', 'data', 'info']));
      // A public call asks for no bearer token; any other keeps the document's (server/core/http/docs.ts).
      if (typeof endpoint.permission === 'string') expect(operation.security, name).toEqual([]);
      else expect(operation.security, name).toBeUndefined();
    }
  });
});

describe('registerEndpoint', () => {
  it("gives the handler the token's user and the body with its defaults, and answers the envelope", async () => {
    const admin = await as(t, 'admin');
    const { status, body } = await admin.post('/api/Test/WhoAmI', { n: 2 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, info: 'Success', data: { username: 'admin', roles: ['admin'], n: 2, note: 'none' } });
    expect(body.data.id).toBeGreaterThan(0);
    expect(body.data.address).toBe('127.0.0.1');
  });

  it('bad input answers 2 or 3 naming the field, before the handler', async () => {
    const admin = await as(t, 'admin');
    const missing = await admin.post('/api/Test/WhoAmI', {});
    expect(missing.body).toMatchObject({ code: Code.PARAM_REQUIRED, data: { field: 'n' } });
    const wrong = await admin.post('/api/Test/WhoAmI', { n: 0 });
    expect(wrong.body).toMatchObject({ code: Code.PARAM_ERROR, data: { field: 'n' } });
  });

  it('a role without the permission gets 45 and nothing of the answer', async () => {
    const customer = await as(t, 'customer');
    const { body } = await customer.post('/api/Test/WhoAmI', { n: 1 });
    expect(body).toMatchObject({ code: Code.NO_PERMISSION, data: null });
  });

  it('a public GET call reads its query and needs no token; without a token a guarded call is 401', async () => {
    const open = await t.get('/api/Test/WhereFrom?q=x');
    expect(open.body).toMatchObject({ code: 200, data: { address: '127.0.0.1', q: 'x' } });
    const guarded = await t.post('/api/Test/WhoAmI', { n: 1 });
    expect(guarded.status).toBe(401);
  });

  it("a download answers the handler's file as an attachment under its name and type; a refusal is the envelope", async () => {
    const admin = await as(t, 'admin');
    const post = (body: object, token = admin.token) =>
      t.inject({ method: 'POST', url: '/api/Test/FetchFile', payload: body, headers: { authorization: `Bearer ${token}` } });
    const file = await post({ n: 1 });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="rows of admin _.csv"; filename*=UTF-8''rows%20of%20admin%20%C3%BC.csv`,
    );
    expect(file.body).toBe('admin;1\n');
    const streamed = await post({ n: 2 });
    expect(streamed.headers['content-type']).toBe('text/plain');
    expect(streamed.headers['content-disposition']).toBe(`attachment; filename="stream.txt"; filename*=UTF-8''stream.txt`);
    expect(streamed.body).toBe('admin;2\n');
    expect(JSON.parse((await post({ n: 0 })).body)).toMatchObject({ code: Code.NO_DATA, data: null });
    expect(JSON.parse((await post({})).body)).toMatchObject({ code: Code.PARAM_REQUIRED, data: { field: 'n' } });
    const customer = await as(t, 'customer');
    const refused = await post({ n: 1 }, customer.token);
    expect(refused.headers['content-disposition']).toBeUndefined();
    expect(JSON.parse(refused.body)).toMatchObject({ code: Code.NO_PERMISSION, data: null });
  });

  it('fails the start for a download that is not a POST (the web fetches files by POST)', async () => {
    const getFile = defineEndpoint({ ...fetchFile, path: '/Test/GetFile', method: 'GET', kind: 'download' });
    await expect(
      createTestApp({
        configure: (app) =>
          void app.register(async (api) => registerEndpoint(api, getFile, async () => ({ name: 'x', bytes: Buffer.from('') })), {
            prefix: '/api',
          }),
      }),
    ).rejects.toThrow('/Test/GetFile: a download is a POST');
  });

  it('fails the start when registered under another prefix than /api (the web calls the contract path)', async () => {
    await expect(
      createTestApp({
        configure: (app) =>
          void app.register(async (area) => registerEndpoint(area, whoAmI, async () => ({}) as never), { prefix: '/api/Test' }),
      }),
    ).rejects.toThrow("/Test/WhoAmI: register contract calls on the /api instance, not under the prefix '/api/Test'");
  });
});
