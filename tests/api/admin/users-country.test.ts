import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../../server/core/db';
import { MIGRATIONS_FOLDER } from '../../../server/core/db/migrate';
import { users } from '../../../server/core/db/schema';
import { countryCodeOf, countryLabel, countryOptions } from '../../../contract/countries';
import { COUNTRY_CODES } from '../../../contract/countryCodes';
import type { TestApp } from '../helpers';
import { expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

const newUser = (over: Record<string, unknown> = {}) => ({
  username: 'new.user',
  display_name: 'New User',
  email: 'new.user@example.com',
  roles: ['dev'],
  country: 'DE',
  company: 'ESS',
  phone: '',
  language_code: 'de-DE',
  password: 'Start2026x',
  license_key: '',
  ...over,
});

const countryOf = async (username: string) =>
  (await t.db.select({ country: users.country }).from(users).where(eq(users.username, username)))[0]!.country;

describe('country names and codes (src/i18n/countries.ts)', () => {
  it('holds the 249 assigned ISO 3166-1 alpha-2 codes, each named by Intl in every portal language', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    for (const withdrawn of ['EU', 'UN', 'XK', 'SU', 'YU', 'UK']) expect(COUNTRY_CODES).not.toContain(withdrawn);
    for (const language of ['en', 'de', 'zh', 'ja']) {
      const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
      expect(COUNTRY_CODES.filter((code) => !names.of(code))).toEqual([]);
    }
  });

  it('reads codes and names in the portal languages; text naming no country stays as typed', () => {
    expect(['DE', 'de', 'Germany', 'germany ', 'Deutschland', '德国', 'ドイツ'].map(countryCodeOf)).toEqual([
      'DE',
      'DE',
      'DE',
      'DE',
      'DE',
      'DE',
      'DE',
    ]);
    expect(['USA', 'United States of America', 'UK', 'Czech Republic', 'Bosnia and Herzegovina'].map(countryCodeOf)).toEqual([
      'US',
      'US',
      'GB',
      'CZ',
      'BA',
    ]);
    expect(['Atlantis', 'XK', 'EU', ''].map(countryCodeOf)).toEqual([undefined, undefined, undefined, undefined]);
    expect(countryLabel('DE', 'de-DE')).toBe('Deutschland');
    expect(countryLabel('Germany', 'zh-CN')).toBe('德国');
    expect(countryLabel('Atlantis', 'de-DE')).toBe('Atlantis');
  });

  it("offers every country once, in the language's alphabetical order", () => {
    const german = countryOptions('de-DE');
    expect(german).toHaveLength(249);
    const labels = german.map((o) => o.label);
    expect([...labels].sort(new Intl.Collator('de-DE').compare)).toEqual(labels);
    expect(german.find((o) => o.value === 'AT')?.label).toBe('Österreich');
  });
});

describe('userManagement: country is an ISO code', () => {
  it('stores the code, lists and filters by it; the seed holds codes', async () => {
    const admin = await tokens.of('admin');
    expect(await countryOf('installer')).toBe('IT');
    const created = await expectOk(t, '/api/User/SaveUser', newUser({ country: 'JP' }), admin);
    expect(created.country).toBe('JP');
    const page = await expectOk(t, '/api/User/GetUserPageList', { pageIndex: 1, pageSize: 50, country: 'JP' }, admin);
    expect(page.data.map((u: any) => u.username).sort()).toEqual(['dev', 'new.user', 'supplier']);
    const cleared = await expectOk(t, '/api/User/SaveUser', { ...newUser({ country: '' }), id: created.id }, admin);
    expect(cleared.country).toBe('');
  });

  it('a name or an unassigned code is a parameter error (2) on save and in the filter; nothing changed', async () => {
    const admin = await tokens.of('admin');
    await expectRejected(t, '/api/User/SaveUser', newUser({ country: 'Germany' }), admin, 2, 'country');
    await expectRejected(t, '/api/User/SaveUser', newUser({ country: 'XK' }), admin, 2, 'country');
    await expectRejected(t, '/api/User/SaveUser', newUser({ country: 'de' }), admin, 2, 'country');
    await expectRejected(t, '/api/User/SaveUser', newUser({ country: 49 }), admin, 2, 'country');
    await expectRejected(t, '/api/User/GetUserPageList', { pageIndex: 1, pageSize: 5, country: 'Germany' }, admin, 2);
  });

  it('a role without user management is refused (45); nothing changed', async () => {
    await expectRejected(t, '/api/User/SaveUser', newUser(), await tokens.of('customer'), 45);
    await expectRejected(t, '/api/User/GetUserPageList', { pageIndex: 1, pageSize: 5, country: 'DE' }, await tokens.of('installer'), 45);
  });
});

