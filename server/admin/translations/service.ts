import { and, eq } from 'drizzle-orm';
import type * as c from '../../../contract/admin/translations';
import { TRANSLATION_LANGUAGES, type TranslationLanguage as Lang, type TranslationRow } from '../../../contract/admin/translations';
import { Code } from '../../../contract/codes';
import type { Actor } from '../../core/auth/actor';
import { writeAudit } from '../../core/crud/audit';
import type { Database } from '../../core/db';
import { translations } from '../../core/db/schema';
import { ApiError } from '../../core/http/envelope';
import { localeFiles, namespaces } from './locale-files';

type ListBody = Exclude<c.TranslationListBody, null | undefined>;

/** langTransManagement: every key in all four languages, edits stored as overrides the web app loads at start. */

/** The overrides of one language: { namespace: { key: text } }. */
export async function translationOverrides(db: Database, language: Lang): Promise<Record<string, Record<string, string>>> {
  const rows = await db.select().from(translations).where(eq(translations.language, language));
  const data: Record<string, Record<string, string>> = {};
  for (const row of rows) (data[row.namespace] ??= {})[row.key] = row.value;
  return data;
}

/** Every key with its text in the four languages (shipped, or overridden), filtered and paged. */
export async function translationList(db: Database, body: ListBody): Promise<c.TranslationListAnswer> {
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
  for (const o of await db.select().from(translations)) {
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
    .filter((r) => wantOverridden === undefined || r.overridden.length > 0 === wantOverridden)
    .sort((a, b) => a.id.localeCompare(b.id));
  const start = (body.pageIndex - 1) * body.pageSize;
  return { data: list.slice(start, start + body.pageSize), dataCount: list.length, namespaces: namespaces() };
}

/** Changes the text of an existing key in one language (8: no such key in any language). */
export async function saveTranslation(
  db: Database,
  actor: Actor,
  { language, namespace, key, value }: c.TranslationText,
  now: Date,
): Promise<c.TranslationText> {
  const existing = await findOverride(db, language, namespace, key);
  const shipped = localeFiles().get(`${language}/${namespace}`)?.get(key);
  if (!existing && shipped === undefined && !(await keyExistsAnywhere(db, namespace, key))) {
    throw new ApiError(Code.NO_DATA, `No data: ${namespace}:${key}`);
  }
  await upsert(db, actor, { language, namespace, key, value }, existing?.value ?? shipped ?? null, now);
  return { language, namespace, key, value };
}

/** Adds a key that does not exist yet in that language (40 when it does). */
export async function addTranslation(
  db: Database,
  actor: Actor,
  { language, namespace, key, value }: c.TranslationText,
  now: Date,
): Promise<c.TranslationText> {
  const shipped = localeFiles().get(`${language}/${namespace}`)?.get(key);
  if (shipped !== undefined || (await findOverride(db, language, namespace, key))) {
    throw new ApiError(Code.LANGUAGE_CODE_EXISTS, undefined, { data: { field: 'key' } });
  }
  await upsert(db, actor, { language, namespace, key, value }, null, now);
  return { language, namespace, key, value };
}

/** Drops an override: the shipped text applies again (84: there is none). */
export async function resetTranslation(
  db: Database,
  actor: Actor,
  { language, namespace, key }: Omit<c.TranslationText, 'value'>,
  now: Date,
): Promise<null> {
  const existing = await findOverride(db, language, namespace, key);
  if (!existing) throw new ApiError(Code.NOTHING_TO_DELETE);
  await db.transaction(async (tx) => {
    await tx.delete(translations).where(eq(translations.id, existing.id));
    await writeAudit(tx, actor, now, {
      action: 'langTransManagement.delete',
      target: `langTransManagement:${language}:${namespace}:${key}`,
      before: { value: existing.value },
    });
  });
  return null;
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
  const [row] = await db
    .select({ id: translations.id })
    .from(translations)
    .where(and(eq(translations.namespace, namespace), eq(translations.key, key)))
    .limit(1);
  return !!row;
}

async function upsert(
  db: Database,
  actor: Actor,
  { language, namespace, key, value }: c.TranslationText,
  before: string | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(translations)
      .values({ language, namespace, key, value, updated_by: actor.username, updated_at: now })
      .onConflictDoUpdate({
        target: [translations.language, translations.namespace, translations.key],
        set: { value, updated_by: actor.username, updated_at: now },
      });
    await writeAudit(tx, actor, now, {
      action: 'langTransManagement.update',
      target: `langTransManagement:${language}:${namespace}:${key}`,
      before: { value: before },
      after: { value },
    });
  });
}
