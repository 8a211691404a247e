import { and, desc, eq, sql } from 'drizzle-orm';
import { OWN_STAFF } from '../../permissions/entities';
import { Code } from '../../contract/codes';
import type * as c from '../../contract/records';
import { INSTALLATION_EDIT_DAYS, REPLACED_SN_STATE } from '../../contract/records-constants';
import { checkSn } from '../admin/sn/service';
import type { Actor } from '../core/auth/actor';
import { writeAudit } from '../core/crud/audit';
import type { Database } from '../core/db';
import { componentHistory, installationRecords, maintenanceRecords, snRegistry, systemComponents, systems } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { abilityOf } from '../core/http/permissions';
import { rowScope } from '../core/scope';
import { refuseWhileMoving } from '../sysmigration/guard';

type UpdateSystemSnBody = import('zod').infer<typeof c.updateSystemSnBody>;
type HistoryRow = import('zod').infer<typeof c.componentHistoryRow>;

/**
 * A system's components swapped with their history (/ESSMainTain/UpdateSystemSN), and the edit window of its
 * installation, which the swap shares with the installation record: an installer (or their reseller) changes the
 * system only until INSTALLATION_EDIT_DAYS after commissioning; our own staff always; whoever writes maintenance
 * records when the swap is part of one.
 */

const DAY_MS = 86_400_000;

/** Our own after-sales staff: no edit window. */
export function alwaysEdits(actor: Pick<Actor, 'roles'>): boolean {
  return actor.roles.some((role) => (OWN_STAFF as readonly string[]).includes(role));
}

