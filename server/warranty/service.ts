import { randomInt } from 'node:crypto';
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { Code, type Page } from '../../contract/codes';
import type { SaveSystemWarrantyBody, WarrantyAnswer, WarrantyDataBody, WarrantyListBody, WarrantyRow } from '../../contract/warranty';
import {
  CDKEY_TRIES,
  EXPIRING_DAYS,
  type WarrantyComponent,
  type WarrantyKeyState,
  type WarrantySortKey,
} from '../../contract/warranty-constants';
import { warrantyDelivery } from '../../resources/warrantyDelivery';
import { assertNotGuessing, recordWrongEntry, type WrongEntryLimit } from '../account/wrong-entries';
import type { Actor } from '../core/auth/actor';
import { writeUserLog } from '../core/audit/write';
import type { Database } from '../core/db';
import { systemComponents, systems } from '../core/db/schema/monitoring';
import { installerCompanies } from '../core/db/schema/organizations';
import { users } from '../core/db/schema/users';
import { systemWarranties, warrantyExtensions, warrantyKeys } from '../core/db/schema/warranty';
import { ApiError } from '../core/http/envelope';
import { systemInScope, systemScope, viewerOf } from '../core/system-scope';
import { assertAttachable, attachFiles, filesOfRecords } from '../core/uploads/service';
import { allowedMwhSql, ends, extraMwh, extraYears, stateCondition, stateOf, todayOf, usedMwh } from './ends';
import { likeContaining } from '../core/crud/factory';

/**
 * The warranty (contract/warranty-calls.ts): a system's terms and their ends, the staff's fleet list, the terms'
 * saving with the delivery note, the extension keys (CDKEYs) issued by staff and redeemed on a system. Every call
 * reads the system through the caller's scope (server/core/system-scope.ts): outside it, 45 and nothing told.
 */

type Caller = Pick<Actor, 'id' | 'roles' | 'username' | 'address'>;

/** Wrong CDKEYs per user and per client address (the same counter as the S/N check's, ../account/wrong-entries.ts). */
const CDKEY: WrongEntryLimit = {
  purpose: 'cdkey',
  windowMs: CDKEY_TRIES.windowMs,
  perTarget: CDKEY_TRIES.perMinute,
  perIp: CDKEY_TRIES.perMinute,
};
const DELIVERY_RESOURCE = warrantyDelivery.name;
const DELIVERY_FIELD = 'delivery_note';

async function scopedSystem(db: Database, actor: Caller, sn: string, now: Date) {
  return systemInScope(db, await viewerOf(db, actor), sn, now);
}

/** One system's warranty as GetWarranty answers it; 87 when it has no terms. */
export async function getWarranty(db: Database, actor: Caller, sn: string, now: Date): Promise<WarrantyAnswer> {
  const system = await scopedSystem(db, actor, sn, now);
  return warrantyOf(db, system, now);
}

