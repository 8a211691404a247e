import { eq } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { Actor } from '../../core/auth/actor';
import type { Database } from '../../core/db';
import { users } from '../../core/db/schema';
import { mailLanguage, mailTexts } from '../../core/mail/texts';
import type { EnergyTotals } from '../stats/energy';
import type { Column } from './xlsx';
import type { Language } from '../../../contract/languages';
import { ENERGY_SERIES } from '../../../contract/monitoring-constants';

/**
 * An export's column headers and sheet name in the caller's language: the language of their profile (not the
 * Accept-Language of the request: a background export made later reads the same), which the
 * top bar's choice saves. The server's one translation instance (server/core/mail/texts.ts) reads the same locales/
 * files as the web app, so a sheet says 'Verbrauch (kWh)' where the table above it says 'Verbrauch'.
 */
export async function exportTexts(db: Database, user: Pick<Actor, 'id'>): Promise<TFunction> {
  return mailTexts(await exportLanguage(db, user));
}

/** The caller's language for an export: their profile's (exportTexts), for what a sheet formats by language. */
export async function exportLanguage(db: Database, user: Pick<Actor, 'id'>): Promise<Language> {
  const [row] = await db.select({ languageCode: users.languageCode }).from(users).where(eq(users.id, user.id)).limit(1);
  return mailLanguage(row?.languageCode);
}

/** The six energy columns of the statistics and lifetime sheets, named as the charts name the series. */
export function energyColumns<T extends EnergyTotals>(t: TFunction): Column<T>[] {
  return ENERGY_SERIES.map(([series, field]) => ({ header: `${t(`monitoring:series.${series}`)} (kWh)`, value: (row: T) => row[field] }));
}
