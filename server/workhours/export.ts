import ExcelJS from 'exceljs';
import type { TFunction } from 'i18next';
import { Code } from '../../contract/codes';
import { workHourTotals, workOf, type WorkHourEntry, type WorkHourTotals, type WorkHourTotalsBody } from '../../contract/workhours';
import type { Actor } from '../core/auth/actor';
import type { Database } from '../core/db';
import type { FileAnswer } from '../core/http/endpoint';
import { ApiError } from '../core/http/envelope';
import { mailTexts } from '../core/mail/texts';
import { declareReportKind } from '../reports/kinds';
import { languageOf } from '../reports/service';
import { readEntries } from './service';

/**
 * The R&D hours as an xlsx workbook in the caller's language: the entries, then one sheet per total (person,
 * complaint or project, month, kind), each ending with the grand total. The totals are the ones the screen shows
 * (contract/workhours.ts `workHourTotals` over the same entries).
 */
export async function workHoursWorkbook(t: TFunction, entries: readonly WorkHourEntry[], totals: WorkHourTotals): Promise<Buffer> {
  const h = (key: string) => t(`workhours:RAndDtimereport.fields.${key}`);
  const kindLabel = (kind: string) => t(`workhours:RAndDtimereport.options.kind.${kind}`, { defaultValue: kind });
  const workbook = new ExcelJS.Workbook();

  const sheet = (name: string, headers: string[], rows: (string | number | null)[][]) => {
    const ws = workbook.addWorksheet(name);
    ws.columns = headers.map((header) => ({ header, width: Math.max(14, header.length + 2) }));
    ws.getRow(1).font = { bold: true };
    for (const row of rows) ws.addRow(row);
  };
  const totalRow = [t('workhours:totals.total'), totals.total];

  sheet(
    t('workhours:export.entries'),
    [h('work_date'), h('engineer'), h('complaint_id'), h('project'), h('kind'), h('hours'), h('note')],
    entries.map((e) => [
      e.work_date,
      e.engineer_name,
      e.complaint_id === null ? '' : workOf(e),
      e.project,
      kindLabel(e.kind),
      e.hours,
      e.note ?? '',
    ]),
  );
  sheet(t('workhours:totals.byPerson'), [h('engineer'), h('hours')], [...totals.byPerson.map((l) => [l.key, l.hours]), totalRow]);
  sheet(t('workhours:totals.byWork'), [t('workhours:totals.work'), h('hours')], [...totals.byWork.map((l) => [l.key, l.hours]), totalRow]);
  sheet(
    t('workhours:totals.byMonth'),
    [t('workhours:totals.month'), h('hours')],
    [...totals.byMonth.map((l) => [l.key, l.hours]), totalRow],
  );
  sheet(t('workhours:totals.byKind'), [h('kind'), h('hours')], [...totals.byKind.map((l) => [kindLabel(l.key), l.hours]), totalRow]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The workbook of these entries in the language of `t`; code 8 when there are none. */
function entriesWorkbook(t: TFunction, entries: readonly WorkHourEntry[]): Promise<Buffer> {
  if (entries.length === 0) throw new ApiError(Code.NO_DATA);
  return workHoursWorkbook(t, entries, workHourTotals(entries));
}

/** The hours' export made in the background (server/reports): the same workbook as the direct one. */
export const workHoursReport = declareReportKind<WorkHourTotalsBody>({
  name: 'workHours',
  permission: { subject: 'rdWorkHour', action: 'export' },
  fileName: (body) => `rd-working-hours-${body.from}-${body.to}.xlsx`,
  async produce({ db, user, t, now }, body) {
    return entriesWorkbook(t, await readEntries(db, user, body, now));
  },
});

/** The hours' workbook made now, in the caller's language. */
export async function workHoursFile(db: Database, actor: Actor, body: WorkHourTotalsBody, now: Date): Promise<FileAnswer> {
  const entries = await readEntries(db, actor, body, now);
  const bytes = await entriesWorkbook(mailTexts(await languageOf(db, actor.id)), entries);
  return { name: workHoursReport.fileName(body), bytes };
}
