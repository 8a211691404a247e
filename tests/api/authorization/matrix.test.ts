import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAbilityFor } from '../../../permissions/ability';
import { ROLES, seesEverySystem, type Role } from '../../../permissions/roles';
import { RESOURCES } from '../../../resources';
import { idFieldOf } from '../../../resources/types';
import { workflowPaths } from '../../../resources/workflow';
import { queryRows } from '../../../server/core/db';
import { permissionParts, type ApiCall } from '../../../server/core/http/permissions';
import { tableDigests } from '../admin/helpers';
import { TRANSITION_FIELDS } from '../complaints/samples';
import { createTestApp, type TestApp } from '../helpers';
import { createMonitoringWorld } from '../monitoring/world';
import { BODY_SAMPLES, SAFETY_SAMPLE } from '../sample-bodies';

/**
 * The generated authorization matrix: every call the app registers × the 14 roles, and for
 * calls about one system a system inside and one outside the caller's scope (DESIGN §6). Nothing here names a
 * call: the list comes from the app itself (server/core/http/permissions.ts keeps it), so a new call is covered the
 * day it is registered. What the test needs beyond the route's own config is a sample body for calls about one
 * system (ROW_SAMPLES); a new such call without one fails the completeness check below.
 *
 * - a role whose ability lacks the call's permission gets 45, and no table changes (digests, batched per role);
 *   the body is a valid one where the call has a sample, since bad input answers 2 / 3 before the permission;
 * - a role that holds it never gets 45 (an empty body answers 2 / 3 or works: the gate let it through);
 * - on a system outside the caller's scope: 45 and nothing changed; inside it: not 45.
 */

/** The body (or query) of a call about one system, for that system's S/N or id. */
type RowSample = (row: { sn: string; id: number }) => Record<string, unknown> | Promise<Record<string, unknown>>;

/** The newest share of a system: the one ShareSub made a moment before, so the demo's own shares stay. */
async function newestShare(sn: string): Promise<number> {
  const [row] = await queryRows<{ id: number | null }>(t.db, sql`SELECT max(id) AS id FROM system_shares WHERE system_sn = ${sn}`);
  return row?.id ?? 2_147_483_647;
}

