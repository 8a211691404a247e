import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { Code } from '../../../contract/codes';
import type { DailyStatisticRow } from '../../../contract/monitoring';
import type * as s from '../../../contract/monitoring-requests';
import type { Database } from '../../core/db';
import { ApiError } from '../../core/http/envelope';
import { declareReportKind } from '../../reports/kinds';
import { viewerOf, type Viewer } from '../../core/system-scope';
import { dailyStatistics } from '../stats/service';
import { resolveTarget } from '../target';
import { energyColumns } from './texts';
import { xlsxBuffer, type Column } from './xlsx';

export const MAX_RANGE_DAYS = 366;
export type RangeBody = z.infer<typeof s.rangeBody>;

/** The statistics table's rows (one per system and day) of a range in the viewer's scope: the table, its export and a background one. */
export async function statisticsRows(db: Database, viewer: Viewer, body: RangeBody, now: Date): Promise<DailyStatisticRow[]> {
  const days = (Date.parse(body.endDate) - Date.parse(body.beginDate)) / 86_400_000;
  if (days < 0) throw new ApiError(Code.PARAM_ERROR, 'Parameter error: endDate (before beginDate)');
  if (days >= MAX_RANGE_DAYS) throw new ApiError(Code.PARAM_ERROR, `Parameter error: endDate (at most ${MAX_RANGE_DAYS} days)`);
  const target = await resolveTarget(db, viewer, body.sn, now);
  return dailyStatistics(db, target, body.beginDate, body.endDate);
}

const statisticsFileName = (body: RangeBody) => `statistics-${body.sn}-${body.beginDate}-${body.endDate}.xlsx`;

/** The statistics export's file name, sheet and columns in the reader's language. */
export function statisticsSheet(t: TFunction, body: RangeBody) {
  const columns: Column<DailyStatisticRow>[] = [
    { header: t('monitoring:xlsx.date'), value: (r) => r.day },
    { header: t('monitoring:xlsx.sn'), value: (r) => r.sys_sn, width: 16 },
    ...energyColumns<DailyStatisticRow>(t),
    { header: `${t('monitoring:rates.selfConsumption')} (%)`, value: (r) => r.self_consumption_rate },
    { header: `${t('monitoring:rates.autarky')} (%)`, value: (r) => r.autarky_rate },
  ];
  return {
    fileName: statisticsFileName(body),
    sheetName: t('monitoring:xlsx.statisticsSheet'),
    columns,
  };
}

/** The statistics export made in the background (server/reports): the same rows and sheet as the direct one. */
export const statisticsReport = declareReportKind<RangeBody>({
  name: 'statistics',
  permission: { subject: 'system', action: 'export' },
  fileName: statisticsFileName,
  async produce({ db, user, t, now }, body) {
    const rows = await statisticsRows(db, await viewerOf(db, user), body, now);
    if (rows.length === 0) throw new ApiError(Code.NO_DATA);
    const sheet = statisticsSheet(t, body);
    return xlsxBuffer(sheet.sheetName, sheet.columns, rows);
  },
});
