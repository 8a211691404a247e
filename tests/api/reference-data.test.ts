import { createTestApp, type TestApp } from './helpers';

/** Countries, states and cities for every country field (public: /Register asks before a login). */
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

  test("named in the caller's language where we have the names, sorted by them; the data set's English otherwise", async () => {
    const names = async (key: string, language: string) =>
      new Map(
        ((await t.get(`/api/ESS/GetStatecode?Key=${key}&language=${language}`)).body.data as { code: string; name: string }[]).map((s) => [
          s.code,
          s.name,
        ]),
      );
    const de = await names('DE', 'de-DE');
    expect([de.get('BY'), de.get('HE'), de.get('NI'), de.get('NW')]).toEqual(['Bayern', 'Hessen', 'Niedersachsen', 'Nordrhein-Westfalen']);
    expect([...de.values()]).toEqual([...de.values()].sort(new Intl.Collator('de').compare));
    expect((await names('DE', 'zh')).get('BY')).toBe('巴伐利亚州');
    expect((await names('DE', 'ja')).get('BY')).toBe('バイエルン州');
    expect((await names('AT', 'de')).get('9')).toBe('Wien');
    expect((await names('CH', 'de')).get('GE')).toBe('Genf');
    expect((await names('JP', 'ja')).get('13')).toBe('東京都');
    expect((await names('CN', 'zh')).get('GD')).toBe('广东省');
    // Each demo country has every state named in de, zh and ja (China's in German stay pinyin, as German writes them).
    for (const country of ['DE', 'AT', 'CH', 'AU', 'JP']) {
      const english = await names(country, 'en');
      for (const language of ['de', 'zh', 'ja']) {
        const local = await names(country, language);
        const untranslated = [...local].filter(([code, name]) => name === english.get(code) && /[A-Za-z]/.test(name) && language !== 'de');
        expect(untranslated, `${country} ${language}`).toEqual([]);
      }
    }
    // A country we have no names for: the data set's English in every language; English stays English.
    expect((await names('US', 'de')).get('CA')).toBe('California');
    expect((await names('DE', 'en')).get('BY')).toBe('Bavaria');
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