const sn: RowSample = ({ sn }) => ({ sn });
const ROW_SAMPLES: Record<string, RowSample> = {
  'POST /api/ESS/SticsSummeryDataForCustomer': sn,
  'POST /api/ESS/SticsSummeryDataForUser': sn,
  'POST /api/ESS/GetWeatherData': sn,
  'POST /api/Account/GetInstallerContact': sn,
  'POST /api/ESS/UpdateSystemRemark': ({ sn }) => ({ sn, remark: 'matrix' }),
  'POST /api/ESS/GetSysFaultBySn': ({ sn }) => ({ sn, pageIndex: 1, pageSize: 10 }),
  'POST /api/ESS/GetSystemComponents': sn,
  'POST /api/ESS/GetUserLogBySn': ({ sn }) => ({ sn, pageIndex: 1, pageSize: 10 }),
  'POST /api/ESS/ShareSub': ({ sn }) => ({ sn, email: 'matrix@example.com', days: 30 }),
  'POST /api/ESS/GetShareList': sn,
  'POST /api/ESS/RevokeShare': async ({ sn }) => ({ sn, id: await newestShare(sn) }),
  'POST /api/ESS/ExtendShare': async ({ sn }) => ({ sn, id: await newestShare(sn), days: 30 }),
  'GET /api/ESS/GetSecondDataBySn': sn,
  'POST /api/Power/SticsByDay': sn,
  'POST /api/Power/SticsByPeriod': ({ sn }) => ({ sn, period: 'month' }),
  'POST /api/Power/PredictivePower': sn,
  'POST /api/Power/ExportSticsByDay': sn,
  'POST /api/Statistic/SystemStatistic': ({ sn }) => ({ sn, beginDate: '2026-03-01', endDate: '2026-03-02' }),
  'POST /api/Statistic/ExportSystemStatistic': ({ sn }) => ({ sn, beginDate: '2026-03-01', endDate: '2026-03-02' }),
  'POST /api/Statistic/ExportLifetimeStatistic': sn,
  'POST /api/Income/PayoffStatistic': ({ sn }) => ({ sn, period: 'month' }),
  'POST /api/Income/PayoffTotalResult': sn,
  'POST /api/Income/UpdateSystemCost': ({ sn }) => ({ sn, systemCost: 1000 }),
  'POST /api/Income/ExportPayoffStatistic': ({ sn }) => ({ sn, period: 'month' }),
  'POST /api/Account/ElectrovalenceSetting': ({ sn }) => ({ sn, currency: 'EUR', basePrice: 0.3, feedInPrice: 0.08, periods: [] }),
  'GET /api/Account/GetElectrovalenceSetting': sn,
  'POST /api/Account/CustomUseESSSetting': ({ sn }) => ({
    sn,
    backupReserveSoc: 20,
    gridCharge: false,
    feedInLimitPercent: 70,
    chargeWindows: [],
  }),
  'GET /api/Account/GetCustomUseESSSetting': ({ id }) => ({ system_id: id }),
  'POST /api/DeviceCommand/SendCommand': ({ sn }) => ({ sn, command: 'feedIn', params: { enabled: false } }),
  'POST /api/DeviceCommand/GetSystemControl': sn,
  'POST /api/DeviceCommand/RotateDeviceKey': sn,
  // The scope is checked before the label (nothing counted outside it); inside, the wrong check code keeps the system
  // unowned for the roles after.
  'POST /api/SystemAssociation/AssociateSystem': ({ sn }) => ({
    customer: { email: 'thomas.becker@mail.example' },
    sn,
    check_code: 'NOTIT1',
  }),
  'POST /api/ESS/GetCosSettings': sn,
  'POST /api/ESS/SetCosSettings': ({ sn }) => ({ sn, settings: SAFETY_SAMPLE }),
  'POST /api/Warranty/GetWarranty': ({ sn }) => ({ sys_sn: sn }),
  'POST /api/Warranty/SaveSystemwarranty': ({ sn }) => ({
    sys_sn: sn,
    start_basis: 'delivery',
    delivered_on: '2025-06-01',
    inverter_years: 10,
    battery_years: 10,
    battery_mwh: 40,
    battery_extendable: true,
  }),
  'POST /api/Warranty/UpdateWarranty': ({ sn }) => ({ sys_sn: sn, component: 'battery', cdkey: 'WK-MATRIX-0001' }),
};
/** Calls whose `sn` names no system: the storage list's search, the S/N registry's own numbers, the command lists' filters. */
const SN_NOT_A_SYSTEM = new Set([
  // A label to install: no system has the S/N yet.
  'POST /api/SystemInstall/CheckInstallSn',
  'POST /api/SystemInstall/InstallNewSystem',
  'POST /api/ESS/GetSystems',
  'POST /api/ESS/GetVtSystemStatusCount',
  'POST /api/EnergyStorageList/GetSystemStatusCount',
  'POST /api/SN/GetSnPageList',
  'POST /api/SN/SaveSn',
  'POST /api/SN/CheckSn',
  // A filter of the command lists: contained text, not one system.
  'POST /api/DeviceCommand/GetCommandList',
  'POST /api/BatchSetting/GetBatchSystems',
]);
/** Calls that end the caller's session when they work: they get a token of their own. */
const ENDS_SESSION = new Set(['POST /api/Account/Logout']);

const ROW_KEYS = ['sn', 'system_id', 'sys_sn'];

let t: TestApp;
let calls: ApiCall[];
const tokens = new Map<Role, string>();
let declaredSamples: Record<string, Record<string, unknown>> = {};

beforeAll(async () => {
  t = await createMonitoringWorld(1);
  calls = t.app.apiCalls.filter((call) => !call.public);
  for (const role of ROLES) tokens.set(role, (await t.login(role)).AccessToken);
  declaredSamples = await samplesOfDeclaredCalls(tokens.get('admin')!);
}, 120_000);

/**
 * Bodies of the calls generated from the declarations (resources/), which validate their bodies before the
 * permission like every other call: `one` and `delete` name the first row, `save` sends that row back as `one`
 * reads it (an edit that changes nothing).
 */
