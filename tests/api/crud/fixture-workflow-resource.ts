import { z } from 'zod';
import { rules } from '../../../resources/rules';
import { defineResource } from '../../../resources/types';

/**
 * A fixture entity with a workflow, as a developer declares one (DESIGN §3): the declaration alone gives the
 * transition calls, the history call, the action buttons, the modal and the timeline. The server test adds its
 * table (fixture-workflow-table.ts), the web test serves its calls with MSW. Texts: locales/<lng>/admin.json
 * under fixtureTickets (kept there so the screen can be looked at in every language).
 *
 *   new ──start──▶ review ──ask (question)──▶ waiting ──answer──▶ review ──approve (score)──▶ done
 *    └──────────reject (reason)──────────────┘                                               │
 *   done / rejected ──reopen (hook countReopen)──▶ new          done ──archive (88 from elsewhere)──▶ archived
 */
export const TICKET_STATES = ['new', 'review', 'waiting', 'done', 'rejected', 'archived'] as const;

export const fixtureTickets = defineResource({
  name: 'fixtureTickets',
  route: '/BasicSettings/fixtureTickets',
  group: 'BasicSettings',
  icon: 'tool',
  roles: ['admin', 'servicer'],
  namespace: 'admin',
  table: 'fixtureTicketsTable',
  endpoints: { list: '/Ticket/GetTicketPageList', one: '/Ticket/GetTicket', save: '/Ticket/SaveTicket' },
  titleField: 'title',
  fields: {
    title: { schema: rules.requiredText(60), list: true, form: true },
    status: { schema: z.enum(TICKET_STATES), options: TICKET_STATES, list: true, filter: true, show: true },
    score: { schema: z.number().int().min(1).max(5).nullable(), widget: 'number', list: true },
    reopen_count: { schema: z.number().int(), widget: 'number', show: true },
  },
  workflow: {
    states: {
      new: { category: 'open' },
      review: { category: 'open' },
      waiting: { category: 'paused' },
      done: { category: 'resolved' },
      rejected: { category: 'resolved' },
      archived: { category: 'resolved' },
    },
    transitions: [
      { action: 'start', from: ['new'], to: 'review', permission: 'update' },
      { action: 'ask', from: ['review'], to: 'waiting', permission: 'update', fields: { question: { schema: rules.requiredText(200), widget: 'textarea' } } },
      { action: 'answer', from: ['waiting'], to: 'review', permission: 'update' },
      {
        action: 'approve',
        from: ['review'],
        to: 'done',
        permission: 'update',
        fields: { score: { schema: z.number({ error: 'admin:validation.required' }).int().min(1, 'admin:validation.number').max(5, 'admin:validation.number'), widget: 'number' } },
      },
      { action: 'reject', from: ['new', 'review'], to: 'rejected', permission: 'update', fields: { reason: { schema: rules.requiredText(200), widget: 'textarea' } } },
      { action: 'reopen', from: ['done', 'rejected'], to: 'new', permission: 'update', hook: 'countReopen' },
      // As a complaint's archive: refused with its own code (88) anywhere but in done.
      { action: 'archive', from: ['done'], to: 'archived', permission: 'update', refusedCode: 88 },
    ],
  },
});