/** The last day (YYYY-MM-DD) an installer may change what was installed on `commissionedOn`. */
export function editableUntil(commissionedOn: string): string {
  return new Date(Date.parse(`${commissionedOn.slice(0, 10)}T00:00:00Z`) + INSTALLATION_EDIT_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/** Whether `actor` may change the installation of a system commissioned on `commissionedOn` at `now`. */
export function mayEditInstallation(actor: Pick<Actor, 'roles'>, commissionedOn: string, now: Date): boolean {
  return alwaysEdits(actor) || now.toISOString().slice(0, 10) <= editableUntil(commissionedOn);
}

export function editWindowClosed(commissionedOn: string): ApiError {
  return new ApiError(
    Code.NO_PERMISSION,
    `No permission: the installation is read only ${INSTALLATION_EDIT_DAYS} days after commissioning (since ${editableUntil(commissionedOn)})`,
  );
}

/**
 * The day the edit window runs from: the system's own commissioning date when it has one (the installer cannot move
 * it by editing the record), else the record's.
 */
export async function commissioningOf(db: Database, sysSn: string, recorded?: string | null): Promise<string | null> {
  const [row] = await db
    .select({ system: systems.commissionedOn, record: installationRecords.commissioned_on })
    .from(systems)
    .leftJoin(installationRecords, eq(installationRecords.sys_sn, systems.sysSn))
    .where(eq(systems.sysSn, sysSn))
    .limit(1);
  return row?.system ?? recorded ?? row?.record ?? null;
}

/**
 * 85 while the system's S/N is being moved (data migration): nothing may write to it meanwhile. The migration's own
 * guard covers every system, registered or not; the registry's state covers an S/N the S/N desk marked by hand.
 */
export async function assertNotMoving(db: Database, sysSn: string): Promise<void> {
  await refuseWhileMoving(db, { sns: [sysSn] });
  const [moving] = await db
    .select({ id: snRegistry.id })
    .from(snRegistry)
    .where(and(sql`lower(${snRegistry.sn}) = lower(${sysSn})`, eq(snRegistry.state, 'moving')))
    .limit(1);
  if (moving) throw new ApiError(Code.SN_MOVING);
}

/** The system with this S/N if it is in the caller's scope of `subject`; 45 otherwise (a missing one alike). */
export async function scopedSystem(db: Database, actor: Actor, subject: string, sysSn: string, now: Date) {
  const [system] = await db
    .select()
    .from(systems)
    .where(and(sql`lower(${systems.sysSn}) = lower(${sysSn})`, rowScope(subject, actor, now, systems.sysSn)))
    .limit(1);
  if (!system) throw new ApiError(Code.NO_PERMISSION);
  return system;
}

const bad = (field: string, why: string) => new ApiError(Code.PARAM_ERROR, `Parameter error: ${field} (${why})`, { data: { field } });

/**
 * Replaces one component's S/N: the new S/N is checked as at installation (25, 61, 18, 21, 22, 85, 105) and must be a
 * unit of the component's kind; in one transaction the component takes it (and its model), the registry marks it
 * installed and the old one REPLACED_SN_STATE, and a history row and an audit row are written. Nothing changes on
 * any error.
 */
export async function replaceComponent(db: Database, actor: Actor, body: UpdateSystemSnBody, now: Date): Promise<HistoryRow> {
  const system = await scopedSystem(db, actor, 'systemComponent', body.sysSn, now);
  await assertNotMoving(db, system.sysSn);
  let recordId: number | null = null;
  if (body.maintenanceId !== undefined) {
    const [record] = await db
      .select({ id: maintenanceRecords.id, sys_sn: maintenanceRecords.sys_sn })
      .from(maintenanceRecords)
      .where(and(eq(maintenanceRecords.id, body.maintenanceId), rowScope('maintenanceRecord', actor, now, maintenanceRecords.sys_sn)))
      .limit(1);
    if (!record) throw new ApiError(Code.NO_PERMISSION);
    if (record.sys_sn !== system.sysSn) throw bad('maintenanceId', 'a record of another system');
    recordId = record.id;
  }
  // A swap recorded in a maintenance record is maintenance (its writers may); otherwise it changes the installation.
  const asMaintenance = recordId !== null && abilityOf(actor).can('update', 'maintenanceRecord');
  if (!asMaintenance && !alwaysEdits(actor)) {
    const commissioned = await commissioningOf(db, system.sysSn);
    if (!commissioned || !mayEditInstallation(actor, commissioned, now)) throw editWindowClosed(commissioned ?? now.toISOString());
  }
  const [component] = await db
    .select()
    .from(systemComponents)
    .where(and(eq(systemComponents.systemId, system.id), sql`lower(${systemComponents.sn}) = lower(${body.oldSn})`))
    .limit(1);
  if (!component) throw bad('oldSn', 'not a component of this system');
  if (body.newSn.toUpperCase() === component.sn.toUpperCase()) throw bad('newSn', 'the same S/N');
  const unit = await checkSn(db, { sn: body.newSn, check_code: body.checkCode });
  if (unit.product_type !== component.kind) throw bad('newSn', `a ${unit.product_type}, not a ${component.kind}`);

  return db.transaction(async (tx) => {
    const presented = await swapComponent(tx, {
      system: { id: system.id, sysSn: system.sysSn },
      component,
      unit,
      reason: body.reason,
      recordId,
      by: actor.username,
      at: now,
    });
    await writeAudit(tx, actor, now, {
      action: 'systemComponent.replace',
      target: `system:${system.sysSn}`,
      before: { kind: component.kind, sn: component.sn, model: component.model },
      after: presented,
    });
    return presented;
  });
}

/**
 * The writes of a swap checked before, in the caller's transaction (a replacement, the demo's): the new S/N taken from
 * the free stock (22 when another swap took it first), the old one set REPLACED_SN_STATE, the component changed and a
 * history row written.
 */
export async function swapComponent(
  tx: Database,
  swap: {
    system: { id: number; sysSn: string };
    component: typeof systemComponents.$inferSelect;
    unit: { sn: string; model: string };
    reason: string;
    recordId: number | null;
    by: string;
    at: Date;
  },
): Promise<HistoryRow> {
  const { system, component, unit, at } = swap;
  const taken = await tx
    .update(snRegistry)
    .set({ state: 'installed', updated_at: at })
    .where(and(sql`lower(${snRegistry.sn}) = lower(${unit.sn})`, eq(snRegistry.state, 'free')))
    .returning({ id: snRegistry.id });
  if (taken.length === 0) throw new ApiError(Code.SN_INSTALLED);
  const released = await tx
    .update(snRegistry)
    .set({ state: REPLACED_SN_STATE, updated_at: at })
    .where(sql`lower(${snRegistry.sn}) = lower(${component.sn})`)
    .returning({ id: snRegistry.id });
  const newModel = unit.model || component.model;
  // An EMS's MAC is the unit's own: the one swapped in has its own, not yet on file.
  await tx.update(systemComponents).set({ sn: unit.sn, model: newModel, mac: null }).where(eq(systemComponents.id, component.id));
  const [row] = await tx
    .insert(componentHistory)
    .values({
      system_id: system.id,
      kind: component.kind,
      old_sn: component.sn,
      new_sn: unit.sn,
      old_model: component.model,
      new_model: newModel,
      reason: swap.reason,
      old_sn_state: released.length > 0 ? REPLACED_SN_STATE : '',
      maintenance_record_id: swap.recordId,
      changed_by: swap.by,
      changed_at: at,
    })
    .returning();
  return present(row!, system.sysSn);
}

function present(row: typeof componentHistory.$inferSelect, sysSn: string): HistoryRow {
  const { system_id: _system, changed_at, ...rest } = row;
  return { ...rest, sys_sn: sysSn, changed_at: changed_at.toISOString() };
}

/** The swaps of a system in scope, newest first; of one maintenance record when it is named. */
export async function componentHistoryOf(
  db: Database,
  actor: Actor,
  body: import('zod').infer<typeof c.componentHistoryBody>,
  now: Date,
): Promise<HistoryRow[]> {
  const system = await scopedSystem(db, actor, 'systemComponent', body.sysSn, now);
  const rows = await db
    .select()
    .from(componentHistory)
    .where(
      and(
        eq(componentHistory.system_id, system.id),
        body.maintenanceId === undefined ? undefined : eq(componentHistory.maintenance_record_id, body.maintenanceId),
      ),
    )
    .orderBy(desc(componentHistory.changed_at), desc(componentHistory.id));
  return rows.map((row) => present(row, system.sysSn));
}