describe('profile: country is an ISO code', () => {
  const profile = (over: Record<string, unknown> = {}) => ({
    display_name: 'Thomas Becker',
    email: 'thomas.becker@mail.example',
    phone: '',
    country: 'AT',
    company: '',
    language_code: 'en-US',
    time_zone: 'Europe/Vienna',
    ...over,
  });

  it('saves the code and answers it, in the session too', async () => {
    const customer = await tokens.of('customer');
    expect((await expectOk(t, '/api/UserInfo/SaveMyUserInfo', profile(), customer)).country).toBe('AT');
    expect((await expectOk(t, '/api/UserInfo/GetMyUserInfo', {}, customer)).country).toBe('AT');
    expect((await expectOk(t, '/api/Account/GetUserInfo', undefined, customer)).country).toBe('AT');
  });

  it('a name is a parameter error (2); nothing changed', async () => {
    await expectRejected(t, '/api/UserInfo/SaveMyUserInfo', profile({ country: 'Austria' }), await tokens.of('customer'), 2, 'country');
  });

  it("changes only the caller's own country, never another user's (an id in the body is not read)", async () => {
    const admin = (await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')))[0]!;
    await expectOk(t, '/api/UserInfo/SaveMyUserInfo', { ...profile({ country: 'FR' }), id: admin.id }, await tokens.of('customer'));
    expect(await countryOf('admin')).toBe('DE');
    expect(await countryOf('customer')).toBe('FR');
  });
});

describe('migration 0015: English names become codes', () => {
  it('maps names (any case, everyday names too), clears text naming no country and logs it', async () => {
    // The migrations up to 0014 on a fresh database, users with the old free text, then 0015 on top.
    const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
    const handle = await openDatabase({ inMemory: true });
    try {
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag === '0015_users_country_codes');
      expect(upTo).toBeGreaterThan(0);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      const run = (db: unknown) => pgliteMigrate(db as PgliteDatabase, { migrationsFolder: folder });
      await run(handle.db);
      const old = {
        'u.de': 'Germany',
        'u.uk': 'united kingdom',
        'u.us': ' USA ',
        'u.at': 'Österreich',
        'u.ba': 'Bosnia and Herzegovina',
        'u.code': 'nl',
        'u.none': '',
        'u.odd': 'Atlantis',
      };
      // The table as it was at that migration: columns added later are not there yet.
      for (const username of Object.keys(old))
        await handle.db.execute(sql`INSERT INTO users (username, password_hash, roles) VALUES (${username}, 'x', ARRAY['dev'])`);
      for (const [username, country] of Object.entries(old))
        await handle.db.update(users).set({ country }).where(eq(users.username, username));

      writeFileSync(journalPath, JSON.stringify(journal));
      await run(handle.db);
      const after = await handle.db.select({ username: users.username, country: users.country }).from(users).orderBy(users.username);
      expect(Object.fromEntries(after.map((u) => [u.username, u.country]))).toEqual({
        'u.at': 'AT',
        'u.ba': 'BA',
        'u.code': 'NL',
        'u.de': 'DE',
        'u.none': '',
        'u.odd': '',
        'u.uk': 'GB',
        'u.us': 'US',
      });
      const logged = await queryRows<{ action: string; target: string; detail: { before: { country: string } } }>(
        handle.db,
        sql`SELECT action, target, detail FROM user_log`,
      );
      const [odd] = await handle.db.select({ id: users.id }).from(users).where(eq(users.username, 'u.odd'));
      expect(logged).toEqual([
        {
          action: 'userManagement.countryUnmapped',
          target: `userManagement:${odd!.id}`,
          detail: { before: { country: 'Atlantis' }, after: { country: '' } },
        },
      ]);
      // From now on the table itself refuses a name.
      await expect(handle.db.update(users).set({ country: 'Germany' }).where(eq(users.username, 'u.de'))).rejects.toThrow();
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