async function samplesOfDeclaredCalls(adminToken: string): Promise<Record<string, Record<string, unknown>>> {
  const read = async (path: string, body: Record<string, unknown>) =>
    (await t.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: `Bearer ${adminToken}` }, payload: body })).json().data;
  const samples: Record<string, Record<string, unknown>> = {};
  for (const declaration of RESOURCES) {
    const { list, one, save, delete: remove } = declaration.endpoints;
    if (!list || !one) continue;
    const idField = idFieldOf(declaration);
    const first = (await read(list, { pageSize: 1 }))?.data?.[0];
    // Without rows a numeric id is still a valid body (the refusal comes before the lookup).
    const id = { [idField]: first?.[idField] ?? 1 };
    samples[`POST /api${one}`] = id;
    if (remove) samples[`POST /api${remove}`] = id;
    if (save && first) samples[`POST /api${save}`] = await read(one, id);
    if (declaration.endpoints.download) samples[`POST /api${declaration.endpoints.download}`] = { id: 1 };
    if (!declaration.workflow) continue;
    // A workflow's calls: the record and the fields its transition requires.
    const paths = workflowPaths(declaration.endpoints);
    samples[`POST /api${paths.history}`] = id;
    for (const { action } of declaration.workflow.transitions)
      samples[`POST /api${paths.action(action)}`] = { ...id, ...TRANSITION_FIELDS[action] };
  }
  return samples;
}
afterAll(() => t.close());

const keyOf = (call: ApiCall) => `${call.method} ${call.url}`;

function shapeKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

function takesRow(call: ApiCall): boolean {
  return (
    !SN_NOT_A_SYSTEM.has(keyOf(call)) && [...shapeKeys(call.body), ...shapeKeys(call.querystring)].some((key) => ROW_KEYS.includes(key))
  );
}

function mayCall(role: Role, call: ApiCall): boolean {
  const { key, actions } = permissionParts(call.permission!);
  const ability = defineAbilityFor([role]);
  return actions.some((action) => ability.can(action, key));
}

/** The envelope of the answer; a file (an xlsx export or template) stands for success. */
async function send(call: ApiCall, body: Record<string, unknown>, token: string): Promise<{ code: number; data: unknown; info?: string }> {
  const query = call.method === 'GET' ? new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString() : '';
  const response = await t.inject({
    method: call.method as 'GET' | 'POST',
    url: query ? `${call.url}?${query}` : call.url,
    headers: { authorization: `Bearer ${token}` },
    ...(call.method === 'GET' ? {} : { payload: body }),
  });
  if (!String(response.headers['content-type']).startsWith('application/json')) return { code: 200, data: 'file' };
  return response.json();
}

/** The systems in and out of a role's scope, straight from the tables (the demo links of DESIGN §6). */
async function systemsOf(role: Role): Promise<{ inside?: { sn: string; id: number }; outside?: { sn: string; id: number } }> {
  const all = await queryRows<{ sys_sn: string; id: number }>(t.db, sql`SELECT sys_sn, id FROM systems ORDER BY sys_sn`);
  if (seesEverySystem([role])) return { inside: all[0] && { sn: all[0].sys_sn, id: all[0].id } };
  const user = sql`(SELECT id FROM users WHERE username = ${role})`;
  const organization = sql`(SELECT organization_id FROM users WHERE username = ${role})`;
  const where = {
    customer: sql`customer_user_id = ${user}`,
    sharer: sql`sys_sn IN (SELECT system_sn FROM system_shares WHERE sharer_user_id = ${user} AND expires_at > ${t.clock().toISOString()}::timestamptz)`,
    installer: sql`installer_company_id = (SELECT installer_company_id FROM users WHERE username = ${role})`,
    reseller: sql`installer_company_id IN (SELECT id FROM installer_companies WHERE reseller_id = ${organization})`,
    servicepartner: sql`installer_company_id IN (SELECT id FROM installer_companies WHERE service_partner_id = ${organization})`,
    vppmanager: sql`vpp_id IN (SELECT id FROM vpps WHERE manager_user_id = ${user})`,
    supplier: sql`id IN (SELECT system_id FROM system_components WHERE supplier_id = ${organization})`,
  }[role as string]!;
  const inside = await queryRows<{ sys_sn: string; id: number }>(t.db, sql`SELECT sys_sn, id FROM systems WHERE ${where} ORDER BY sys_sn`);
  const outside = all.find((system) => !inside.some((s) => s.sys_sn === system.sys_sn));
  return {
    inside: inside[0] && { sn: inside[0].sys_sn, id: inside[0].id },
    outside: outside && { sn: outside.sys_sn, id: outside.id },
  };
}

