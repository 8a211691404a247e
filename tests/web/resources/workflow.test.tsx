import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../src/i18n';
import { formatFor } from '../../../src/i18n/format';
import { ResourceScreen } from '../../../src/resources/ResourceScreen';
import { fixtureTickets, TICKET_TEXTS } from '../../api/crud/fixture-workflow-resource';
import { addTexts, renderAt, signIn } from '../render-portal';
import { server } from '../setup';

/**
 * DESIGN §3 on the web side for workflows: the fixture ticket's declaration (the one the server test runs)
 * gives the state tags, the action buttons a user may press in the current state, the modal for the fields
 * an action requires and the history timeline; no screen code. The mock stands for listing it in RESOURCES.
 */
vi.mock('../../../resources/index', async (original) =>
  (await import('../declarations')).withDeclarations(original, (await import('../../api/crud/fixture-workflow-resource')).fixtureTickets),
);

beforeAll(() => {
  for (const [language, bundles] of Object.entries(TICKET_TEXTS)) addTexts(bundles, language);
});

const ROUTE = '/BasicSettings/fixtureTickets';
/** antd validates and renders asynchronously: on a busy machine a message can take longer than the default 5 s. */
const SLOW = { timeout: 15_000 };
const AT = '2026-03-02T08:00:00.000Z';
const LATER = '2026-03-02T09:30:00.000Z';

type Ticket = { id: number; title: string; status: string; score: number | null; reopen_count: number };

/** An in-memory ticket service: the list, one, history and transition calls the declaration names. */
function serveTickets(initial: Ticket[], options: { refuse?: number } = {}) {
  const tickets = initial.map((ticket) => ({ ...ticket }));
  const history: Record<number, object[]> = {
    1: [
      {
        id: 1,
        action: 'start',
        from_state: 'new',
        to_state: 'review',
        username: 'servicer',
        note: 'Looking at it',
        fields: null,
        created_at: AT,
      },
    ],
  };
  const calls: { path: string; body: any }[] = [];
  const envelope = (data: unknown, code = 200) => HttpResponse.json({ code, info: code === 200 ? 'Success' : 'Operation failure', data });
  server.use(
    http.post('/api/Ticket/GetTicketPageList', () => envelope({ data: tickets, dataCount: tickets.length })),
    http.post('/api/Ticket/GetTicket', async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      return envelope(tickets.find((t) => t.id === Number(id)));
    }),
    http.post('/api/Ticket/GetTicketHistory', async ({ request }) => {
      const { id } = (await request.json()) as { id: number };
      const rows = history[Number(id)] ?? [];
      return envelope({ data: rows, dataCount: rows.length });
    }),
    http.post(/\/api\/Ticket\/[A-Z][a-z]+Ticket$/, async ({ request }) => {
      const path = new URL(request.url).pathname;
      const body = (await request.json()) as any;
      calls.push({ path, body });
      if (options.refuse) return envelope({ status: 'done' }, options.refuse);
      const action = path.match(/\/Ticket\/([A-Z][a-z]+)Ticket$/)![1]!.toLowerCase();
      const transition = fixtureTickets.workflow!.transitions.find((t) => t.action === action)!;
      const ticket = tickets.find((t) => t.id === body.id)!;
      (history[ticket.id] ??= []).push({
        id: 99,
        action,
        from_state: ticket.status,
        to_state: transition.to,
        username: 'admin',
        note: body.note ?? null,
        fields: body.score ? { score: body.score } : null,
        created_at: LATER,
      });
      ticket.status = transition.to;
      if (body.score) ticket.score = body.score;
      return envelope(ticket);
    }),
  );
  return { tickets, calls };
}

function renderTickets(roles: string[], url = ROUTE) {
  signIn(roles);
  return renderAt(url, ROUTE, <ResourceScreen declaration={fixtureTickets} />, [{ name: 'fixtureTickets', list: ROUTE }]);
}

/** The workflow part of the show drawer: actions and history. */
const workflowPanel = () => screen.findByTestId('workflow-panel', undefined, { timeout: 15_000 });

/** The open action modal, checked to carry the action's name as its title. */
async function actionModal(title: string): Promise<HTMLElement> {
  const modal = (await screen.findByTestId('workflow-submit')).closest('.ant-modal') as HTMLElement;
  expect(within(modal).getByText(title, { selector: '.ant-modal-title' })).toBeInTheDocument();
  return modal;
}

