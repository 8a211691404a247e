import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from './attachments';
import { complaintReference } from './complaints';
import { customerArchives } from './customerArchives';
import { rules } from './rules';
import { defineResource } from './types';

/**
 * What the after-sales team did with a customer (spec §2: visit, phone, mail and processing records, remarks; issue
 * 14 point 2): each record has a date, a person, its contents and at most one file (spec §5: 1 in the customer
 * archive). Made on a customer's archive (/customerArchivesDetail); /cusHandleRecord lists every record across
 * customers, newest first, filtered by person, kind, date, customer and complaint (what a team lead reads each
 * morning). Calls: `/CustomerArchives/<Verb>CustomerRecord`.
 *
 * Records are part of the customer archive (entity 'customerArchive': the same roles and row scope). `sys_sn` is
 * the archive's S/N, which the server sets from the archive at each save (server/archives/records.ts); the form
 * sends it so that the engine's scope check holds before the archive is read.
 */

export const RECORD_KINDS = ['visit', 'phone', 'mail', 'processing', 'remark'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export const customerRecords = defineResource({
  name: 'cusHandleRecord',
  entity: 'customerArchive',
  route: '/cusHandleRecord',
  group: 'complaints',
  namespace: 'archives',
  table: 'customerRecords',
  scope: { subject: 'customerArchive', field: 'sys_sn' },
  endpoints: {
    list: '/CustomerArchives/GetCustomerRecordPageList',
    one: '/CustomerArchives/GetCustomerRecord',
    save: '/CustomerArchives/SaveCustomerRecord',
    delete: '/CustomerArchives/DeleteCustomerRecord',
    upload: '/CustomerArchives/UploadCustomerRecordFile',
    download: '/CustomerArchives/DownloadCustomerRecordFile',
  },
  titleField: 'customer_name',
  defaultSort: { field: 'record_date', order: 'desc' },
  fields: () => ({
    record_date: { schema: rules.date(), widget: 'date', list: true, sortable: true, filter: 'dateRange', form: true, width: 130 },
    kind: {
      schema: z.enum(RECORD_KINDS, { error: 'admin:validation.required' }),
      widget: 'select',
      options: RECORD_KINDS,
      colors: { visit: 'green', phone: 'blue', mail: 'purple', processing: 'orange', remark: 'default' },
      list: true,
      filter: true,
      form: true,
      width: 140,
    },
    // The customer (its archive), fixed once recorded.
    archive_id: {
      schema: rules.id(),
      relation: { listPath: customerArchives.endpoints.list!, valueField: 'id', labelField: 'name' },
      widget: 'select',
      filter: 'select',
      form: 'create',
    },
    // The customer's name, for the list and the cards (server/archives/records.ts); the archive_id filter finds by it.
    customer_name: { schema: z.string(), list: true, show: true, width: 170 },
    person: { schema: rules.requiredText(64), list: true, filter: 'text', form: true, width: 140 },
    // Wrapped in the list rather than cut to one line (no 'textarea' widget, whose column the engine cuts): what a team
    // lead reads each morning. The record form gives it a text area (src/features/archives/RecordForm.tsx).
    contents: { schema: rules.requiredText(2000), list: true, form: true },
    // The complaint the record was about (one of the customer's), when there was one.
    complaint_id: {
      ...complaintReference(),
      filter: 'select',
      form: true,
      show: true,
    },
    attachments: attachmentsField({ max: 1, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'documents' }),
    sys_sn: { schema: z.string().trim().max(40).optional(), form: true, show: true },
    created_by: { schema: z.string(), show: true },
  }),
});
