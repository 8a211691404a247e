import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../contract/codes';
import type { WarrantyKeyListBody, WarrantyKeyRow } from '../../contract/warranty';
import { likeContaining } from '../core/crud/factory';
import type { Database } from '../core/db';
import { systems, users, warrantyExtensions, warrantyKeys } from '../core/db/schema';

/**
 * The CDKEYs issued so far, for the after-sales staff who issue them: a key is shown in full only once when issued,
 * so this list is where they find the unused ones to hand out, see which system a used one extended, and void one.
 * Keys belong to no system, so the list has no row scope: its permission (permissions/subjects.ts) is the gate.
 */
export async function warrantyKeyPage(db: Database, body: WarrantyKeyListBody, now: Date): Promise<Page<WarrantyKeyRow>> {
  const today = now.toISOString().slice(0, 10);
  const expired = sql<boolean>`(${warrantyKeys.state} = 'unused' AND ${warrantyKeys.expiresOn} < ${today})`;
  const filters: (SQL | undefined)[] = [];
  if (body.q) filters.push(or(ilike(warrantyKeys.code, likeContaining(body.q)), ilike(warrantyKeys.note, likeContaining(body.q))));
  if (body.kind) filters.push(eq(warrantyKeys.kind, body.kind));
  if (body.state === 'expired') filters.push(expired);
  else if (body.state === 'unused') filters.push(and(eq(warrantyKeys.state, 'unused'), sql`NOT ${expired}`));
  else if (body.state) filters.push(eq(warrantyKeys.state, body.state));
  const rows = await db
    .select({
      key: warrantyKeys,
      expired,
      createdBy: sql<string | null>`COALESCE(NULLIF(${users.displayName}, ''), ${users.username})`,
      usedSn: systems.sysSn,
      usedAt: warrantyExtensions.createdAt,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(warrantyKeys)
    .leftJoin(users, eq(users.id, warrantyKeys.createdBy))
    .leftJoin(warrantyExtensions, eq(warrantyExtensions.keyId, warrantyKeys.id))
    .leftJoin(systems, eq(systems.id, warrantyExtensions.systemId))
    .where(and(...filters))
    .orderBy(desc(warrantyKeys.createdAt), desc(warrantyKeys.id))
    .limit(body.pageSize)
    .offset((body.pageIndex - 1) * body.pageSize);
  return {
    dataCount: rows[0]?.total ?? 0,
    data: rows.map(({ key, ...r }) => ({
      id: key.id,
      code: key.code,
      kind: key.kind,
      years: key.years,
      mwh: key.mwh,
      state: key.state,
      expires_on: key.expiresOn,
      expired: r.expired,
      note: key.note,
      created_by: r.createdBy,
      created_at: key.createdAt.toISOString(),
      used_sn: r.usedSn,
      used_at: r.usedAt?.toISOString() ?? null,
    })),
  };
}