describe('a declared workflow on the generated screen', { timeout: 90_000 }, () => {
  it('the list shows each state as a tag coloured by its category', async () => {
    serveTickets([
      { id: 1, title: 'Noise', status: 'review', score: null, reopen_count: 0 },
      { id: 2, title: 'Display', status: 'waiting', score: null, reopen_count: 0 },
      { id: 3, title: 'Fan', status: 'done', score: 4, reopen_count: 0 },
    ]);
    renderTickets(['admin']);
    const tag = await screen.findByText('In review');
    expect(tag.closest('[data-testid="workflow-state"]')).toHaveAttribute('data-category', 'open');
    expect(screen.getByText('Waiting for answer').closest('[data-testid="workflow-state"]')).toHaveAttribute('data-category', 'paused');
    expect(screen.getByText('Done').closest('[data-testid="workflow-state"]')).toHaveAttribute('data-category', 'resolved');
  });

  it('offers the actions of the current state, asks for the fields they require, sends them and shows the new state and history', async () => {
    const { calls } = serveTickets([{ id: 1, title: 'Noise', status: 'review', score: null, reopen_count: 0 }]);
    renderTickets(['admin'], `${ROUTE}?action=show&id=1`);
    const panel = within(await workflowPanel());
    // The history: action, from → to, who and when in the reader's language, the note.
    const entry = await panel.findByTestId('workflow-history-entry');
    expect(entry).toHaveTextContent('Start review');
    expect(entry).toHaveTextContent(`servicer on ${formatFor('en').dateTime(AT)}`);
    expect(entry).toHaveTextContent('Looking at it');
    // In review: ask, approve and reject; not start, answer, reopen or archive.
    const actions = panel.getByTestId('workflow-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ask a question', 'Approve', 'Reject']);

    fireEvent.click(panel.getByRole('button', { name: 'Approve' }));
    const modal = within(await actionModal('Approve'));
    fireEvent.click(modal.getByTestId('workflow-submit'));
    expect(await modal.findByText(i18n.t('admin:validation.required'), undefined, SLOW)).toBeInTheDocument();
    const score = modal.getByLabelText('Score');
    fireEvent.change(score, { target: { value: '9' } });
    fireEvent.click(modal.getByTestId('workflow-submit'));
    expect(await modal.findByText(i18n.t('admin:validation.number'), undefined, SLOW)).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    fireEvent.change(score, { target: { value: '4' } });
    fireEvent.change(modal.getByLabelText('Note'), { target: { value: 'Works again' } });
    fireEvent.click(modal.getByTestId('workflow-submit'));
    await waitFor(() => expect(calls).toEqual([{ path: '/api/Ticket/ApproveTicket', body: { id: 1, score: 4, note: 'Works again' } }]));
    expect(await screen.findByText('Status is now: Done')).toBeInTheDocument();
    // Read again: the actions of 'done', the new history entry with its note and field first.
    await waitFor(() =>
      expect(
        within(panel.getByTestId('workflow-actions'))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Reopen', 'Archive']),
    );
    const entries = await panel.findAllByTestId('workflow-history-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Approve');
    expect(entries[0]).toHaveTextContent('Works again');
    expect(entries[0]).toHaveTextContent('Score4');
  });

  it('says so and reloads when someone else changed the state first', async () => {
    const { calls } = serveTickets([{ id: 1, title: 'Noise', status: 'new', score: null, reopen_count: 0 }], { refuse: 400 });
    renderTickets(['admin'], `${ROUTE}?action=show&id=1`);
    const panel = within(await workflowPanel());
    fireEvent.click(await panel.findByRole('button', { name: 'Start review' }));
    const modal = within(await actionModal('Start review'));
    fireEvent.click(modal.getByTestId('workflow-submit'));
    expect(await screen.findByText(i18n.t('admin:workflow.changed'))).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    await waitFor(() => expect(screen.queryByTestId('workflow-submit')).not.toBeInTheDocument());
  });

  it('shows only the actions the role holds: the servicer may not reject', async () => {
    serveTickets([{ id: 1, title: 'Noise', status: 'review', score: null, reopen_count: 0 }]);
    renderTickets(['servicer'], `${ROUTE}?action=show&id=1`);
    const panel = within(await workflowPanel());
    const actions = await panel.findByTestId('workflow-actions');
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ask a question', 'Approve']);
  });

  it('shows no action to a role without it; the state and history stay readable', async () => {
    serveTickets([{ id: 1, title: 'Noise', status: 'review', score: null, reopen_count: 0 }]);
    // servicepartner is not among the fixture's roles; the calls still answer here.
    renderTickets(['servicepartner'], `${ROUTE}?action=show&id=1`);
    const panel = within(await workflowPanel());
    expect(await panel.findByTestId('workflow-history-entry')).toBeInTheDocument();
    expect(panel.queryByTestId('workflow-actions')).not.toBeInTheDocument();
  });

  it('in German: states, actions, the history and its date in the reader’s language', async () => {
    await i18n.changeLanguage('de');
    serveTickets([{ id: 1, title: 'Noise', status: 'review', score: null, reopen_count: 0 }]);
    renderTickets(['admin'], `${ROUTE}?action=show&id=1`);
    const panel = within(await workflowPanel());
    const entry = await panel.findByTestId('workflow-history-entry');
    expect(entry).toHaveTextContent(`servicer am ${formatFor('de').dateTime(AT)}`);
    expect(entry).toHaveTextContent('Prüfung beginnen');
    expect(panel.getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
    expect(screen.getAllByText('In Prüfung').length).toBeGreaterThan(1);
    expect(panel.getByText('Verlauf')).toBeInTheDocument();
  });
});
