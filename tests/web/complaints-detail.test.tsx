import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { complaint, renderComplaints, signIn } from './complaints-render';
import { envelope } from './helpers';
import { server } from './setup';

/**
 * A complaint's page (issue 13, point 4): the actions the reader may press in the complaint's status (DESIGN §9,
 * resources/complaints.ts), the status and history in the reader's wording, the files to download.
 */
const detail = (id: number) => `/customerComplaintList/attachmentDetails?customercomplaintId=${id}`;

function serveComplaint(record: Record<string, unknown>, history: object[] = []) {
  const actions: Array<{ path: string; body: Record<string, unknown> }> = [];
  server.use(
    http.post('/api/Complaints/GetComplaint', () => HttpResponse.json(envelope(200, record, 'Success'))),
    http.post('/api/Complaints/GetComplaintHistory', () =>
      HttpResponse.json(envelope(200, { data: history, dataCount: history.length }, 'Success')),
    ),
    http.post(/\/api\/Complaints\/[A-Z][A-Za-z]+Complaint$/, async ({ request }) => {
      actions.push({ path: new URL(request.url).pathname, body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json(envelope(200, { ...record, status: 'confirmed' }, 'Success'));
    }),
  );
  return actions;
}

/** The action buttons shown, by action name. */
async function actionsShown(): Promise<string[]> {
  await screen.findByTestId('complaint-detail');
  const bar = screen.queryByTestId('workflow-actions');
  if (!bar) return [];
  return within(bar)
    .getAllByRole('button')
    .map((b) => b.getAttribute('data-testid')!.replace('workflow-action-', ''));
}

describe("a complaint's page", { timeout: 60_000 }, () => {
  const cases: Array<[string[], string, string[]]> = [
    [['servicer'], 'new', ['accept', 'reject']],
    [['customer'], 'new', []],
    [['customer'], 'waitingConfirmation', ['confirm', 'notConfirm']],
    [['servicer'], 'waitingConfirmation', []],
    [['servicer'], 'processing', ['transfer', 'proposeSolution']],
    [['dev'], 'forwarded', ['takeOver']],
    [['customer'], 'completed', ['evaluate', 'reopen']],
    [['fasw'], 'evaluated', ['submitArchive', 'archive']],
    [['customer'], 'archived', []],
    [['installer'], 'waitingConfirmation', ['confirm', 'notConfirm']],
  ];
  it.each(cases)('%s on a %s complaint may press %j', async (roles, status, expected) => {
    signIn(roles, roles[0]);
    serveComplaint(complaint(3, status));
    renderComplaints(detail(3));
    await screen.findByText('Battery does not charge 3');
    expect(await actionsShown()).toEqual(expected);
  });

  it('sends the action the customer presses, after its confirmation', async () => {
    signIn(['customer'], 'customer');
    const record = complaint(3, 'waitingConfirmation', { solution: 'Replace the BMS board' });
    const actions = serveComplaint(record);
    renderComplaints(detail(3));
    expect(await screen.findByText('Replace the BMS board')).toBeInTheDocument();
    fireEvent.click(await screen.findByTestId('workflow-action-confirm'));
    fireEvent.click(await screen.findByTestId('workflow-submit'));
    await waitFor(() => expect(actions).toEqual([{ path: '/api/Complaints/ConfirmComplaint', body: expect.objectContaining({ id: 3 }) }]));
  });

  it("shows status and history in the customer's wording to a customer, with the files to download", async () => {
    signIn(['customer'], 'customer');
    serveComplaint(complaint(3, 'forwarded', { attachments: [{ id: 11, name: 'photo.jpg', size: 2048, mime: 'image/jpeg' }] }), [
      {
        id: 1,
        action: 'transfer',
        from_state: 'processing',
        to_state: 'forwarded',
        username: 'servicer',
        note: null,
        fields: { team: 'rnd' },
        created_at: '2026-03-02T09:00:00.000Z',
      },
    ]);
    renderComplaints(detail(3));
    const history = await screen.findByTestId('workflow-history');
    expect(within(history).getByText('Being handled')).toBeInTheDocument();
    expect(within(history).getByText('Being handled by our specialists')).toBeInTheDocument();
    expect(screen.getAllByText('Being handled by our specialists').length).toBeGreaterThan(1);
    expect(screen.queryByText('Forwarded')).toBeNull();
    expect(screen.getByTestId('attachment-download')).toHaveTextContent('photo.jpg');
  });

  it('says so when the complaint cannot be read (another customer’s, 45)', async () => {
    signIn(['customer'], 'customer');
    server.use(
      http.post('/api/Complaints/GetComplaint', () => HttpResponse.json(envelope(45, null, 'No permission'))),
      http.post('/api/Complaints/GetComplaintHistory', () => HttpResponse.json(envelope(45, null, 'No permission'))),
    );
    renderComplaints(detail(99));
    expect(await screen.findByText('This complaint was not found')).toBeInTheDocument();
    expect(screen.queryByTestId('workflow-actions')).toBeNull();
  });
});
