import { z } from 'zod';
import { MAINTENANCE_KINDS } from '../contract/records-constants';
import { rules } from './rules';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from './attachments';
import { complaintReference } from './complaints';
import { defineResource } from './types';

/**
 * Visits and remote interventions on a system (spec §2 sysMaintenanceRecordsCheck): when (the day and the time on the
 * system's clock) and remarks (66 when either is missing), the kind, the engineer, what was done, the firmware before
 * and after, photos, and the complaint or alarm it answered. Parts replaced are swaps of the system's components
 * (/ESSMainTain/UpdateSystemSN naming the record), shown on the record from the component history.
 *
 * Rows belong to their system (row scope 'system'): the staff of the screen, resellers for their installers' systems,
 * service partners for the systems of the installers they serve (from the system page). The fleet list filters by
 * S/N, period, kind, engineer and installer, sorts, and exports its rows as xlsx (/ESSMainTain/ExportMaintenance).
 */
const required66 = { codes: { required: 66 } };

export const maintenanceRecords = defineResource({
  name: 'sysMaintenanceRecordsCheck',
  entity: 'maintenanceRecord',
  route: '/energyStorageSysMaintenance/sysMaintenanceRecordsCheck',
  group: 'energyStorageSysMaintenance',
  namespace: 'records',
  table: 'maintenanceRecords',
  scope: { subject: 'maintenanceRecord', field: 'sys_sn' },
  endpoints: {
    list: '/ESSMainTain/GetMaintenancePageList',
    one: '/ESSMainTain/GetMaintenance',
    save: '/ESSMainTain/SaveMaintenance',
    export: '/ESSMainTain/ExportMaintenance',
    upload: '/ESSMainTain/UploadMaintenanceFile',
    download: '/ESSMainTain/DownMaintenanceFile',
  },
  titleField: 'sys_sn',
  defaultSort: { field: 'performed_on', order: 'desc' },
  fields: () => ({
    sys_sn: { schema: rules.requiredText(40), list: true, filter: 'text', sortable: true, form: 'create', show: true, width: 170 },
    performed_on: {
      schema: rules.date(),
      ...required66,
      widget: 'date',
      list: true,
      sortable: true,
      filter: 'dateRange',
      form: true,
      width: 130,
    },
    performed_time: {
      schema: z
        .string({ error: 'admin:validation.required' })
        .trim()
        .min(1, 'admin:validation.required')
        .max(5, 'records:validation.time')
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'records:validation.time'),
      ...required66,
      list: true,
      form: true,
      width: 90,
    },
    kind: {
      schema: z.enum(MAINTENANCE_KINDS, { error: 'admin:validation.required' }),
      widget: 'select',
      options: MAINTENANCE_KINDS,
      colors: { visit: 'green', remote: 'blue' },
      list: true,
      filter: true,
      sortable: true,
      form: true,
      width: 110,
    },
    engineer: { schema: rules.requiredText(100), list: true, filter: 'text', sortable: true, form: true, width: 150 },
    // A part of the installer company's name: the records of its systems (server/records/maintenance.ts).
    installer: { schema: z.string().max(200), filter: 'text' },
    installer_company: { schema: z.string(), list: true, show: true, width: 170 },
    remarks: { schema: rules.requiredText(2000), ...required66, widget: 'textarea', list: true, form: true },
    work_done: { schema: rules.optionalText(2000), widget: 'textarea', form: true, show: true },
    firmware_before: { schema: rules.optionalText(64), form: true, show: true },
    firmware_after: { schema: rules.optionalText(64), form: true, show: true },
    complaint_id: { ...complaintReference(), form: true, show: true },
    // The alarm it answered, as a free reference: alarms are not recorded yet, so nothing can link to one.
    alarm_ref: { schema: rules.optionalText(100), form: true, show: true },
    // The swaps made in this intervention, one a line (kind: old S/N → new S/N), from the component history.
    parts_replaced: { schema: z.string(), widget: 'textarea', list: true, show: true },
    photos: attachmentsField({ max: 10, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'images' }),
    created_by: { schema: z.string(), show: true },
  }),
});
