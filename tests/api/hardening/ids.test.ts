import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../contract/codes';
import { tableDigests } from '../admin/helpers';
import { createTestApp, type TestApp } from '../helpers';
import { documentedCalls, type DocumentedCall } from './openapi';
import { BODY_SAMPLES } from '../sample-bodies';

/**
 * Ids were coerced (`DeleteLicense {"id":"0x10"}` deleted license 16). An id is a JSON
 * number that is a safe integer ≥ 1 or a string of decimal digits without leading zeros; anything else
 * answers 2 and changes nothing. The calls are found in the OpenAPI document, so a new call taking an id is
 * checked without touching this file.
 */
const BAD_IDS: unknown[] = [
  '0x10',
  true,
  [16],
  '1e3',
  ' 16',
  '16 ',
  16.5,
  -1,
  0,
  '016',
  '0',
  '+16',
  '16abc',
  { id: 16 },
  1e308,
  2 ** 53,
  '１６',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.seed();
});
afterAll(() => t.close());

const isIdName = (name: string) => name === 'id' || /Id$/.test(name) || /_id$/.test(name);
/** A raw i18n key such as `admin:validation.number`, which an answer's `info` must never show instead of words. */
const TRANSLATION_KEY = /\b[a-z]+:[a-zA-Z]+\.[a-zA-Z.]+\b/;

/** The calls taking an id, each with the name and place of that id. */
function callsTakingAnId(): { call: DocumentedCall; part: 'body' | 'query'; name: string }[] {
  const found: { call: DocumentedCall; part: 'body' | 'query'; name: string }[] = [];
  for (const call of documentedCalls(t.app).calls) {
    for (const part of ['body', 'query'] as const) {
      for (const name of Object.keys(call[part]?.properties ?? {})) if (isIdName(name)) found.push({ call, part, name });
    }
  }
  return found;
}

/**
 * Bodies valid but for the id under test, for calls that check other fields before it (a missing user name would
 * answer 3 first), beyond the authorization matrix's samples (tests/api/sample-bodies.ts). The roles are those that
 * read both scope links of a user.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  '/api/User/SaveUser': {
    username: 'idcheck',
    display_name: 'Id check',
    email: 'idcheck@example.com',
    roles: ['installer', 'reseller'],
    password: 'abcd1234',
    language_code: 'en-US',
  },
  '/api/ESS/RevokeShare': { sn: 'ESS2024A0001' },
  '/api/ESS/ExtendShare': { sn: 'ESS2024A0001', days: 7 },
  // The reply names the complaint and the message it answers: the complaint's id is whole, so commentId is what is checked.
  '/api/ComplaintsProcessing/ReplyComplaintsComment': { id: 1, commentContent: 'Thanks' },
};

async function send(call: DocumentedCall, part: 'body' | 'query', name: string, value: unknown, token: string) {
  if (part === 'query') {
    // A query string carries text: the shapes that are no text are sent as their JSON.
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const response = await t.inject({
      method: call.method,
      url: `${call.path}?${name}=${encodeURIComponent(text)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    return response.json();
  }
  const valid = { ...BODY_SAMPLES[`${call.method} ${call.path}`], ...VALID_BODIES[call.path] };
  return (await t.post(call.path, { ...valid, [name]: value }, { token })).body;
}

describe('ids', () => {
  it('the document lists the calls taking an id (generated one/save/delete, users, system settings)', () => {
    const paths = callsTakingAnId().map((c) => c.call.path);
    for (const path of [
      '/api/License/DeleteLicense',
      '/api/License/GetLicense',
      '/api/License/SaveLicense',
      '/api/User/ResetUserPassword',
      '/api/User/LockUser',
      '/api/Account/GetCustomUseESSSetting',
    ]) {
      expect(paths).toContain(path);
    }
  });

  it('every call taking an id answers 2 for every shape that is not a positive integer, and changes nothing', async () => {
    const tokens = { admin: (await t.login('admin')).AccessToken, customer: (await t.login('customer')).AccessToken };
    // The menu tree is filled from the route table by the first /Menu/ call: fill it before comparing.
    await t.post('/api/Menu/GetMenuPageList', {}, { token: tokens.admin });
    const before = await tableDigests(t);
    const wrong: string[] = [];
    for (const { call, part, name } of callsTakingAnId()) {
      // The role that may make the call: a refusal for permission (45) says nothing about the id.
      const token = (await send(call, part, name, '0x10', tokens.admin)).code === Code.NO_PERMISSION ? tokens.customer : tokens.admin;
      for (const bad of BAD_IDS) {
        const answer = await send(call, part, name, bad, token);
        // `info` names the field and says what is wrong in words, never as a translation key ('admin:validation.number').
        if (answer.code !== Code.PARAM_ERROR || !String(answer.info).includes(name) || TRANSLATION_KEY.test(String(answer.info)))
          wrong.push(`${call.path} ${name}=${JSON.stringify(bad)} → ${answer.code} ${answer.info}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await tableDigests(t)).toEqual(before);
  });

  it('"0x10" no longer deletes license 16; "16" still names it', async () => {
    const admin = (await t.login('admin')).AccessToken;
    const saved = { license_key: 'LIC-HEX-16', company: 'Sole', license_type: 'installer', expires_at: '2027-12-31', remark: '' };
    const license = (await t.post('/api/License/SaveLicense', saved, { token: admin })).body.data;
    const hex = `0x${Number(license.id).toString(16)}`;
    expect((await t.post('/api/License/DeleteLicense', { id: hex }, { token: admin })).body).toMatchObject({
      code: 2,
      info: 'Parameter error: id (Please fill in a number)',
    });
    expect((await t.post('/api/License/GetLicense', { id: String(license.id) }, { token: admin })).body.data.id).toBe(license.id);
    expect((await t.post('/api/User/GetUserMenuPermissions', { id: 1 }, { token: admin })).body.code).toBe(200);
  });
});
