import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as pgliteMigrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { seedAdminDemo } from '../../../server/demo/admin';
import { openDatabase, queryRows } from '../../../server/core/db';
import { MIGRATIONS_FOLDER } from '../../../server/core/db/migrate';
import { emailRules } from '../../../server/core/db/schema';
import type { TestApp } from '../helpers';
import { expectOk, expectRejected, freshAppPerTest } from './helpers';

let t: TestApp;
const tokens = freshAppPerTest((app) => (t = app));

const category = { category_code: 'system_fault', name: 'System fault', description: '' };
const rule = {
  category_code: 'system_fault',
  recipient_kind: 'address',
  recipient_value: 'ops@example.com',
  country: 'DE',
  enabled: true,
  remark: '',
};

describe('emailDeliveringRules: countries are ISO codes, as the user form has them', () => {
  it("stores a rule's country and a country recipient as codes, lists and filters by them", async () => {
    const token = await tokens.of('systemmanager');
    await expectOk(t, '/api/EmailRule/SaveCategory', category, token);
    const saved = await expectOk(t, '/api/EmailRule/SaveEmailRule', rule, token);
    expect(saved.country).toBe('DE');
    const byCountry = await expectOk(
      t,
      '/api/EmailRule/SaveEmailRule',
      { ...rule, recipient_kind: 'country', recipient_value: 'NL', country: '' },
      token,
    );
    expect(byCountry.recipient_value).toBe('NL');
    const germany = await expectOk(t, '/api/EmailRule/GetEmailRulePageList', { country: 'DE' }, token);
    expect(germany.data.map((r: { id: number }) => r.id)).toEqual([saved.id]);
  });

  it('a name or an unassigned code is a parameter error (2) naming the field; nothing changed', async () => {
    const token = await tokens.of('systemmanager');
    await expectOk(t, '/api/EmailRule/SaveCategory', category, token);
    for (const country of ['Germany', 'de', 'XK', 'EU']) {
      const answer = await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, country }, token, 2, 'country');
      expect(answer.data).toEqual({ field: 'country' });
    }
    for (const value of ['Germany', 'deutschland', 'XK']) {
      await expectRejected(
        t,
        '/api/EmailRule/SaveEmailRule',
        { ...rule, recipient_kind: 'country', recipient_value: value },
        token,
        2,
        'recipient_value',
      );
    }
    await expectRejected(t, '/api/EmailRule/GetEmailRulePageList', { country: 'Germany' }, token, 2, 'country');
  });

  it('a role without the rules is refused (45); nothing changed', async () => {
    await expectRejected(t, '/api/EmailRule/SaveEmailRule', { ...rule, country: 'FR' }, await tokens.of('servicer'), 45);
  });

  it('the demo rules hold codes (the table refuses anything else)', async () => {
    await seedAdminDemo(t.db, { now: t.clock() });
    const countries = (await t.db.select({ country: emailRules.country }).from(emailRules)).map((r) => r.country).filter(Boolean);
    expect(countries.length).toBeGreaterThan(0);
    for (const country of countries) expect(country).toMatch(/^[A-Z]{2}$/);
  });
});

describe("migration 0016: the rules' country names become codes", () => {
  it('maps names, clears a rule country naming none, disables a country rule naming none, and logs both', async () => {
    // The migrations before it on a fresh database, rules with the old free text, then the migration on top.
    const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
    const handle = await openDatabase({ inMemory: true });
    try {
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
      const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith('0016_'));
      expect(upTo).toBeGreaterThan(0);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      const run = (db: unknown) => pgliteMigrate(db as PgliteDatabase, { migrationsFolder: folder });
      await run(handle.db);
      const old = [
        { recipient_kind: 'address', recipient_value: 'a@example.com', country: 'Germany' },
        { recipient_kind: 'address', recipient_value: 'b@example.com', country: ' netherlands ' },
        { recipient_kind: 'address', recipient_value: 'c@example.com', country: '' },
        { recipient_kind: 'address', recipient_value: 'd@example.com', country: 'Atlantis' },
        { recipient_kind: 'country', recipient_value: 'Deutschland', country: '' },
        { recipient_kind: 'country', recipient_value: 'Narnia', country: 'cn' },
      ];
      const inserted = await handle.db
        .insert(emailRules)
        .values(old.map((r) => ({ category_code: 'system_fault', ...r })))
        .returning({ id: emailRules.id });
      const ids = inserted.map((r) => r.id);

      writeFileSync(journalPath, JSON.stringify(journal));
      await run(handle.db);
      const after = await handle.db
        .select({ recipient_value: emailRules.recipient_value, country: emailRules.country, enabled: emailRules.enabled })
        .from(emailRules)
        .orderBy(emailRules.id);
      expect(after).toEqual([
        { recipient_value: 'a@example.com', country: 'DE', enabled: true },
        { recipient_value: 'b@example.com', country: 'NL', enabled: true },
        { recipient_value: 'c@example.com', country: '', enabled: true },
        { recipient_value: 'd@example.com', country: '', enabled: true },
        { recipient_value: 'DE', country: '', enabled: true },
        { recipient_value: 'Narnia', country: 'CN', enabled: false },
      ]);
      const logged = await queryRows<{ action: string; target: string; detail: unknown }>(
        handle.db,
        sql`SELECT action, target, detail FROM user_log ORDER BY id`,
      );
      expect(logged).toEqual([
        {
          action: 'emailDeliveringRules.countryUnmapped',
          target: `emailDeliveringRules:${ids[3]}`,
          detail: { before: { country: 'Atlantis' }, after: { country: '' } },
        },
        {
          action: 'emailDeliveringRules.countryUnmapped',
          target: `emailDeliveringRules:${ids[5]}`,
          detail: { before: { recipient_value: 'Narnia', enabled: true }, after: { enabled: false } },
        },
      ]);
      // From now on the table itself refuses a name as a rule's country.
      await expect(handle.db.update(emailRules).set({ country: 'Germany' }).where(eq(emailRules.id, ids[0]!))).rejects.toThrow();
    } finally {
      await handle.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
