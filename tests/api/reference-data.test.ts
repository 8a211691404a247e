import { createTestApp, type TestApp } from './helpers';

/** Issue 15, scope 8: countries, states and cities for every country field (public: /Register asks before a login). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GetCountrycode', () => {
  test('every ISO country, named in the language asked for and sorted by that name; no token needed', async () => {
    const en = await t.get('/api/ESS/GetCountrycode');
    expect(en.body.code).toBe(200);
    const list = en.body.data as { code: string; name: string; flag: string; phoneCode: string }[];
    expect(list.length).toBe(249);
    expect(list.find((c) => c.code === 'DE')).toEqual({ code: 'DE', name: 'Germany', flag: '🇩🇪', phoneCode: '+49' });
    expect(list.every((c) => /^[A-Z]{2}$/.test(c.code))).toBe(true);
    const names = list.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare));
    const de = (await t.get('/api/ESS/GetCountrycode?language=de-DE')).body.data as typeof list;
    expect(de.find((c) => c.code === 'DE')?.name).toBe('Deutschland');
    const zh = (await t.get('/api/ESS/GetCountrycode?language=zh')).body.data as typeof list;
    expect(zh.find((c) => c.code === 'DE')?.name).toBe('德国');
    const ja = (await t.get('/api/ESS/GetCountrycode?language=ja')).body.data as typeof list;
    expect(ja.find((c) => c.code === 'JP')?.name).toBe('日本');
    // A language we do not speak: English.
    expect(((await t.get('/api/ESS/GetCountrycode?language=fr')).body.data as typeof list)[0]!.name).toBe(list[0]!.name);
  });

  test('a language that is no short string → 2', async () => {
    expect((await t.get(`/api/ESS/GetCountrycode?language=${'x'.repeat(500)}`)).body.code).toBe(2);
  });
});

describe('GetStatecode', () => {
  test('the states of a country by code (any case), sorted by name', async () => {
    const { body } = await t.get('/api/ESS/GetStatecode?Key=de');
    expect(body.code).toBe(200);
    expect(body.data).toHaveLength(16);
    expect(body.data).toContainEqual({ code: 'BY', name: 'Bavaria' });
    expect((await t.get('/api/ESS/GetStatecode?Key=US')).body.data).toContainEqual({ code: 'CA', name: 'California' });
  });

  test('an unknown country → an empty list; no Key → 3; a huge Key → 2', async () => {
    expect((await t.get('/api/ESS/GetStatecode?Key=XX')).body).toMatchObject({ code: 200, data: [] });
    expect((await t.get('/api/ESS/GetStatecode')).body.code).toBe(3);
    expect((await t.get(`/api/ESS/GetStatecode?Key=${'D'.repeat(5000)}`)).body.code).toBe(2);
  });
});

describe('GetCitycode', () => {
  test('the cities of a state (country-state), or of a country without states', async () => {
    const { body } = await t.get('/api/ESS/GetCitycode?Key=DE-BY');
    expect(body.code).toBe(200);
    const names = (body.data as { name: string }[]).map((c) => c.name);
    expect(names).toContain('Munich');
    expect(names).toContain('Augsburg');
    expect(names).not.toContain('Hamburg');
    expect(new Set(names).size).toBe(names.length);
    expect(((await t.get('/api/ESS/GetCitycode?Key=GB-ENG')).body.data as { name: string }[]).map((c) => c.name)).toContain('London');
  });

  test('an unknown key → an empty list; a NUL byte → 2', async () => {
    expect((await t.get('/api/ESS/GetCitycode?Key=XX-YY')).body).toMatchObject({ code: 200, data: [] });
    expect((await t.get('/api/ESS/GetCitycode?Key=DE-ZZ')).body).toMatchObject({ code: 200, data: [] });
    expect((await t.get('/api/ESS/GetCitycode?Key=DE%00BY')).body.code).toBe(2);
  });
});