async function warrantyOf(
  db: Database,
  system: { id: number; sysSn: string; commissionedOn: string | null },
  now: Date,
): Promise<WarrantyAnswer> {
  const [row] = await db
    .select({
      terms: systemWarranties,
      inverterEnd: ends.inverter,
      batteryEnd: ends.battery,
      systemEnd: ends.system,
      batteryEndedBy: ends.batteryEndedBy,
      inverterExtraYears: extraYears.inverter,
      batteryExtraYears: extraYears.battery,
      extraMwh,
      usedMwh,
      allowedMwh: allowedMwhSql,
    })
    .from(systemWarranties)
    .where(eq(systemWarranties.systemId, system.id));
  if (!row) throw new ApiError(Code.WARRANTY_INFO_MISSING);
  const { terms } = row;
  const today = todayOf(now);
  const parts = await db
    .select({ kind: systemComponents.kind, sn: systemComponents.sn, model: systemComponents.model })
    .from(systemComponents)
    .where(and(eq(systemComponents.systemId, system.id), inArray(systemComponents.kind, ['inverter', 'battery'])))
    .orderBy(asc(systemComponents.kind), asc(systemComponents.sn));
  const termsOf = (kind: WarrantyComponent) =>
    kind === 'inverter'
      ? {
          years: terms.inverterYears + row.inverterExtraYears,
          extra_years: row.inverterExtraYears,
          allowed_mwh: null,
          extra_mwh: null,
          used_mwh: null,
          end_on: row.inverterEnd,
          ended_by: 'years' as const,
          state: stateOf(row.inverterEnd, today, EXPIRING_DAYS),
        }
      : {
          years: terms.batteryYears + row.batteryExtraYears,
          extra_years: row.batteryExtraYears,
          allowed_mwh: round(row.allowedMwh),
          extra_mwh: round(row.extraMwh),
          used_mwh: round(row.usedMwh),
          end_on: row.batteryEnd,
          ended_by: row.batteryEndedBy,
          state: stateOf(row.batteryEnd, today, EXPIRING_DAYS),
        };
  // Each part listed with its kind's terms; a kind the system lists no part of still shows its terms.
  const components = (['inverter', 'battery'] as const).flatMap((kind) => {
    const ofKind = parts.filter((part) => part.kind === kind);
    return (ofKind.length > 0 ? ofKind : [{ sn: '', model: '' }]).map((part) => ({
      kind,
      sn: part.sn,
      model: part.model,
      ...termsOf(kind),
    }));
  });
  const extensions = await db
    .select({
      component: warrantyExtensions.component,
      years: warrantyExtensions.years,
      mwh: warrantyExtensions.mwh,
      at: warrantyExtensions.createdAt,
      by: users.username,
    })
    .from(warrantyExtensions)
    .leftJoin(users, eq(users.id, warrantyExtensions.createdBy))
    .where(eq(warrantyExtensions.systemId, system.id))
    .orderBy(asc(warrantyExtensions.createdAt), asc(warrantyExtensions.id));
  const files = await filesOfRecords(db, DELIVERY_RESOURCE, [terms.id]);
  return {
    sys_sn: system.sysSn,
    start_basis: terms.startBasis,
    delivered_on: terms.deliveredOn,
    commissioned_on: system.commissionedOn,
    start_on: terms.startOn,
    battery_extendable: terms.batteryExtendable,
    end_on: row.systemEnd,
    state: stateOf(row.systemEnd, today, EXPIRING_DAYS),
    components,
    extensions: extensions.map((e) => ({ ...e, at: e.at.toISOString() })),
    delivery_note: files.get(terms.id)?.get(DELIVERY_FIELD) ?? [],
  };
}

/** MWh to three decimals (kWh): the figures a person compares with the energy screens. */
function round(mwh: number): number {
  return Math.round(mwh * 1000) / 1000;
}

const SORTABLE: Record<WarrantySortKey, SQL> = {
  sys_sn: sql`${systems.sysSn}`,
  minv: sql`${systems.minv}`,
  installer: sql`${installerCompanies.name}`,
  start_on: sql`${systemWarranties.startOn}`,
  inverter_end: ends.inverter,
  battery_end: ends.battery,
  warranty_end: ends.system,
};

