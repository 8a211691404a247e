import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { complaint, renderComplaints, signIn } from './complaints-render';
import { envelope } from './helpers';
import { server } from './setup';

/**
 * A complaint's page: the actions the reader may press in the complaint's status (DESIGN §9,
 * resources/complaints.ts), the status and history in the reader's wording, the files to download.
 */
const detail = (id: number) => `/customerComplaintList/attachmentDetails?customercomplaintId=${id}`;

function serveComplaint(record: Record<string, unknown>, history: object[] = [], messages: object[] = []) {
  const actions: Array<{ path: string; body: Record<string, unknown> }> = [];
  const recorded =
    (path: string) =>
    async ({ request }: { request: Request }) => {
      actions.push({ path, body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json(envelope(200, { id: 1, urged_at: '2026-03-02T10:00:00.000Z', handler: 'servicer' }, 'Success'));
    };
  server.use(
    http.post('/api/Complaints/GetComplaintMessages', () =>
      HttpResponse.json(envelope(200, { data: messages, dataCount: messages.length }, 'Success')),
    ),
    http.post('/api/Complaints/CommentComplaint', recorded('/api/Complaints/CommentComplaint')),
    http.post('/api/ComplaintsProcessing/ReplyComplaintsComment', recorded('/api/ComplaintsProcessing/ReplyComplaintsComment')),
    http.post('/api/Complaints/UrgeComplaint', recorded('/api/Complaints/UrgeComplaint')),
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
    // Who may archive is offered archive only; who may not, the request for it.
    [['fasw'], 'evaluated', ['archive']],
    [['dasw'], 'evaluated', ['archive']],
    [['servicer'], 'evaluated', ['submitArchive']],
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
    server.use(
      http.post(
        '/api/Complaints/DownloadComplaintFile',
        () =>
          new HttpResponse(new Blob(['jpeg']), {
            headers: { 'content-type': 'image/jpeg', 'content-disposition': 'inline; filename="photo.jpg"' },
          }),
      ),
    );
    // jsdom has no object URLs.
    URL.createObjectURL = () => 'blob:photo';
    URL.revokeObjectURL = () => undefined;
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
    expect(screen.getByTestId('attachment')).toHaveTextContent('photo.jpg');
    // The photo as a thumbnail, fetched through the complaint's download call.
    expect(await screen.findByRole('img', { name: 'Preview of photo.jpg' })).toHaveAttribute('src', 'blob:photo');
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

  const message = (id: number, side: 'customer' | 'staff', content: string, extra: Record<string, unknown> = {}) => ({
    id,
    complaints_id: 3,
    kind: 'comment',
    reply_to: null,
    content,
    creator: side === 'staff' ? 'servicer' : 'customer',
    creator_name: side === 'staff' ? 'Li Wei' : 'Anna Lindqvist',
    side,
    created_at: '2026-03-02T09:00:00.000Z',
    attachments: [],
    ...extra,
  });

  it('shows the conversation with the message a reply answers and its files, and sends a reply to the message chosen', async () => {
    signIn(['customer'], 'customer');
    const actions = serveComplaint(
      complaint(3, 'processing'),
      [],
      [
        message(1, 'customer', 'It beeps at night.'),
        message(2, 'staff', 'Please send a photo of the display.', {
          kind: 'reply',
          reply_to: 1,
          attachments: [{ id: 8, name: 'manual.pdf', size: 4096, mime: 'application/pdf' }],
        }),
      ],
    );
    renderComplaints(detail(3));
    const thread = await screen.findByTestId('complaint-messages');
    await within(thread).findByText('Please send a photo of the display.');
    const [, answer] = within(thread).getAllByTestId('complaint-message');
    // People by their display names, not their user ids.
    expect(within(answer!).getByText('Li Wei')).toBeInTheDocument();
    expect(within(answer!).getByText('In reply to Anna Lindqvist')).toBeInTheDocument();
    expect(within(answer!).getByTestId('message-attachment')).toHaveTextContent('manual.pdf');

    fireEvent.click(within(answer!).getByTestId('complaint-message-reply'));
    expect(await screen.findByTestId('complaint-reply-to')).toHaveTextContent('Reply to Li Wei');
    fireEvent.change(screen.getByTestId('complaint-message-text'), { target: { value: '  Photo attached.  ' } });
    fireEvent.click(screen.getByTestId('complaint-message-send'));
    await waitFor(() =>
      expect(actions).toEqual([
        {
          path: '/api/ComplaintsProcessing/ReplyComplaintsComment',
          body: { id: 3, commentId: 2, commentContent: 'Photo attached.', attachments: [] },
        },
      ]),
    );
  });

  it("refuses a blank message with 'Please fill in the reply' and sends nothing", async () => {
    signIn(['servicer'], 'servicer');
    const actions = serveComplaint(complaint(3, 'processing'));
    renderComplaints(detail(3));
    fireEvent.change(await screen.findByTestId('complaint-message-text'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('complaint-message-send'));
    expect(await screen.findByText('Please fill in the reply')).toBeInTheDocument();
    expect(actions).toEqual([]);
  });

  it('has no message box once the complaint is archived', async () => {
    signIn(['customer'], 'customer');
    serveComplaint(complaint(3, 'archived'), [], [message(1, 'customer', 'Thanks!')]);
    renderComplaints(detail(3));
    await screen.findByText('Thanks!');
    expect(screen.queryByTestId('complaint-message-box')).toBeNull();
  });

  it('offers urge to the customer side while the complaint is open or waiting, and sends it once confirmed', async () => {
    signIn(['customer'], 'customer');
    const actions = serveComplaint(complaint(3, 'waitingConfirmation'));
    const view = renderComplaints(detail(3));
    fireEvent.click(await screen.findByTestId('complaint-urge'));
    expect(await screen.findByText('Urge the handler?')).toBeInTheDocument();
    expect(actions).toEqual([]);
    fireEvent.click(await screen.findByTestId('complaint-urge-confirm'));
    await waitFor(() => expect(actions).toEqual([{ path: '/api/Complaints/UrgeComplaint', body: { id: 3 } }]));
    expect(await screen.findByText('We have reminded the person handling your complaint')).toBeInTheDocument();
    view.unmount();

    serveComplaint(complaint(4, 'completed'));
    const done = renderComplaints(detail(4));
    await screen.findByText('Battery does not charge 4');
    expect(screen.queryByTestId('complaint-urge')).toBeNull();
    done.unmount();

    signIn(['servicer'], 'servicer');
    serveComplaint(complaint(5, 'processing'));
    renderComplaints(detail(5));
    await screen.findByText('Battery does not charge 5');
    expect(screen.queryByTestId('complaint-urge')).toBeNull();
  });

  it('shows the archive answers of the history as yes / no, not as true / false', async () => {
    signIn(['fasw'], 'fasw');
    serveComplaint(complaint(3, 'archived'), [
      {
        id: 9,
        action: 'archive',
        from_state: 'evaluated',
        to_state: 'archived',
        username: 'fasw',
        note: null,
        fields: { pilot_detected: true, leftover_version_issue: false },
        created_at: '2026-03-02T09:00:00.000Z',
      },
    ]);
    renderComplaints(detail(3));
    const history = await screen.findByTestId('workflow-history');
    expect(within(history).getByText('Yes')).toBeInTheDocument();
    expect(within(history).getByText('No')).toBeInTheDocument();
    expect(within(history).queryByText('true')).toBeNull();
  });

  it('shows the service-level clocks and the system as filed beside the text when the answer carries them', async () => {
    signIn(['servicer'], 'servicer');
    const clock = (state: string, elapsedH: number, targetH: number, overdue = false) => ({
      state,
      elapsed_ms: elapsedH * 3_600_000,
      target_ms: targetH * 3_600_000,
      due_at: state === 'running' ? '2026-03-03T08:00:00.000Z' : null,
      overdue,
    });
    serveComplaint(
      complaint(3, 'processing', {
        clocks: { first_response: clock('met', 2, 24), resolution: clock('running', 30, 24, true), rnd: { state: 'none', elapsed_ms: 0 } },
        snapshot: {
          system_id: 1,
          sys_sn: 'ESS-1',
          sys_name: 'Home',
          model: 'ESS-H6 Hybrid',
          battery_model: 'LFP-5.0 HV',
          ems_status: 'warning',
          last_seen_at: '2026-03-02T07:55:00.000Z',
          components: [{ kind: 'inverter', sn: 'INV-1', model: 'ESS-H6 Hybrid', firmware_version: 'ARM 1.4.12' }],
          faults: [
            {
              code: 'W102',
              level: 'warning',
              description: 'Battery cell voltage imbalance',
              started_at: '2026-03-01T05:55:00.000Z',
              ended_at: null,
            },
          ],
          power: [],
          taken_at: '2026-03-02T08:00:00.000Z',
        },
      }),
    );
    renderComplaints(detail(3));
    const clocks = await screen.findByTestId('complaint-clocks');
    expect(within(within(clocks).getByTestId('complaint-clock-first_response')).getByText('Met')).toBeInTheDocument();
    const resolution = within(clocks).getByTestId('complaint-clock-resolution');
    expect(within(resolution).getByText('Running')).toBeInTheDocument();
    expect(within(resolution).getByText('Overdue')).toBeInTheDocument();
    expect(within(clocks).queryByTestId('complaint-clock-rnd')).toBeNull();
    const snapshot = screen.getByTestId('complaint-snapshot');
    // The component's kind in the reader's language, not its code.
    expect(within(snapshot).getByText('Inverter')).toBeInTheDocument();
    expect(within(snapshot).queryByText(/^inverter/)).toBeNull();
    expect(within(snapshot).getByText(/ARM 1\.4\.12/)).toBeInTheDocument();
    expect(within(snapshot).getByText('W102', { exact: false })).toBeInTheDocument();
  });

  it('shows neither clocks nor a snapshot for a complaint without them', async () => {
    signIn(['servicer'], 'servicer');
    serveComplaint(complaint(3, 'new', { snapshot: null }));
    renderComplaints(detail(3));
    await screen.findByText('Battery does not charge 3');
    expect(screen.queryByTestId('complaint-clocks')).toBeNull();
    expect(screen.queryByTestId('complaint-snapshot')).toBeNull();
    expect(screen.getByTestId('complaint-system')).toBeInTheDocument();
  });

  it("offers Reply on the other side's messages, not on one's own", async () => {
    signIn(['customer'], 'customer');
    serveComplaint(complaint(3, 'processing'), [], [message(1, 'customer', 'It beeps at night.'), message(2, 'staff', 'Since when?')]);
    renderComplaints(detail(3));
    await screen.findByText('Since when?');
    const [own, theirs] = screen.getAllByTestId('complaint-message');
    expect(within(own!).queryByTestId('complaint-message-reply')).toBeNull();
    expect(within(theirs!).getByTestId('complaint-message-reply')).toBeInTheDocument();
  });

  it('edits a complaint in the generated form, the priority locked for the customer, and not once archived', async () => {
    signIn(['customer'], 'customer');
    serveComplaint(complaint(3, 'new'));
    const saved: Array<Record<string, unknown>> = [];
    server.use(
      http.post('/api/Complaints/SaveComplaint', async ({ request }) => {
        saved.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(envelope(200, complaint(3, 'processing'), 'Success'));
      }),
    );
    const view = renderComplaints(detail(3));
    fireEvent.click(await screen.findByTestId('complaint-edit'));
    expect(await screen.findByText('The service team sets the priority')).toBeInTheDocument();
    const phone = screen.getByText('Phone', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
    fireEvent.change(within(phone).getByRole('textbox'), { target: { value: '030 555 0101' } });
    fireEvent.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saved).toHaveLength(1), { timeout: 15_000 });
    expect(saved[0]).toMatchObject({ id: 3, phone: '030 555 0101', contact_email: 'kunde@example.com' });
    view.unmount();

    serveComplaint(complaint(4, 'archived'));
    const archived = renderComplaints(detail(4));
    await screen.findByText('Battery does not charge 4');
    expect(screen.queryByTestId('complaint-edit')).toBeNull();
    archived.unmount();

    // Once staff acted on it, the customer side no longer edits it (the server answers 45); staff still do.
    serveComplaint(complaint(5, 'processing'));
    const processing = renderComplaints(detail(5));
    await screen.findByText('Battery does not charge 5');
    expect(screen.queryByTestId('complaint-edit')).toBeNull();
    processing.unmount();
    signIn(['servicer'], 'servicer');
    serveComplaint(complaint(6, 'processing'));
    renderComplaints(detail(6));
    expect(await screen.findByTestId('complaint-edit')).toBeInTheDocument();
  });

  it("says under a staff action's note that the customer does not read it; a customer's own note has no such line", async () => {
    const hint = 'Only the service team reads this note, not the customer.';
    signIn(['servicer'], 'servicer');
    serveComplaint(complaint(3, 'new'));
    const view = renderComplaints(detail(3));
    fireEvent.click(await screen.findByTestId('workflow-action-accept'));
    expect(await screen.findByText(hint)).toBeInTheDocument();
    view.unmount();

    signIn(['customer'], 'customer');
    serveComplaint(complaint(4, 'waitingConfirmation'));
    renderComplaints(detail(4));
    fireEvent.click(await screen.findByTestId('workflow-action-confirm'));
    await screen.findByTestId('workflow-submit');
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('the archive dialog starts with what the complaint holds and sends its yes / no switches as shown', async () => {
    signIn(['fasw'], 'fasw');
    const actions = serveComplaint(
      complaint(3, 'evaluated', {
        solution: 'Firmware 1.3',
        action: 'Remote update',
        reason: 'Known defect',
        system_model: 'ESS-H6 Hybrid',
      }),
    );
    renderComplaints(detail(3));
    fireEvent.click(await screen.findByTestId('workflow-action-archive'));
    const modal = (await screen.findByTestId('workflow-submit')).closest('.ant-modal') as HTMLElement;
    expect(within(modal).getByDisplayValue('Firmware 1.3')).toBeInTheDocument();
    expect(within(modal).getByDisplayValue('Remote update')).toBeInTheDocument();
    expect(within(modal).getByDisplayValue('Known defect')).toBeInTheDocument();
    expect(within(modal).getByDisplayValue('ESS-H6 Hybrid')).toBeInTheDocument();
    // The archive user is the one archiving: nobody types it.
    expect(within(modal).queryByText('Archived by')).toBeNull();
    const fill = (label: string, value: string) => {
      const item = within(modal).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
      fireEvent.change(item.querySelector('textarea, input') as HTMLElement, { target: { value } });
    };
    for (const [label, value] of [
      ['Root cause', 'Cold solder joint'],
      ['After-sales solution', 'Remote update'],
      ['Archive remark', 'Closed'],
      ['Visits', '0'],
      ['Pilot solution', 'none'],
      ['Module', 'BMS'],
      ['Class', 'firmware'],
      ['Archive type', 'defect'],
    ])
      fill(label!, value!);
    fireEvent.click(within(modal).getByTestId('workflow-submit'));
    await waitFor(() =>
      expect(actions).toEqual([
        {
          path: '/api/Complaints/ArchiveComplaint',
          body: expect.objectContaining({
            id: 3,
            solution: 'Firmware 1.3',
            system_model: 'ESS-H6 Hybrid',
            pilot_detected: false,
            leftover_version_issue: false,
          }),
        },
      ]),
    );
  });

  it('tells the whole story in the history: filed, edited with old → new, urged as an event, ratings out of five, people by name', async () => {
    signIn(['customer'], 'customer');
    const entry = (id: number, action: string, from: string, to: string, fields: Record<string, unknown> | null = null) => ({
      id,
      action,
      from_state: from,
      to_state: to,
      username: 'customer',
      user_name: 'Anna Lindqvist',
      note: null,
      fields,
      created_at: '2026-03-02T09:00:00.000Z',
    });
    serveComplaint(complaint(3, 'evaluated'), [
      entry(1, 'file', 'new', 'new'),
      entry(2, 'edit', 'new', 'new', { title: { from: 'Battery', to: 'Battery does not charge' } }),
      entry(3, 'urge', 'processing', 'processing'),
      entry(4, 'evaluate', 'completed', 'evaluated', { rating_solved: 3, rating_time: 4, rating_attitude: 5 }),
    ]);
    renderComplaints(detail(3));
    const history = await screen.findByTestId('workflow-history');
    const byAction = (action: string) => history.querySelector(`[data-action="${action}"]`) as HTMLElement;
    expect(within(byAction('file')).getByText('Filed')).toBeInTheDocument();
    expect(within(byAction('file')).getByText('Anna Lindqvist')).toBeInTheDocument();
    expect(byAction('edit')).toHaveTextContent('Battery → Battery does not charge');
    // An urge is an event: no 'Submitted → Submitted'.
    expect(within(byAction('urge')).getByText('Urged')).toBeInTheDocument();
    expect(byAction('urge').querySelector('.workflow-to')).toBeNull();
    expect(byAction('evaluate')).toHaveTextContent('3 / 5');
    expect(byAction('evaluate')).toHaveTextContent('4 / 5');
    expect(history).not.toHaveTextContent('3.00');
    expect(history).not.toHaveTextContent(/\bcustomer\b/);
  });

  it('rates the service with stars: the three ratings are sent as numbers with the evaluation', async () => {
    signIn(['customer'], 'customer');
    const actions = serveComplaint(complaint(3, 'completed'));
    renderComplaints(detail(3));
    fireEvent.click(await screen.findByTestId('workflow-action-evaluate'));
    const modal = (await screen.findByTestId('workflow-submit')).closest('.ant-modal') as HTMLElement;
    const rates = modal.querySelectorAll('.ant-rate');
    expect(rates).toHaveLength(3);
    rates.forEach((rate, index) => fireEvent.click(rate.querySelectorAll('.ant-rate-star-second')[[4, 3, 5][index]! - 1]!));
    fireEvent.click(within(modal).getByTestId('workflow-submit'));
    await waitFor(() =>
      expect(actions).toEqual([
        {
          path: '/api/Complaints/EvaluateComplaint',
          body: expect.objectContaining({ id: 3, rating_solved: 4, rating_time: 3, rating_attitude: 5 }),
        },
      ]),
    );
  });
});
