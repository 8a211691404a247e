import { z } from 'zod';
import { defineResource } from './types';

/** The audit trail: who did what, which record, when, from where. Read-only; xlsx export. */
export const userLog = defineResource({
  name: 'userLog',
  entity: 'userLog',
  route: '/BasicSettings/userLog',
  group: 'BasicSettings',
  namespace: 'admin',
  table: 'userLog',
  endpoints: { list: '/UserLog/GetUserLogPageList', one: '/UserLog/GetUserLog', export: '/UserLog/ExportUserLog' },
  defaultSort: { field: 'created_at', order: 'desc' },
  titleField: 'action',
  fields: () => ({
    created_at: {
      column: 'createdAt',
      schema: z.string().max(40),
      widget: 'datetime',
      list: true,
      sortable: true,
      filter: 'dateRange',
      width: 180,
    },
    username: { schema: z.string().max(200), list: true, filter: 'text', sortable: true, width: 140 },
    action: { schema: z.string().max(200), list: true, filter: 'text', sortable: true, width: 220 },
    target: { schema: z.string().max(500), list: true, width: 200 },
    ip: { schema: z.string().max(100), list: true, width: 140 },
    detail: { schema: z.unknown(), widget: 'textarea', show: true },
  }),
});
