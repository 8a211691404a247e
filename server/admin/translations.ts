import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../contract/admin/translations';
import { TRANSLATION_LANGUAGES, type TranslationLanguage as Lang, type TranslationRow } from '../../contract/admin/translations';
import { Code } from '../../contract/codes';
import type { AppDeps } from '../config';
import { writeAudit } from '../core/crud/audit';
import type { Database } from '../core/db';
import { translations } from '../core/db/schema';
import { ApiError, envelopeOf, ok } from '../core/http/envelope';

const LOCALES_DIR = fileURLToPath(new URL('../../locales', import.meta.url));

/** locales/<lng>/<ns>.json flattened to 'a.b.c' keys, per language and namespace; re-read when a file changes. */
let cache: { stamp: string; files: Map<string, Map<string, string>> } | undefined;

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (typeof value === 'string') {
    out.set(prefix, value);
  }
}

/** `${lng}/${ns}` → key → text, from the locale files shipped with the app. */
export function localeFiles(): Map<string, Map<string, string>> {
  const entries: string[] = [];
  for (const lng of TRANSLATION_LANGUAGES) {
    let names: string[] = [];
    try {
      names = readdirSync(join(LOCALES_DIR, lng)).filter((n) => n.endsWith('.json'));
    } catch {
      continue;
    }
    for (const name of names) entries.push(`${lng}/${name}:${statSync(join(LOCALES_DIR, lng, name)).mtimeMs}`);
  }
  const stamp = entries.sort().join('|');
  if (cache?.stamp === stamp) return cache.files;
  const files = new Map<string, Map<string, string>>();
  for (const entry of entries) {
    const [file] = entry.split(':') as [string];
    const map = new Map<string, string>();
    flatten(JSON.parse(readFileSync(join(LOCALES_DIR, file), 'utf8')), '', map);
    files.set(file.replace(/\.json$/, ''), map);
  }
  cache = { stamp, files };
  return files;
}

export function namespaces(): string[] {
  const set = new Set<string>();
  for (const name of localeFiles().keys()) set.add(name.split('/')[1]!);
  return [...set].sort();
}


async function overridesOf(db: Database) {
  return db.select().from(translations);
}

