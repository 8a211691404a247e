import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The R&D hours' calls beside the generated ones (staff: the 'RAndDtimereport' screen's roles), registered by
 * server/workhours/routes.ts and called by src/features/workhours. Their schemas are in contract/workhours.ts.
 */

const schemasOf = schemasFrom(() => import('./workhours'));

export const workHourCalls = {
  totals: defineEndpoint({
    path: '/WorkHours/GetWorkHourTotals',
    tag: 'RAndDtimereport',
    permission: { subject: 'rdWorkHour', action: 'read' },
    summary: 'Hours over a period (from, to; engineer, kind, complaint_id) per person, complaint or project, month and kind',
    schemas: schemasOf((s) => ({ body: s.workHourTotalsBody, answer: s.workHourTotalsAnswer })),
  }),
  export: defineEndpoint({
    path: '/WorkHours/ExportWorkHours',
    tag: 'RAndDtimereport',
    kind: 'download',
    media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    permission: { subject: 'rdWorkHour', action: 'export' },
    summary:
      'The entries and totals of a period as an xlsx workbook (code 8 when it has none). With background it is made ' +
      'in the background: the answer is the envelope naming the generated report',
    schemas: schemasOf((s) => ({ body: s.workHourExportBody, answer: s.workHoursFile })),
  }),
};
