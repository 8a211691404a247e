import { sql, type SQL } from 'drizzle-orm';
import type { EnergyRates, EnergyTotals } from '../../../contract/monitoring';

export type { EnergyRates, EnergyTotals };

export const ENERGY_COLUMNS = [
  'pv_kwh',
  'load_kwh',
  'charge_kwh',
  'discharge_kwh',
  'import_kwh',
  'export_kwh',
  'self_consumption_kwh',
] as const;

/**
 * The select list summing the energy_daily columns (alias `d`) into EnergyTotals, optionally only over
 * the rows matching `filter` and with the names prefixed (`today_pv_kwh` …).
 */
export function energySums(filter?: SQL, prefix = ''): SQL {
  return sql.join(
    ENERGY_COLUMNS.map((column) => {
      const summed = filter ? sql`sum(${sql.raw(`d.${column}`)}) FILTER (WHERE ${filter})` : sql`sum(${sql.raw(`d.${column}`)})`;
      return sql`coalesce(${summed}, 0)::float8 AS ${sql.raw(prefix + column)}`;
    }),
    sql`, `,
  );
}

export const ENERGY_SUMS = energySums();

const r2 = (v: unknown) => Math.round(Number(v ?? 0) * 100) / 100;

export function energyOf(row: Record<string, unknown>): EnergyTotals {
  return {
    pv_kwh: r2(row.pv_kwh),
    load_kwh: r2(row.load_kwh),
    charge_kwh: r2(row.charge_kwh),
    discharge_kwh: r2(row.discharge_kwh),
    import_kwh: r2(row.import_kwh),
    export_kwh: r2(row.export_kwh),
    self_consumption_kwh: r2(row.self_consumption_kwh),
  };
}

export function ratesOf(e: EnergyTotals): EnergyRates {
  return {
    self_consumption_rate: e.pv_kwh > 0 ? Math.round((e.self_consumption_kwh / e.pv_kwh) * 1000) / 10 : null,
    autarky_rate: e.load_kwh > 0 ? Math.round(Math.max(0, 1 - e.import_kwh / e.load_kwh) * 1000) / 10 : null,
  };
}

/** CO₂ a kWh of PV avoids on a European grid mix, kg (the portal shows savings, not a carbon audit). */
export const CO2_KG_PER_KWH = 0.4;
/** What a mature tree absorbs in a year, kg CO₂ (for the 'trees planted' figure). */
export const CO2_KG_PER_TREE = 22;
