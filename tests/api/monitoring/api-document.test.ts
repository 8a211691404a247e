import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { monitoringRoutes } from '../../../server/monitoring/routes';
import { createTestApp, type TestApp } from '../helpers';

/**
 * The monitoring calls in the OpenAPI document: each is listed under the spec's path with the
 * request schema of contract/monitoring-requests.ts, and those with a response schema of contract/monitoring.ts show
 * the envelope around it.
 */
let t: TestApp;
let doc: {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
        responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown>; format?: string } }> }>;
      }
    >
  >;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
  const { AccessToken } = await t.login('admin');
  doc = (await t.inject({ method: 'GET', url: '/api/docs/json', headers: { authorization: `Bearer ${AccessToken}` } })).json();
});
afterAll(() => t.close());

const bodyOf = (path: string) => doc.paths[path]?.post?.requestBody?.content['application/json']?.schema.properties;
const answerOf = (path: string) => doc.paths[path]?.post?.responses['200']?.content?.['application/json']?.schema.properties;

test('every monitoring call keeps its path, and its body schema names its fields', () => {
  for (const path of [
    '/api/ESS/GetSystems',
    '/api/Power/SticsByDay',
    '/api/Statistic/SystemStatistic',
    '/api/Income/PayoffStatistic',
    '/api/Position/GetMapsList',
    '/api/EnergyStorageList/GetSystemStatusCount',
    '/api/Device/Ingest',
    '/api/Account/CheckSharerAccount',
    '/api/ESS/ShareSub',
    '/api/ESS/GetFleetOverview',
  ]) {
    expect(doc.paths[path]?.post, path).toBeDefined();
  }
  expect(doc.paths['/api/Account/GetCustomUseESSSetting']?.get).toBeDefined();
  expect(Object.keys(bodyOf('/api/ESS/GetSystems')!)).toEqual(expect.arrayContaining(['pageIndex', 'pageSize', 'sort', 'installer']));
  expect(Object.keys(bodyOf('/api/ESS/ShareSub')!)).toEqual(['email', 'days', 'sn']);
});

test('the response schemas of contract/monitoring.ts are in the document, inside the envelope', () => {
  const envelope = answerOf('/api/ESS/GetWeatherData')!;
  expect(Object.keys(envelope)).toEqual(expect.arrayContaining(['code', 'data', 'info']));
  // `data` is the weather or null (in whichever JSON Schema form the converter writes a nullable object).
  const data = JSON.stringify(envelope.data);
  for (const field of ['sn', 'time_zone', 'current', 'hours', 'temperature_c', 'cloud_cover', 'condition'])
    expect(data).toContain(`"${field}"`);
  for (const path of [
    '/api/Power/PredictivePower',
    '/api/ESS/GetSysFaultBySn',
    '/api/ESS/GetUserLogBySn',
    '/api/ESS/GetSystemComponents',
    '/api/Position/GetMapsList',
    '/api/ESS/GetVtSystemStatusCount',
  ]) {
    expect(answerOf(path)?.data, path).toBeDefined();
  }
});

/** Every call server/monitoring registers, as `<method> /api<path>`: read from its routes plugin, so a new call is covered too. */
async function monitoringCalls(): Promise<string[]> {
  const probe = Fastify();
  const calls: string[] = [];
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') calls.push(`${method.toLowerCase()} ${route.url}`);
  });
  await probe.register(monitoringRoutes, { prefix: '/api', deps: { db: t.db, clock: t.clock, config: t.config } });
  await probe.close();
  return calls;
}

test('every monitoring call has a response schema in the document: the envelope around its answer, or the xlsx of an export', async () => {
  const calls = await monitoringCalls();
  expect(calls.length).toBeGreaterThanOrEqual(40);
  const missing: string[] = [];
  for (const call of calls) {
    const [method, path] = call.split(' ') as [string, string];
    const content = doc.paths[path]?.[method]?.responses['200']?.content ?? {};
    const envelope = content['application/json']?.schema.properties;
    const file = content['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']?.schema;
    if (!(envelope && ['code', 'data', 'info'].every((field) => field in envelope)) && file?.format !== 'binary') missing.push(call);
  }
  expect(missing).toEqual([]);
});
