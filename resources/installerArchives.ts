import { z } from 'zod';
import { rules } from './rules';
import { defineResource } from './types';

/**
 * The installer file (spec §3 'Installer file', §5 'Installer', §8 codes 48 and 90): kept on the
 * installer company row the systems point at (systems.installer_company_id), so the file, its systems, their
 * complaints and the scorecard (server/archives/installerScorecard.ts) share one id. Its screens are hand-written
 * (src/features/archives/Installer*.tsx): /installerdetail lists the files with their scorecard, /installerdetail?id=
 * shows one.
 *
 * Every field is required (3 naming it), the license with 48 (spec §8 'license required for installers') and unique
 * with 90 ('license exists'). Row scope 'installerCompany' (permissions/scopes.ts): installers see their own
 * company's file, resellers and service partners those of the companies they work with, customers none (45).
 */

const required = (max: number) => ({ schema: rules.requiredText(max), form: true, show: true }) as const;

export const installerArchives = defineResource({
  name: 'installerdetail',
  entity: 'installer',
  route: '/installerdetail',
  group: 'complaints',
  namespace: 'archives',
  table: 'installerCompanies',
  scope: { subject: 'installer', field: 'id' },
  endpoints: {
    list: '/Installer/GetInstallerPageList',
    one: '/Installer/GetInstaller',
    save: '/Installer/SaveInstaller',
    delete: '/Installer/DeleteInstaller',
  },
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  fields: () => ({
    // The company's name: the installer's name everywhere in the portal. The spec has no code for a name in use:
    // 2 (parameter error) naming the field.
    name: { ...required(100), list: true, filter: 'text', sortable: true, unique: 2 },
    contact: { ...required(100), list: true },
    phone: { ...required(30), list: true },
    email: {
      schema: z
        .string({ error: 'admin:validation.required' })
        .trim()
        .min(1, 'admin:validation.required')
        .max(254, 'admin:validation.tooLong')
        .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,8}$/, 'admin:validation.email'),
      widget: 'email',
      codes: { invalid: 14 },
      form: true,
      show: true,
    },
    address: required(200),
    remark: { ...required(1000), widget: 'textarea' },
    license: { ...required(64), codes: { required: 48 }, list: true, filter: 'text', unique: 90 },
  }),
});