describe('the authorization matrix', () => {
  it('knows every call about one system: each has a sample body (add one to ROW_SAMPLES for a new call)', () => {
    expect(calls.length).toBeGreaterThan(50);
    const missing = calls.filter((call) => takesRow(call) && !ROW_SAMPLES[keyOf(call)]).map(keyOf);
    expect(missing).toEqual([]);
    const stale = Object.keys(ROW_SAMPLES).filter((key) => !calls.some((call) => keyOf(call) === key));
    expect(stale).toEqual([]);
  });

  it('a call registered without a permission stops the server from starting', async () => {
    await expect(
      createTestApp({ configure: (app) => app.post('/api/Test/Unnamed', async () => ({ code: 200, data: null, info: 'Success' })) }),
    ).rejects.toThrow(/Unnamed: name what the call needs/);
  });

  it('a call registered without an endpoint object of contract/ stops the server from starting', async () => {
    await expect(
      createTestApp({
        configure: (app) =>
          app.post('/api/Test/ByHand', { config: { public: true } }, async () => ({ code: 200, data: null, info: 'Success' })),
      }),
    ).rejects.toThrow(/ByHand: register it from an endpoint object/);
  });

  it.each(ROLES)('%s: refused calls answer 45 and change nothing; allowed ones are let through', async (role) => {
    const token = tokens.get(role)!;
    const refused = calls.filter((call) => !mayCall(role, call));
    const [system] = await queryRows<{ sys_sn: string; id: number }>(t.db, sql`SELECT sys_sn, id FROM systems ORDER BY sys_sn LIMIT 1`);
    const before = await tableDigests(t);
    for (const call of refused) {
      const sample = ROW_SAMPLES[keyOf(call)];
      const answer = await send(
        call,
        sample ? await sample({ sn: system!.sys_sn, id: system!.id }) : (BODY_SAMPLES[keyOf(call)] ?? declaredSamples[keyOf(call)] ?? {}),
        token,
      );
      expect(answer, `${role} ${keyOf(call)}`).toMatchObject({ code: 45, data: null });
    }
    expect(await tableDigests(t), `${role}: a refused call changed a table`).toEqual(before);

    for (const call of calls.filter((c) => mayCall(role, c) && !takesRow(c))) {
      const callerToken = ENDS_SESSION.has(keyOf(call)) ? (await t.login(role)).AccessToken : token;
      const answer = await send(call, {}, callerToken);
      expect(answer.code, `${role} ${keyOf(call)} → ${answer.info}`).not.toBe(45);
    }
  });

  it.each(ROLES)(
    "%s: a call about a system outside the caller's scope answers 45 and changes nothing; inside, it is let through",
    async (role) => {
      const token = tokens.get(role)!;
      const rowCalls = calls.filter((call) => takesRow(call) && mayCall(role, call));
      const { inside, outside } = await systemsOf(role);
      if (outside) {
        const before = await tableDigests(t);
        for (const call of rowCalls) {
          const answer = await send(call, await ROW_SAMPLES[keyOf(call)]!(outside), token);
          expect(answer, `${role} ${keyOf(call)} on ${outside.sn}`).toMatchObject({ code: 45, data: null });
        }
        expect(await tableDigests(t), `${role}: a call outside the scope changed a table`).toEqual(before);
      }
      if (inside) {
        for (const call of rowCalls) {
          const answer = await send(call, await ROW_SAMPLES[keyOf(call)]!(inside), token);
          expect(answer.code, `${role} ${keyOf(call)} on ${inside.sn} → ${answer.info}`).not.toBe(45);
        }
      }
    },
  );
});
