import { defineEndpoint, schemasFrom } from './endpoint';

/**
 * The generated reports' calls (/BasicSettings/reportGenerateResult), registered by server/reports/routes.ts and
 * called by src/features/reports/api.ts (the download also by a notification's button and a mail run's history). Their
 * schemas are in contract/reports.ts.
 */

const schemasOf = schemasFrom(() => import('./reports'));

export const reportCalls = {
  list: defineEndpoint({
    path: '/Reports/GetReportList',
    permission: { subject: 'generatedReport', action: 'read' },
    summary: "Generated reports, newest first: one's own; an administrator's every one (mine: only their own)",
    schemas: schemasOf((s) => ({ body: s.reportListBody, answer: s.reportPage })),
  }),
  download: defineEndpoint({
    path: '/Reports/DownloadReport',
    kind: 'download',
    media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    permission: { subject: 'generatedReport', action: 'read' },
    summary: 'The file of a finished report (its asker and administrators; 45 for others, 8 while it is not done)',
    schemas: schemasOf((s) => ({ body: s.reportIdBody, answer: s.reportFile })),
  }),
  remove: defineEndpoint({
    path: '/Reports/DeleteReport',
    permission: { subject: 'generatedReport', action: 'delete' },
    summary: 'Removes a report and its file (its asker and administrators; 45 for others)',
    schemas: schemasOf((s) => ({ body: s.reportIdBody, answer: s.reportDeleted })),
  }),
};
