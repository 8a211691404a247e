import { z } from 'zod';
import { rules } from '../../../resources/rules';
import { defineResource } from '../../../resources/types';

/**
 * A fixture entity with a workflow, as a developer declares one (DESIGN §3): the declaration alone gives the
 * transition calls, the history call, the action buttons, the modal and the timeline. The server test adds its
 * table (fixture-workflow-table.ts), the web test serves its calls with MSW and adds TICKET_TEXTS (a real
 * entity keeps them in locales/<lng>/<namespace>.json).
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
  namespace: 'fixture',
  table: 'fixtureTicketsTable',
  endpoints: { list: '/Ticket/GetTicketPageList', one: '/Ticket/GetTicket', save: '/Ticket/SaveTicket' },
  titleField: 'title',
  fields: () => ({
    title: { schema: rules.requiredText(60), list: true, form: true },
    status: { schema: z.enum(TICKET_STATES), options: TICKET_STATES, list: true, filter: true, show: true },
    score: { schema: z.number().int().min(1).max(5).nullable(), widget: 'number', list: true },
    reopen_count: { schema: z.number().int(), widget: 'number', show: true },
  }),
  workflow: {
    states: {
      new: { category: 'open' },
      review: { category: 'open' },
      waiting: { category: 'paused' },
      done: { category: 'resolved' },
      rejected: { category: 'resolved', color: 'red' },
      archived: { category: 'resolved' },
    },
    transitions: [
      { action: 'start', from: ['new'], to: 'review' },
      { action: 'ask', from: ['review'], to: 'waiting', fields: { question: { schema: rules.requiredText(200), widget: 'textarea' } } },
      { action: 'answer', from: ['waiting'], to: 'review' },
      {
        action: 'approve',
        from: ['review'],
        to: 'done',
        permission: 'update',
        fields: {
          score: {
            schema: z
              .number({ error: 'admin:validation.required' })
              .int()
              .min(1, 'admin:validation.number')
              .max(5, 'admin:validation.number'),
            widget: 'number',
          },
        },
      },
      // Only admins reject or archive; the servicer, who opens the screen too, does the rest.
      {
        action: 'reject',
        from: ['new', 'review'],
        to: 'rejected',
        roles: ['admin'],
        fields: { reason: { schema: rules.requiredText(200), widget: 'textarea' } },
      },
      { action: 'reopen', from: ['done', 'rejected'], to: 'new', hook: 'countReopen' },
      // As a complaint's archive: refused with its own code (88) anywhere but in done.
      { action: 'archive', from: ['done'], to: 'archived', roles: ['admin'], refusedCode: 88 },
    ],
  },
});

const states = (names: readonly string[]) => Object.fromEntries(TICKET_STATES.map((state, i) => [state, names[i]]));

/** Its texts in English and German: states are the state field's option labels, actions their button texts. */
export const TICKET_TEXTS = {
  en: {
    fixture: {
      fixtureTickets: {
        title: 'Tickets',
        fields: { title: 'Title', status: 'Status', score: 'Score', reopen_count: 'Reopened', question: 'Question', reason: 'Reason' },
        options: { status: states(['New', 'In review', 'Waiting for answer', 'Done', 'Rejected', 'Archived']) },
        actions: {
          start: 'Start review',
          ask: 'Ask a question',
          answer: 'Answered',
          approve: 'Approve',
          reject: 'Reject',
          reopen: 'Reopen',
          archive: 'Archive',
        },
      },
    },
    menu: { fixtureTickets: 'Tickets' },
  },
  de: {
    fixture: {
      fixtureTickets: {
        title: 'Tickets',
        fields: {
          title: 'Titel',
          status: 'Status',
          score: 'Bewertung',
          reopen_count: 'Wieder geöffnet',
          question: 'Frage',
          reason: 'Begründung',
        },
        options: { status: states(['Neu', 'In Prüfung', 'Wartet auf Antwort', 'Erledigt', 'Abgelehnt', 'Archiviert']) },
        actions: {
          start: 'Prüfung beginnen',
          ask: 'Frage stellen',
          answer: 'Beantwortet',
          approve: 'Freigeben',
          reject: 'Ablehnen',
          reopen: 'Wieder öffnen',
          archive: 'Archivieren',
        },
      },
    },
    menu: { fixtureTickets: 'Tickets' },
  },
};
