import { defineEndpoint, schemasFrom } from '../endpoint';

/**
 * snManagement's own calls beside its generated ones (resources/snManagement.ts), registered by
 * server/admin/sn/routes.ts; the template is downloaded by src/features/admin/SnManagement.tsx. Their schemas are in
 * contract/admin/sn.ts.
 */

const schemasOf = schemasFrom(() => import('./sn'));
const tag = 'snManagement';

export const snCalls = {
  check: defineEndpoint({
    path: '/SN/CheckSn',
    tag,
    permission: { subject: 'sn', action: 'read' },
    summary: 'Check an S/N and its check code (25, 61, 18, 21, 22, 85, 105)',
    schemas: schemasOf((s) => ({ body: s.checkSnBody, answer: s.checkSnAnswer })),
  }),
  template: defineEndpoint({
    path: '/SN/GetSnImportTemplate',
    kind: 'download',
    media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    tag,
    permission: { subject: 'sn', action: 'read' },
    summary: 'The xlsx template of the S/N import',
    schemas: schemasOf((s) => ({ body: s.snTemplateBody, answer: s.snTemplateFile })),
  }),
  /** Bulk import: one row per S/N; every row answers its own code (200 saved, else why not). */
  importSheet: defineEndpoint({
    path: '/SN/ImportSn',
    kind: 'upload',
    tag,
    permission: { subject: 'sn', action: 'create' },
    summary: 'Import S/Ns from an xlsx file (multipart field "file"); a result per row',
    schemas: schemasOf((s) => ({ body: s.snImportForm, answer: s.snImportAnswer })),
  }),
};
