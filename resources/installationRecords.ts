import { z } from 'zod';
import { rules } from './rules';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from './attachments';
import { defineResource } from './types';

/**
 * Each system's installation as it was done (spec §2 InstallationRecord; calls /ESSMainTain/GetTheSysInstall,
 * LoadInstall, SaveSysInstall, DownInstallFile): who installed it (the system's installer company, the person), when,
 * its components and their S/Ns (the system's, read at each answer; a swap goes through /ESSMainTain/UpdateSystemSN
 * and its history), wiring and settings notes, the commissioning checks with their values, photos and documents, and
 * the customer's acceptance. One record per system (52 for a second one).
 *
 * Rows belong to their system (row scope 'system', DESIGN §6): installers write their company's systems, resellers
 * their installers'; both only until INSTALLATION_EDIT_DAYS after commissioning (contract/records-constants.ts), then
 * read only (45); our own after-sales staff may always edit (server/records/installation.ts).
 */
const notes = () => ({ schema: rules.optionalText(2000), widget: 'textarea' as const, form: true, show: true });
const check = () => ({ schema: z.boolean().optional().default(false), widget: 'switch' as const, form: true, show: true });

export const installationRecords = defineResource({
  name: 'InstallationRecord',
  entity: 'installationRecord',
  route: '/energyStorageSysMaintenance/InstallationRecord',
  group: 'energyStorageSysMaintenance',
  namespace: 'records',
  table: 'installationRecords',
  scope: { subject: 'installationRecord', field: 'sys_sn' },
  endpoints: {
    list: '/ESSMainTain/GetTheSysInstall',
    one: '/ESSMainTain/LoadInstall',
    save: '/ESSMainTain/SaveSysInstall',
    upload: '/ESSMainTain/UploadInstallFile',
    download: '/ESSMainTain/DownInstallFile',
  },
  titleField: 'sys_sn',
  defaultSort: { field: 'commissioned_on', order: 'desc' },
  fields: () => ({
    sys_sn: {
      schema: rules.requiredText(40),
      list: true,
      filter: 'text',
      sortable: true,
      form: 'create',
      show: true,
      unique: 52,
      width: 170,
    },
    // The system's installer company (server/records/installation.ts), never typed.
    installer_company: { schema: z.string(), list: true, show: true, width: 180 },
    installer_person: { schema: rules.requiredText(100), list: true, filter: 'text', form: true, width: 150 },
    installed_on: { schema: rules.date(), widget: 'date', list: true, sortable: true, filter: 'dateRange', form: true, width: 130 },
    commissioned_on: { schema: rules.date(), widget: 'date', list: true, sortable: true, filter: 'dateRange', form: true, width: 130 },
    // The system's components as they are now, one a line (kind, S/N, model).
    components: { schema: z.string(), widget: 'textarea', show: true },
    wiring_notes: notes(),
    settings_notes: notes(),
    insulation_mohm: {
      schema: z.number().min(0, 'admin:validation.number').max(100000, 'admin:validation.number').nullable().optional(),
      widget: 'number',
      form: true,
      show: true,
    },
    grid_code: { schema: rules.optionalText(64), form: true, show: true },
    ct_direction_checked: check(),
    backup_tested: check(),
    customer_instructed: check(),
    check_notes: notes(),
    accepted_by: { schema: rules.optionalText(100), list: true, form: true, show: true, width: 150 },
    accepted_on: { schema: rules.date().nullable().optional(), widget: 'date', form: true, show: true },
    photos: attachmentsField({ max: 20, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'images' }),
    documents: attachmentsField({ max: 10, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'documents' }),
    // The last day the installer may change it (commissioning + INSTALLATION_EDIT_DAYS), and whether the caller may now.
    editable_until: { schema: z.string(), widget: 'date', list: true, show: true, width: 130 },
    editable: { schema: z.boolean() },
    created_by: { schema: z.string(), show: true },
    updated_at: { schema: z.string(), widget: 'datetime', show: true },
  }),
});
