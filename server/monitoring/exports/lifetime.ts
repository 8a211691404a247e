import type { TFunction } from 'i18next';
import { Code } from '../../../contract/codes';
import type { Database } from '../../core/db';
import { ApiError } from '../../core/http/envelope';
import { declareReportKind } from '../../reports/kinds';
import { viewerOf, type Viewer } from '../../core/system-scope';
import { periodBars } from '../stats/service';
import { localDate, resolveTarget } from '../target';
import { energyColumns } from './texts';
import { xlsxBuffer } from './xlsx';

/**
 * The lifetime view's export: a whole life is too long for the 366 days of the statistics
 * export, so it is the lifetime table itself, one row per year, and its total: the same sums of the rollups as the
 * 'since start' figures (SticsSummeryDataForUser) and the lifetime bars (SticsByPeriod). The direct export sends
 * it, the background one (server/reports) stores it.
 */
export async function lifetimeSheet(db: Database, viewer: Viewer, sn: string, t: TFunction, now: Date) {
  const target = await resolveTarget(db, viewer, sn, now);
  const { bars, totals } = await periodBars(db, target, 'lifetime', localDate(now, target.timeZone));
  const total = { ...totals, label: t('monitoring:xlsx.total') };
  return {
    fileName: lifetimeFileName({ sn }),
    sheetName: t('monitoring:xlsx.lifetimeSheet'),
    columns: [{ header: t('monitoring:xlsx.year'), value: (r: { label: string }) => r.label }, ...energyColumns<(typeof bars)[number]>(t)],
    rows: bars.length ? [...bars, total] : [],
  };
}

const lifetimeFileName = ({ sn }: { sn: string }) => `lifetime-${sn}.xlsx`;

export const lifetimeReport = declareReportKind<{ sn: string }>({
  name: 'lifetime',
  permission: { subject: 'system', action: 'export' },
  fileName: lifetimeFileName,
  async produce({ db, user, t, now }, { sn }) {
    const sheet = await lifetimeSheet(db, await viewerOf(db, user), sn, t, now);
    if (sheet.rows.length === 0) throw new ApiError(Code.NO_DATA);
    return xlsxBuffer(sheet.sheetName, sheet.columns, sheet.rows);
  },
});
