import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from './attachments';
import { defineResource } from './types';

/**
 * A system's warranty terms as the attachments mechanism sees them: the delivery note (one document) that proves
 * the start of a warranty counted from delivery. Only its upload and download are generated
 * (/Warranty/UploadDelivery, /Warranty/GetDelivery, the file read in the system's row scope); the terms themselves
 * are read and saved by server/warranty (contract/warranty-calls.ts), whose save attaches the uploaded file.
 * A part of the system summary's screen (its warranty tab), not a screen of its own.
 */
export const warrantyDelivery = defineResource({
  name: 'warrantyDelivery',
  subject: 'sysSummaryInfo',
  entity: 'warranty',
  route: '/OtherInformation/sysSummaryInfo',
  namespace: 'warranty',
  table: 'systemWarranties',
  scope: { subject: 'warranty', field: 'sys_sn' },
  endpoints: {
    upload: '/Warranty/UploadDelivery',
    download: '/Warranty/GetDelivery',
  },
  fields: () => ({
    sys_sn: { schema: z.string().trim().max(64), column: 'sysSn', show: true },
    delivery_note: attachmentsField({ max: 1, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'documents' }),
  }),
});
