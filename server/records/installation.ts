import { asc, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '../../contract/codes';
import type { CrudHooks, Row } from '../core/crud/factory';
import type { Database } from '../core/db';
import { installerCompanies, systemComponents, systems } from '../core/db/schema';
import { ApiError } from '../core/http/envelope';
import { assertNotMoving, commissioningOf, editableUntil, editWindowClosed, mayEditInstallation } from './components';

/**
 * The rules of an installation record (resources/installationRecords.ts) beyond its declaration: it names a system
 * (scope checked by the engine; 9 for an S/N no system has, which only staff who see every system can reach; 85 while
 * it is being moved), the dates follow each other and none lies ahead, and an installer or reseller changes it only within the edit window
 * (45 after it, nothing changed). Answers carry the system's installer company, its components (the EMS with its MAC)
 * and the window.
 */

const bad = (field: string, why: string) => new ApiError(Code.PARAM_ERROR, `Parameter error: ${field} (${why})`, { data: { field } });

export const installationHooks = (db: Database, clock: () => Date): CrudHooks => ({
  async beforeSave(values, { actor, existing, now }) {
    const [system] = await db
      .select({ sysSn: systems.sysSn })
      .from(systems)
      .where(sql`lower(${systems.sysSn}) = lower(${String(values.sys_sn ?? existing?.sys_sn)})`)
      .limit(1);
    if (!system) throw new ApiError(Code.NO_SYSTEM_FOR_SN, undefined, { data: { field: 'sys_sn' } });
    await assertNotMoving(db, system.sysSn);
    if (existing) {
      const commissioned = (await commissioningOf(db, system.sysSn, String(existing.commissioned_on)))!;
      if (!mayEditInstallation(actor, commissioned, now)) throw editWindowClosed(commissioned);
    }
    const today = now.toISOString().slice(0, 10);
    const installed = String(values.installed_on);
    const commissioned = String(values.commissioned_on);
    if (installed > today) throw bad('installed_on', 'in the future');
    if (commissioned > today) throw bad('commissioned_on', 'in the future');
    if (commissioned < installed) throw bad('commissioned_on', 'before the installation');
    const accepted = values.accepted_on;
    if (typeof accepted === 'string' && (accepted > today || accepted < installed))
      throw bad('accepted_on', 'outside installation and today');
    return { ...values, sys_sn: system.sysSn } as Row;
  },
  async expand(rows, _view, actor) {
    const sns = [...new Set(rows.map((row) => String(row.sys_sn)))];
    if (sns.length === 0) return;
    const found = await db
      .select({ id: systems.id, sn: systems.sysSn, commissioned: systems.commissionedOn, company: installerCompanies.name })
      .from(systems)
      .leftJoin(installerCompanies, eq(installerCompanies.id, systems.installerCompanyId))
      .where(inArray(systems.sysSn, sns));
    const bySn = new Map(found.map((system) => [system.sn, system]));
    const parts = await db
      .select()
      .from(systemComponents)
      .where(
        inArray(
          systemComponents.systemId,
          found.map((system) => system.id),
        ),
      )
      .orderBy(asc(systemComponents.kind), asc(systemComponents.sn));
    const now = clock();
    for (const row of rows) {
      const system = bySn.get(String(row.sys_sn));
      row.installer_company = system?.company ?? '';
      row.components = parts
        .filter((part) => part.systemId === system?.id)
        .map((part) => `${part.kind}: ${part.sn} (${part.model}${part.mac ? `, MAC ${part.mac}` : ''})`)
        .join('\n');
      const from = system?.commissioned ?? String(row.commissioned_on);
      row.editable_until = editableUntil(from);
      row.editable = mayEditInstallation(actor, from, now);
    }
  },
});
