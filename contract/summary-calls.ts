import { defineEndpoint, schemasFrom } from './endpoint';
import { XLSX_MEDIA } from './monitoring-constants';

/**
 * The system summary (sysSummaryInfo, all staff): one row per system in the caller's scope, and the same rows as an
 * xlsx file. Registered by server/monitoring/summary/routes.ts, called by src/features/summary/api.ts; their schemas
 * are in contract/summary.ts.
 */

const schemasOf = schemasFrom(() => import('./summary'));

export const summaryCalls = {
  list: defineEndpoint({
    path: '/Information/GetEssSummaryList',
    permission: { subject: 'systemSummary', action: 'read' },
    summary:
      "One page of the systems in the caller's scope with their model, ratings, components' firmware, status, installer, " +
      'customer, commissioning, last data, open faults and open complaints; filtered and sorted by any column',
    schemas: schemasOf((s) => ({ body: s.summaryListBody, answer: s.summaryPageAnswer })),
  }),
  export: defineEndpoint({
    path: '/Information/ExportEssSummaryList',
    kind: 'download',
    media: XLSX_MEDIA,
    permission: { subject: 'systemSummary', action: 'export' },
    summary:
      'The rows of the same search as an xlsx file (code 8 when there are none). With background, or past 10,000 rows, ' +
      'it is made in the background: the answer is the envelope naming the generated report',
    schemas: schemasOf((s) => ({ body: s.summaryExportBody, answer: s.summaryFile })),
  }),
};