/** langTransManagement: every key in all four languages, edits stored as overrides the web app loads at start. */
export function registerTranslations(fastify: FastifyInstance, deps: AppDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/Translation/GetOverrides', {
    config: { public: true },
    schema: { tags: ['langTransManagement'], summary: 'The translation overrides of one language: { namespace: { key: text } }', security: [], querystring: c.translationOverridesQuery, response: { 200: envelopeOf(c.translationOverridesAnswer) } },
    handler: async (request) => {
      const rows = await deps.db.select().from(translations).where(eq(translations.language, request.query.lng));
      const data: Record<string, Record<string, string>> = {};
      for (const row of rows) (data[row.namespace] ??= {})[row.key] = row.value;
      return ok(data);
    },
  });

  app.post('/Translation/GetTranslationPageList', {
    config: { permission: { subject: 'translation', action: 'read' } },
    schema: { tags: ['langTransManagement'], summary: 'Every translation key with its text in the four languages (paged, filters namespace, key, text)', body: c.translationListBody, response: { 200: envelopeOf(c.translationListAnswer) } },
    handler: async (request) => {
      const body = request.body;
      const rows = new Map<string, TranslationRow>();
      const row = (namespace: string, key: string) => {
        const id = `${namespace}:${key}`;
        let found = rows.get(id);
        if (!found) rows.set(id, (found = { id, namespace, key, en: '', zh: '', de: '', ja: '', overridden: [] }));
        return found;
      };
      for (const [file, map] of localeFiles()) {
        const [lng, namespace] = file.split('/') as [Lang, string];
        for (const [key, value] of map) row(namespace, key)[lng] = value;
      }
      for (const o of await overridesOf(deps.db)) {
        const r = row(o.namespace, o.key);
        r[o.language as Lang] = o.value;
        r.overridden.push(o.language as Lang);
      }
      const text = body.text?.trim().toLowerCase();
      const key = body.key?.trim().toLowerCase();
      const wantOverridden = body.overridden === undefined ? undefined : body.overridden === true || body.overridden === 'true';
      const list = [...rows.values()]
        .filter((r) => !body.namespace || r.namespace === body.namespace)
        .filter((r) => !key || r.key.toLowerCase().includes(key))
        .filter((r) => !text || [r.en, r.zh, r.de, r.ja].some((t) => t.toLowerCase().includes(text)))
        .filter((r) => wantOverridden === undefined || (r.overridden.length > 0) === wantOverridden)
        .sort((a, b) => a.id.localeCompare(b.id));
      const start = (body.pageIndex - 1) * body.pageSize;
      return ok({ data: list.slice(start, start + body.pageSize), dataCount: list.length, namespaces: namespaces() });
    },
  });

  /** Changes the text of an existing key in one language (55 language missing). */
  app.post('/Translation/SaveTranslation', {
    config: { permission: { subject: 'translation', action: 'update' } },
    schema: { tags: ['langTransManagement'], summary: 'Set the text of a key in one language (takes effect at the next page load)', body: c.translationTextBody, response: { 200: envelopeOf(c.translationTextAnswer) } },
    handler: async (request) => {
      const { language, namespace, key, value } = request.body;
      const existing = await findOverride(deps.db, language, namespace, key);
      const shipped = localeFiles().get(`${language}/${namespace}`)?.get(key);
      if (!existing && shipped === undefined && !(await keyExistsAnywhere(deps.db, namespace, key))) {
        throw new ApiError(Code.NO_DATA, `No data: ${namespace}:${key}`);
      }
      await upsert(deps, request, language, namespace, key, value, existing?.value ?? shipped ?? null);
      return ok({ language, namespace, key, value });
    },
  });

  /** Adds a key that does not exist yet in that language (40 when it does, 55 language missing). */
  app.post('/Translation/AddTranslation', {
    config: { permission: { subject: 'translation', action: 'create' } },
    schema: { tags: ['langTransManagement'], summary: 'Add a new key in one language (40: it exists)', body: c.translationTextBody, response: { 200: envelopeOf(c.translationTextAnswer) } },
    handler: async (request) => {
      const { language, namespace, key, value } = request.body;
      const shipped = localeFiles().get(`${language}/${namespace}`)?.get(key);
      if (shipped !== undefined || (await findOverride(deps.db, language, namespace, key))) {
        throw new ApiError(Code.LANGUAGE_CODE_EXISTS, undefined, { data: { field: 'key' } });
      }
      await upsert(deps, request, language, namespace, key, value, null);
      return ok({ language, namespace, key, value });
    },
  });

  /** Drops an override: the shipped text applies again. */
  app.post('/Translation/ResetTranslation', {
    config: { permission: { subject: 'translation', action: 'delete' } },
    schema: { tags: ['langTransManagement'], summary: 'Remove the override of a key in one language', body: c.resetTranslationBody, response: { 200: envelopeOf(z.null()) } },
    handler: async (request) => {
      const { language, namespace, key } = request.body;
      const existing = await findOverride(deps.db, language, namespace, key);
      if (!existing) throw new ApiError(Code.NOTHING_TO_DELETE);
      const now = deps.clock();
      await deps.db.transaction(async (tx) => {
        await tx.delete(translations).where(eq(translations.id, existing.id));
        await writeAudit(tx, request, now, {
          action: 'langTransManagement.delete',
          target: `langTransManagement:${language}:${namespace}:${key}`,
          before: { value: existing.value },
        });
      });
      return ok(null);
    },
  });
}

async function findOverride(db: Database, language: string, namespace: string, key: string) {
  const [row] = await db
    .select()
    .from(translations)
    .where(and(eq(translations.language, language), eq(translations.namespace, namespace), eq(translations.key, key)))
    .limit(1);
  return row;
}

async function keyExistsAnywhere(db: Database, namespace: string, key: string): Promise<boolean> {
  for (const lng of TRANSLATION_LANGUAGES) if (localeFiles().get(`${lng}/${namespace}`)?.has(key)) return true;
  const [row] = await db.select({ id: translations.id }).from(translations).where(and(eq(translations.namespace, namespace), eq(translations.key, key))).limit(1);
  return !!row;
}

async function upsert(
  deps: AppDeps,
  request: Parameters<typeof writeAudit>[1],
  language: string,
  namespace: string,
  key: string,
  value: string,
  before: string | null,
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(translations)
      .values({ language, namespace, key, value, updated_by: request.user.username, updated_at: now })
      .onConflictDoUpdate({
        target: [translations.language, translations.namespace, translations.key],
        set: { value, updated_by: request.user.username, updated_at: now },
      });
    await writeAudit(tx, request, now, {
      action: 'langTransManagement.update',
      target: `langTransManagement:${language}:${namespace}:${key}`,
      before: { value: before },
      after: { value },
    });
  });
}
