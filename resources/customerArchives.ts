import { z } from 'zod';
import { COUNTRY_CODES } from '../contract/countryCodes';
import { rules } from './rules';
import { defineResource, type FieldDeclaration } from './types';

/**
 * The customer archive (spec §3 'Customer file', §5, §8 codes 73 and 74): the file the after-sales
 * team keeps per customer. Its calls are `/CustomerArchives/<Verb>CustomerArchive` (server/archives/ registers them
 * with its hooks); its screens are hand-written (src/features/archives/).
 *
 * - /customerArchives is this list (xlsx export); /customerArchivesDetail?id= one file with its tabs (basic info,
 *   visit, phone, mail and processing records, remarks, the customer's complaints).
 * - /clientList is the portal's customer users with their systems: from there staff open a customer's archive,
 *   or create one filled from the user and the system (server/archives/clients.ts).
 *
 * Rows belong to the customer's system (`sys_sn`, row scope 'system' of DESIGN §6): staff who see every system
 * see every archive, installers (resellers, service partners, …) those of the systems in their scope; customers
 * and sharers have no archive screen and get 45. The system also links the archive to its portal user (`user_id`,
 * taken from the system at each save) and the complaint count is counted from the complaints on the customer's
 * systems, never typed.
 *
 * Required (spec §5): name (3); country, postcode, S/N and license (73, spec §8: 'Country, postcode, SN and license
 * required'). 'The customer exists' (74): another archive with the same license, the same name and postcode, or the
 * same system.
 */

const required73 = { codes: { required: 73 } } as const;
const text = (max: number, more: Partial<FieldDeclaration> = {}): FieldDeclaration => ({
  schema: rules.optionalText(max),
  form: true,
  show: true,
  ...more,
});
const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, 'admin:validation.tooLong')
    .regex(/^[^\s@]+@[^\s@]+\.[A-Za-z]{2,8}$/, 'admin:validation.email')
    .or(z.literal(''))
    .optional()
    .default('');

export const customerArchives = defineResource({
  name: 'customerArchives',
  entity: 'customerArchive',
  route: '/customerArchives',
  group: 'complaints',
  namespace: 'archives',
  table: 'customerArchives',
  scope: { subject: 'customerArchive', field: 'sys_sn' },
  endpoints: {
    list: '/CustomerArchives/GetCustomerArchivePageList',
    one: '/CustomerArchives/GetCustomerArchive',
    save: '/CustomerArchives/SaveCustomerArchive',
    delete: '/CustomerArchives/DeleteCustomerArchive',
    export: '/CustomerArchives/ExportCustomerArchives',
  },
  titleField: 'name',
  defaultSort: { field: 'created_at', order: 'desc' },
  fields: () => ({
    name: { schema: rules.requiredText(100), list: true, filter: 'text', sortable: true, form: true },
    contact: text(100, { list: true }),
    phone: text(30, { list: true }),
    email: { schema: optionalEmail(), widget: 'email', codes: { invalid: 14 }, form: true, show: true },
    address: text(200),
    area: text(100, { filter: 'text' }),
    country: {
      schema: z.enum(COUNTRY_CODES, { error: 'admin:validation.required' }),
      widget: 'country',
      options: COUNTRY_CODES,
      codes: { required: 73, invalid: 51 },
      list: true,
      filter: 'select',
      form: true,
      width: 130,
    },
    // Picked from the reference data (GetStatecode: the code is stored; GetCitycode: the name), typed where the data set
    // lists no city for the state; values stored before the pickers are kept while unchanged (server/archives/service.ts).
    state: text(100, { widget: 'state', place: { country: 'country' } }),
    city: text(100, { list: true, widget: 'city', place: { country: 'country', state: 'state' } }),
    postcode: { schema: rules.requiredText(20), ...required73, form: true, show: true },
    remarks: text(1000, { widget: 'textarea' }),
    // Counted from the complaints on the customer's systems (server/archives/service.ts), never typed.
    complaint_count: { schema: z.number(), widget: 'number', list: true, show: true, width: 110 },
    installer_company: text(100, { filter: 'text' }),
    installer_contact: text(100),
    installer_phone: text(30),
    installer_email: { schema: optionalEmail(), widget: 'email', codes: { invalid: 14 }, form: true, show: true },
    installer_address: text(200),
    installer_remark: text(1000, { widget: 'textarea' }),
    license: { schema: rules.requiredText(64), ...required73, list: true, filter: 'text', form: true, unique: 74 },
    // The customer's system: its S/N links the archive to the system, its owner and its complaints.
    sys_sn: { schema: rules.requiredText(40), ...required73, list: true, filter: 'text', form: true },
    inverter_sn: text(64),
    battery_model: text(64),
    user_id: { schema: z.number().nullable() },
    // The portal user owning the system (server/archives/service.ts), when there is one.
    username: { schema: z.string().nullable(), show: true },
    created_by: { schema: z.string(), show: true },
    created_at: { schema: z.string(), widget: 'datetime', list: true, sortable: true, columnHidden: true, width: 170 },
  }),
});
