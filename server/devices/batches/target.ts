import { sql, type SQL } from 'drizzle-orm';
import type { CommandSpec } from '../../../contract/device-commands';
import type { BatchPreview, BatchTarget } from '../../../contract/devices';
import { queryRows, type Database } from '../../core/db';
import { pgArray } from '../../monitoring/sql-arrays';

/**
 * Who a batch reaches: the systems of the caller's scope that match every filter given, or the S/Ns listed; the
 * models that lack the command's feature are left out (and counted), listed S/Ns the caller cannot reach are named.
 */
export interface ResolvedTarget {
  /** The systems that get the command, by id, in S/N order. */
  systemIds: number[];
  preview: BatchPreview;
}

const SAMPLE_SIZE = 20;
const UNKNOWN_NAMED = 100;

function targetCondition(target: BatchTarget): SQL {
  if (target.kind === 'list') return sql`systems.sys_sn = ANY(${pgArray([...new Set(target.sns)])}::text[])`;
  const conditions: SQL[] = [sql`true`];
  if (target.models?.length) conditions.push(sql`systems.minv = ANY(${pgArray(target.models)}::text[])`);
  if (target.countries?.length) conditions.push(sql`systems.country_code = ANY(${pgArray(target.countries)}::text[])`);
  if (target.installer_ids?.length) conditions.push(sql`systems.installer_company_id = ANY(${pgArray(target.installer_ids)}::int[])`);
  if (target.statuses?.length) conditions.push(sql`coalesce(systems.ems_status, 'unknown') = ANY(${pgArray(target.statuses)}::text[])`);
  if (target.firmware?.length) {
    conditions.push(
      sql`EXISTS (SELECT 1 FROM system_components k WHERE k.system_id = systems.id AND k.firmware_version = ANY(${pgArray(target.firmware)}::text[]))`,
    );
  }
  return sql.join(conditions, sql` AND `);
}

export async function resolveTarget(db: Database, scope: SQL, target: BatchTarget, spec: CommandSpec): Promise<ResolvedTarget> {
  const rows = await queryRows<{ id: number; sys_sn: string; sys_name: string; model: string; online: boolean | null }>(
    db,
    sql`SELECT systems.id, systems.sys_sn, systems.sys_name, systems.minv AS model, d.online
          FROM systems LEFT JOIN device_states d ON d.system_id = systems.id
         WHERE ${scope} AND ${targetCondition(target)}
         ORDER BY systems.sys_sn`,
  );
  const accepted = rows.filter((r) => !spec.models || spec.models.includes(r.model));
  const refusedByModel = new Map<string, number>();
  for (const r of rows)
    if (spec.models && !spec.models.includes(r.model)) refusedByModel.set(r.model, (refusedByModel.get(r.model) ?? 0) + 1);
  const found = new Set(rows.map((r) => r.sys_sn));
  const unknown = target.kind === 'list' ? [...new Set(target.sns)].filter((sn) => !found.has(sn)) : [];
  const online = accepted.filter((r) => r.online === true).length;
  return {
    systemIds: accepted.map((r) => Number(r.id)),
    preview: {
      total: accepted.length,
      online,
      offline: accepted.length - online,
      refused: rows.length - accepted.length,
      refused_models: [...refusedByModel].map(([model, count]) => ({ model, count })).sort((a, b) => b.count - a.count),
      unknown_sns: unknown.slice(0, UNKNOWN_NAMED),
      unknown_count: unknown.length,
      sample: accepted
        .slice(0, SAMPLE_SIZE)
        .map((r) => ({ sys_sn: r.sys_sn, sys_name: r.sys_name, model: r.model, online: r.online === true })),
    },
  };
}