/** The staff's fleet list: the systems in scope that have terms, with their ends. */
export async function warrantyPage(
  db: Database,
  actor: Caller,
  { pageIndex, pageSize, q, model, installer, state, withinDays, sort }: WarrantyListBody,
  now: Date,
): Promise<Page<WarrantyRow>> {
  const today = todayOf(now);
  const window = withinDays ?? EXPIRING_DAYS;
  const where = and(
    systemScope(await viewerOf(db, actor), now),
    q ? sql`(${ilike(systems.sysSn, likeContaining(q))} OR ${ilike(systems.sysName, likeContaining(q))})` : undefined,
    model ? ilike(systems.minv, likeContaining(model)) : undefined,
    installer ? ilike(installerCompanies.name, likeContaining(installer)) : undefined,
    state ? stateCondition(state, today, window) : undefined,
  );
  const asked = sort?.[0];
  const direction = sql.raw(asked?.order === 'desc' ? 'DESC' : 'ASC');
  const rows = await db
    .select({
      sysSn: systems.sysSn,
      sysName: systems.sysName,
      minv: systems.minv,
      installer: installerCompanies.name,
      startOn: systemWarranties.startOn,
      inverterEnd: ends.inverter,
      batteryEnd: ends.battery,
      systemEnd: ends.system,
      usedMwh,
      allowedMwh: allowedMwhSql,
      extensions: sql<number>`(SELECT count(*) FROM ${warrantyExtensions} WHERE ${warrantyExtensions.systemId} = ${systems.id})`.mapWith(
        Number,
      ),
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(systemWarranties)
    .innerJoin(systems, eq(systems.id, systemWarranties.systemId))
    .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
    .where(where)
    .orderBy(sql`${SORTABLE[asked?.field ?? 'warranty_end']} ${direction} NULLS LAST`, systems.sysSn)
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  let dataCount = rows[0]?.total ?? 0;
  if (rows.length === 0 && pageIndex > 1) {
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(systemWarranties)
      .innerJoin(systems, eq(systems.id, systemWarranties.systemId))
      .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
      .where(where);
    dataCount = count?.n ?? 0;
  }
  return {
    dataCount,
    data: rows.map((r) => ({
      sys_sn: r.sysSn,
      sys_name: r.sysName,
      minv: r.minv,
      installer: r.installer,
      start_on: r.startOn,
      inverter_end: r.inverterEnd,
      battery_end: r.batteryEnd,
      warranty_end: r.systemEnd,
      used_mwh: round(r.usedMwh),
      allowed_mwh: round(r.allowedMwh),
      extensions: r.extensions,
      state: stateOf(r.systemEnd, today, window),
    })),
  };
}

/** Sets a system's terms and its delivery note (after-sales staff); answers the warranty as it now is. */
export async function saveSystemWarranty(db: Database, actor: Caller, body: SaveSystemWarrantyBody, now: Date): Promise<WarrantyAnswer> {
  const system = await scopedSystem(db, actor, body.sys_sn, now);
  const deliveredOn = body.delivered_on ?? null;
  if (body.start_basis === 'delivery' && !deliveredOn)
    throw new ApiError(Code.PARAM_REQUIRED, undefined, { data: { field: 'delivered_on' } });
  if (body.start_basis === 'commissioning' && !system.commissionedOn)
    throw new ApiError(Code.PARAM_REQUIRED, 'The system has no commissioning date', { data: { field: 'start_basis' } });
  const startOn = body.start_basis === 'delivery' ? deliveredOn! : system.commissionedOn!;
  const [existing] = await db.select({ id: systemWarranties.id }).from(systemWarranties).where(eq(systemWarranties.systemId, system.id));
  if (body.delivery_note)
    await assertAttachable(db, {
      resource: DELIVERY_RESOURCE,
      field: DELIVERY_FIELD,
      ids: body.delivery_note,
      ownerId: actor.id,
      recordId: existing?.id,
    });
  await db.transaction(async (tx) => {
    const values = {
      sysSn: system.sysSn,
      startBasis: body.start_basis,
      deliveredOn,
      startOn,
      inverterYears: body.inverter_years,
      batteryYears: body.battery_years,
      batteryMwh: body.battery_mwh,
      batteryExtendable: body.battery_extendable,
      updatedBy: actor.id,
      updatedAt: now,
    };
    const [saved] = await tx
      .insert(systemWarranties)
      .values({ systemId: system.id, ...values })
      .onConflictDoUpdate({ target: systemWarranties.systemId, set: values })
      .returning({ id: systemWarranties.id });
    if (body.delivery_note)
      await attachFiles(tx, { resource: DELIVERY_RESOURCE, field: DELIVERY_FIELD, ids: body.delivery_note, recordId: saved!.id });
    const { sys_sn: _sn, delivery_note: note, ...detail } = body;
    await writeUserLog(
      tx,
      {
        userId: actor.id,
        username: actor.username,
        action: 'warranty.save',
        target: system.sysSn,
        ip: actor.address,
        detail: { ...detail, delivery_note: note?.length ?? null },
      },
      now,
    );
  });
  return warrantyOf(db, system, now);
}

/**
 * Redeems a CDKEY on a component of a system in scope (its owner, or after-sales staff for them). Wrong keys (75-80)
 * count towards the user's and the address's limit; past it, 92 before the key is even looked at.
 */
export async function redeemKey(
  db: Database,
  actor: Caller,
  body: { sys_sn: string; component: WarrantyComponent; cdkey: string },
  now: Date,
): Promise<WarrantyAnswer> {
  // The scope first: a system outside it answers 45 whatever the counts, as one that does not exist.
  const system = await scopedSystem(db, actor, body.sys_sn, now);
  const target = `user:${actor.id}`;
  await assertNotGuessing(db, CDKEY, target, actor.address, now, 'cdkey');
  const current = await warrantyOf(db, system, now);
  const code = body.cdkey.trim().toUpperCase();
  const [key] = await db.select().from(warrantyKeys).where(eq(warrantyKeys.code, code));
  const today = todayOf(now);
  const wrong = !key
    ? Code.CDKEY_NOT_FOUND
    : key.state === 'void'
      ? Code.CDKEY_ABNORMAL
      : key.state === 'used'
        ? Code.CDKEY_USED
        : key.expiresOn < today
          ? Code.CDKEY_EXPIRED
          : body.component === 'inverter' && key.kind !== 'inverter'
            ? Code.CDKEY_NOT_INVERTER
            : body.component === 'battery' && key.kind !== 'battery'
              ? Code.CDKEY_NOT_BATTERY
              : undefined;
  if (wrong !== undefined) {
    await recordWrongEntry(db, CDKEY, target, actor.address, now);
    throw new ApiError(wrong, undefined, { data: { field: 'cdkey' } });
  }
  if (body.component === 'battery') {
    if (!current.battery_extendable) throw new ApiError(Code.NO_WARRANTY_EXTENSION, undefined, { data: { field: 'component' } });
    const battery = current.components.find((c) => c.kind === 'battery')!;
    if (battery.state === 'expired') throw new ApiError(Code.NOT_UNDER_WARRANTY, undefined, { data: { field: 'component' } });
  }
  await db.transaction(async (tx) => {
    // Taken only if still unused: two redemptions of one key at once, the second answers 78.
    const [taken] = await tx
      .update(warrantyKeys)
      .set({ state: 'used' satisfies WarrantyKeyState })
      .where(and(eq(warrantyKeys.id, key!.id), eq(warrantyKeys.state, 'unused')))
      .returning({ id: warrantyKeys.id });
    if (!taken) throw new ApiError(Code.CDKEY_USED, undefined, { data: { field: 'cdkey' } });
    await tx.insert(warrantyExtensions).values({
      systemId: system.id,
      component: body.component,
      years: key!.years,
      mwh: key!.mwh,
      keyId: key!.id,
      createdBy: actor.id,
      createdAt: now,
    });
    await writeUserLog(
      tx,
      {
        userId: actor.id,
        username: actor.username,
        action: 'warranty.extend',
        target: system.sysSn,
        ip: actor.address,
        detail: { component: body.component, years: key!.years, mwh: key!.mwh, key: key!.id },
      },
      now,
    );
  });
  return warrantyOf(db, system, now);
}

/** Letters and digits a person reads off a card without confusing them (no 0/O, 1/I/L). */
const KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function newKeyCode(): string {
  const group = () => Array.from({ length: 4 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');
  return `WK-${group()}-${group()}-${group()}`;
}

/** Issues keys, or voids one (after-sales staff). */
export async function warrantyData(db: Database, actor: Caller, body: WarrantyDataBody, now: Date) {
  if (body.action === 'void') {
    const code = body.cdkey.trim().toUpperCase();
    const [key] = await db.select().from(warrantyKeys).where(eq(warrantyKeys.code, code));
    if (!key) throw new ApiError(Code.CDKEY_NOT_FOUND, undefined, { data: { field: 'cdkey' } });
    if (key.state === 'used') throw new ApiError(Code.CDKEY_USED, undefined, { data: { field: 'cdkey' } });
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx.update(warrantyKeys).set({ state: 'void' }).where(eq(warrantyKeys.id, key.id)).returning();
      await writeUserLog(
        tx,
        { userId: actor.id, username: actor.username, action: 'warranty.key_void', target: code, ip: actor.address },
        now,
      );
      return row!;
    });
    return { keys: [keyAnswer(changed)] };
  }
  if (body.kind === 'inverter' && body.mwh > 0)
    throw new ApiError(Code.PARAM_ERROR, 'An inverter key adds no MWh', { data: { field: 'mwh' } });
  if (body.years === 0 && body.mwh === 0) throw new ApiError(Code.PARAM_ERROR, 'A key adds years or MWh', { data: { field: 'years' } });
  if (body.expires_on < todayOf(now))
    throw new ApiError(Code.PARAM_ERROR, 'The last day to redeem is past', { data: { field: 'expires_on' } });
  const keys = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(warrantyKeys)
      .values(
        Array.from({ length: body.count }, () => ({
          code: newKeyCode(),
          kind: body.kind,
          years: body.years,
          mwh: body.mwh,
          state: 'unused' as const,
          expiresOn: body.expires_on,
          note: body.note ?? '',
          createdBy: actor.id,
          createdAt: now,
        })),
      )
      .returning();
    await writeUserLog(
      tx,
      {
        userId: actor.id,
        username: actor.username,
        action: 'warranty.keys_issued',
        ip: actor.address,
        detail: { kind: body.kind, years: body.years, mwh: body.mwh, count: body.count, expires_on: body.expires_on },
      },
      now,
    );
    return rows;
  });
  return { keys: keys.map(keyAnswer) };
}

function keyAnswer(key: typeof warrantyKeys.$inferSelect) {
  return { code: key.code, kind: key.kind, years: key.years, mwh: key.mwh, state: key.state, expires_on: key.expiresOn };
}
