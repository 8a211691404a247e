import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('CheckUsername', () => {
  const check = (body: unknown) => t.post('/api/Account/CheckUsername', body);

  test('a free name → 200, a taken one (any case) → 50; no token needed', async () => {
    expect((await check({ username: 'new-installer-42' })).body).toEqual({ code: 200, data: null, info: 'Success' });
    expect((await check({ username: 'installer' })).body).toEqual({ code: 50, data: null, info: 'Username exists' });
    expect((await check({ username: 'INSTALLER' })).body.code).toBe(50);
  });

  test.each([
    ['no username', 3, {}],
    ['a number', 2, { username: 12 }],
    ['10,000 characters', 2, { username: 'u'.repeat(10_000) }],
  ])('%s → %i naming username, nothing changed', async (_, code, body) => {
    const before = await t.database.rowCounts();
    const { body: answer } = await check(body);
    expect(answer.code).toBe(code);
    expect(answer.info).toContain('username');
    expect(await t.database.rowCounts()).toEqual(before);
  });
});

describe('GetSystemTimeZones', () => {
  test('lists every IANA zone with its offset at the injected time, west to east', async () => {
    t.clock.set('2026-01-15T12:00:00Z');
    const winter = await t.get('/api/Account/GetSystemTimeZones');
    expect(winter.status).toBe(200);
    expect(winter.body.code).toBe(200);
    const zones = winter.body.data as { id: string; offset: string; name: string }[];
    expect(zones.length).toBeGreaterThan(300);
    expect(zones.find((z) => z.id === 'Europe/Berlin')).toEqual({
      id: 'Europe/Berlin',
      offset: '+01:00',
      name: '(UTC+01:00) Europe/Berlin',
    });
    expect(zones.find((z) => z.id === 'Asia/Tokyo')?.offset).toBe('+09:00');
    expect(zones.find((z) => z.id === 'America/St_Johns')?.offset).toBe('-03:30');
    expect(zones.find((z) => z.id === 'UTC')?.offset).toBe('+00:00');
    expect(zones[0]!.offset.startsWith('-')).toBe(true);
    expect(zones.at(-1)!.offset.startsWith('+')).toBe(true);

    t.clock.set('2026-07-15T12:00:00Z');
    const summer = (await t.get('/api/Account/GetSystemTimeZones')).body.data as typeof zones;
    expect(summer.find((z) => z.id === 'Europe/Berlin')?.offset).toBe('+02:00');
  });
});

describe('GetUserAgreement', () => {
  const agreement = (body?: unknown) => t.post('/api/Account/GetUserAgreement', body);

  test('English by default, with a title and the full text', async () => {
    const { body } = await agreement();
    expect(body.code).toBe(200);
    expect(body.data.title).toBe('ESS Portal User Agreement');
    expect(body.data.content).toContain('Personal data');
    expect(body.data.content.length).toBeGreaterThan(2000);
  });

  test.each([
    ['de', 'Nutzungsvereinbarung ESS-Portal'],
    ['de-DE', 'Nutzungsvereinbarung ESS-Portal'],
    ['zh-CN', 'ESS 门户用户协议'],
    ['ja', 'ESS ポータル利用規約'],
    ['fr', 'ESS Portal User Agreement'],
  ])('language %s → %s', async (language, title) => {
    expect((await agreement({ language })).body.data.title).toBe(title);
  });

  test('a language that is not a short string → 2', async () => {
    expect((await agreement({ language: 5 })).body).toMatchObject({ code: 2 });
    expect((await agreement({ language: 'x'.repeat(10_000) })).body.info).toContain('language');
  });
});
