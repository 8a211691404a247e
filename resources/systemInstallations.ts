import { z } from 'zod';
import { ATTACHMENT_MAX_BYTES, attachmentsField } from './attachments';
import { defineResource } from './types';

/** How many site photos an installation needs, and may hold. */
export const INSTALL_PHOTOS_MIN = 2;
export const INSTALL_PHOTOS_MAX = 10;

/**
 * The installations done (installNewSystem): the screen is the installation form (src/features/install), which lists
 * the caller's recent installations below it through these generated calls. A row is written only by
 * /SystemInstall/InstallNewSystem (server/install/service.ts) in the transaction that makes the system, so there is no
 * save or delete here; its photos are uploaded through `upload` before the form is sent and attached by that call.
 * Rows are in the caller's scope through their system (an installer sees their company's).
 */
export const systemInstallations = defineResource({
  name: 'installNewSystem',
  entity: 'systemInstall',
  route: '/energyStorageSysMaintenance/installNewSystem',
  group: 'energyStorageSysMaintenance',
  namespace: 'install',
  table: 'systemInstallations',
  scope: { subject: 'systemInstall', field: 'sys_sn' },
  endpoints: {
    list: '/SystemInstall/GetInstallationPageList',
    one: '/SystemInstall/GetInstallation',
    upload: '/SystemInstall/UploadInstallationPhoto',
    download: '/SystemInstall/DownloadInstallationPhoto',
  },
  titleField: 'sys_sn',
  defaultSort: { field: 'created_at', order: 'desc' },
  fields: () => ({
    sys_sn: { schema: z.string(), list: true, filter: 'text', sortable: true, show: true, width: 150 },
    installer_company: { schema: z.string(), list: true, filter: 'text', show: true },
    installed_by: { schema: z.string(), list: true, show: true },
    customer: { schema: z.string(), list: true, show: true },
    invited_email: { schema: z.string(), list: true, show: true },
    commissioned_on: { schema: z.string(), list: true, sortable: true, show: true, width: 130 },
    created_at: { schema: z.string(), list: true, sortable: true, show: true, width: 170 },
    photos: attachmentsField({ max: INSTALL_PHOTOS_MAX, maxBytes: ATTACHMENT_MAX_BYTES, accept: 'images' }),
  }),
});
