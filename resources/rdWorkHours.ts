import { z } from 'zod';
import { WORK_KINDS } from '../contract/workhours-constants';
import { complaintReference } from './complaints';
import { rules } from './rules';
import { defineResource } from './types';

/**
 * R&D working hours (route /RAndDtimereport, staff only): one row per entry, an engineer's time on
 * a complaint or a project on one day. Rows belong to their engineer (row scope 'personal' on `engineer_id`): each
 * engineer (dev, servicer, fasw, dasw) reads and writes their own, admin and systemmanager read everyone's
 * (permissions/subjects.ts, permissions/scopes.ts). At most 24 h a day per engineer, checked in the save's
 * transaction. The totals and the xlsx export are calls of their own (server/workhours/routes.ts).
 */

/** Hours are logged in quarter-hour steps. */
export const HOURS_STEP = 0.25;
/** No engineer works more than this in one day (the sum of their entries of that day). */
export const DAY_MAX_HOURS = 24;

const hours = () =>
  z
    .number({ error: 'admin:validation.required' })
    .min(HOURS_STEP, 'workhours:validation.hours')
    .max(DAY_MAX_HOURS, 'workhours:validation.hours')
    .refine((value) => Number.isInteger(value / HOURS_STEP), 'workhours:validation.hours');

export const rdWorkHours = defineResource({
  name: 'RAndDtimereport',
  entity: 'rdWorkHour',
  route: '/RAndDtimereport',
  group: 'complaints',
  namespace: 'workhours',
  table: 'rdWorkHours',
  scope: { subject: 'rdWorkHour', field: 'engineer_id' },
  endpoints: {
    list: '/WorkHours/GetWorkHourPageList',
    one: '/WorkHours/GetWorkHour',
    save: '/WorkHours/SaveWorkHour',
    delete: '/WorkHours/DeleteWorkHour',
  },
  titleField: 'work_date',
  defaultSort: { field: 'work_date', order: 'desc' },
  fields: () => ({
    work_date: { schema: rules.date(), widget: 'date', list: true, sortable: true, filter: 'dateRange', form: true, width: 130 },
    // Who logged it: the caller, set by the server (never a form field).
    engineer: { schema: z.string(), list: true, filter: 'text', sortable: true, show: true },
    hours: { schema: hours(), widget: 'number', list: true, form: true, width: 90 },
    kind: {
      schema: z.enum(WORK_KINDS, { error: 'admin:validation.required' }),
      widget: 'select',
      options: WORK_KINDS,
      list: true,
      filter: true,
      form: true,
    },
    // A complaint (picked from the caller's complaints) or a project name: one of the two is required (server hook: 3).
    complaint_id: {
      ...complaintReference(),
      list: true,
      filter: 'select',
      form: true,
    },
    project: { schema: rules.optionalText(100), list: true, filter: 'text', form: true },
    note: { schema: rules.optionalText(500), widget: 'textarea', form: true, show: true },
    created_at: { schema: z.string(), widget: 'datetime', show: true },
  }),
});
