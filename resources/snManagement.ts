import { z } from 'zod';
import { rules } from './rules';
import { defineResource } from './types';

export const PRODUCT_TYPES = ['system', 'inverter', 'battery', 'ems', 'meter'] as const;
export const SN_STATES = ['free', 'installed', 'moving', 'banned'] as const;
/** Spec: an S/N is 8-32 letters and digits (stored upper-case). */
export const SN_PATTERN = /^[A-Z0-9]{8,32}$/;

/** The S/N registry (codes 18, 21, 22, 25, 52, 61, 85, 105; bulk import from xlsx). */
export const snManagement = defineResource({
  name: 'snManagement',
  entity: 'sn',
  route: '/BasicSettings/snManagement',
  group: 'BasicSettings',
  namespace: 'admin',
  table: 'snRegistry',
  endpoints: {
    list: '/SN/GetSnPageList',
    one: '/SN/GetSn',
    save: '/SN/SaveSn',
    delete: '/SN/DeleteSn',
  },
  notFoundCode: 18,
  titleField: 'sn',
  defaultSort: { field: 'created_at', order: 'desc' },
  fields: () => ({
    sn: {
      schema: z
        .string({ error: 'admin:validation.snRequired' })
        .trim()
        .min(1, 'admin:validation.snRequired')
        .max(64, 'admin:validation.sn')
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(SN_PATTERN, 'admin:validation.sn')),
      codes: { required: 25, invalid: 61 },
      list: true,
      filter: 'text',
      sortable: true,
      form: true,
      unique: 52,
      width: 190,
    },
    check_code: {
      schema: rules.requiredText(12).regex(/^[A-Za-z0-9]{4,12}$/, 'admin:validation.checkCode'),
      form: true,
      show: true,
      width: 120,
    },
    product_type: {
      schema: z.enum(PRODUCT_TYPES, { error: 'admin:validation.required' }),
      widget: 'select',
      options: PRODUCT_TYPES,
      list: true,
      filter: 'select',
      form: true,
      defaultValue: 'system',
      width: 130,
    },
    model: { schema: rules.optionalText(64), list: true, filter: 'text', form: true, width: 140 },
    production_date: { schema: rules.date(), widget: 'date', list: true, sortable: true, form: true, width: 140 },
    state: {
      schema: z.enum(SN_STATES, { error: 'admin:validation.required' }),
      widget: 'select',
      options: SN_STATES,
      list: true,
      filter: 'select',
      form: true,
      defaultValue: 'free',
      width: 120,
      colors: { free: 'green', installed: 'blue', moving: 'orange', banned: 'red' },
    },
    created_by: { schema: z.string().max(64).optional(), list: true, width: 120 },
    created_at: { schema: z.string().max(40).optional(), widget: 'datetime', list: true, sortable: true, width: 170 },
  }),
});
