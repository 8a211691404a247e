import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { complaint, location, renderComplaints, serveList, signIn } from './complaints-render';
import { envelope } from './helpers';
import { server } from './setup';

/**
 * /customerComplaintList: the search is the URL (a shared link asks the server for the same
 * page; a change is written back), the categories are tabs with their counts over the other filters, and a status
 * reads in the customer's wording for the customer's side and in the staff's for staff.
 */
const LIST = '/customerComplaintList';

/** Opens an antd select (by its test id) and picks the option titled `option`. */
async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
}

describe('the complaint list', { timeout: 60_000 }, () => {
  it('asks for the search a link holds: the category as its statuses, type, priority, S/N, keyword and order', async () => {
    signIn(['customer'], 'customer');
    const { pages } = serveList([complaint(1, 'waitingConfirmation')]);
    renderComplaints(`${LIST}?category=paused&type=battery&priority=high&sn=ESS-1&q=charge&order=asc&page=2`);
    await waitFor(() => expect(pages.length).toBeGreaterThan(0));
    expect(pages.at(-1)).toMatchObject({
      status: ['waitingConfirmation'],
      type: 'battery',
      priority: 'high',
      sys_sn: 'ESS-1',
      keyword: 'charge',
      pageIndex: 2,
      sort: [{ field: 'created_at', order: 'asc' }],
    });
  });

  it("filters to the complaints with unread messages (the link of the top bar's message icon), kept in the URL", async () => {
    signIn(['customer'], 'customer');
    const { pages } = serveList([complaint(1, 'processing')]);
    renderComplaints(`${LIST}?messages=unread`);
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ messages: 'unread' }));
    expect(within(screen.getByTestId('complaint-messages')).getByText('Unread messages')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(location().searchParams.get('messages')).toBeNull());
    await waitFor(() => expect(pages.at(-1)!.messages).toBeUndefined());
    await choose('complaint-messages', 'Unread messages');
    await waitFor(() => expect(location().searchParams.get('messages')).toBe('unread'));
  });

  it('writes a changed filter or tab to the URL, back on the first page, and asks the server again', async () => {
    signIn(['servicer'], 'servicer');
    const { pages } = serveList([complaint(1, 'new')]);
    renderComplaints(`${LIST}?page=3`);
    await screen.findByText('Battery does not charge 1');

    await choose('complaint-priority', 'High');
    await waitFor(() => expect(location().searchParams.get('priority')).toBe('high'));
    expect(location().searchParams.get('page')).toBeNull();
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ priority: 'high', pageIndex: 1 }));

    fireEvent.click(screen.getByTestId('complaint-tab-resolved'));
    await waitFor(() => expect(location().searchParams.get('category')).toBe('resolved'));
    await waitFor(() => expect(pages.at(-1)!.status).toEqual(['completed', 'evaluated', 'waitingArchive', 'archived', 'rejected']));
    expect(pages.at(-1)).toMatchObject({ priority: 'high' });

    const words = screen.getByTestId('complaint-search');
    fireEvent.change(words, { target: { value: 'noise' } });
    fireEvent.keyDown(words, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(location().searchParams.get('q')).toBe('noise'));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ keyword: 'noise', priority: 'high' }));
  });

  it('counts each category over the other filters, not over the chosen status', async () => {
    signIn(['servicer'], 'servicer');
    const { countBodies } = serveList([complaint(1, 'new')], { all: 9, open: 5, paused: 1, resolved: 3 });
    renderComplaints(`${LIST}?type=meter&status=new`);
    await waitFor(() => expect(within(screen.getByTestId('complaint-tab-open')).getByText('5')).toBeInTheDocument());
    expect(within(screen.getByTestId('complaint-tab-all')).getByText('9')).toBeInTheDocument();
    expect(within(screen.getByTestId('complaint-tab-paused')).getByText('1')).toBeInTheDocument();
    expect(within(screen.getByTestId('complaint-tab-resolved')).getByText('3')).toBeInTheDocument();
    for (const body of countBodies) expect(body.type).toBe('meter');
    expect(countBodies.find((b) => b.status === undefined)).toBeDefined();
    expect(countBodies.some((b) => b.status === 'new')).toBe(false);
  });

  it("shows a status in the customer's wording to a customer and in the staff's to a servicer", async () => {
    signIn(['customer'], 'customer');
    serveList([complaint(1, 'waitingConfirmation')]);
    const customer = renderComplaints(LIST);
    expect(await screen.findByText('Please confirm the solution')).toBeInTheDocument();
    customer.unmount();

    signIn(['servicer'], 'servicer');
    renderComplaints(LIST);
    expect(await screen.findByText('Waiting for confirmation', { selector: '[data-testid="workflow-state"]' })).toBeInTheDocument();
    expect(screen.queryByText('Please confirm the solution')).toBeNull();
  });

  it('opens a complaint from its row', async () => {
    signIn(['customer'], 'customer');
    serveList([complaint(7, 'new')]);
    renderComplaints(LIST);
    fireEvent.click(await screen.findByText('Battery does not charge 7'));
    await waitFor(() => expect(location().pathname).toBe('/customerComplaintList/attachmentDetails'));
    expect(location().searchParams.get('customercomplaintId')).toBe('7');
  });

  it('lets staff filter by service time and sort by the due time, and marks an overdue complaint', async () => {
    signIn(['servicer'], 'servicer');
    const { pages } = serveList([
      complaint(1, 'new', { due_at: '2026-03-02T12:00:00.000Z', overdue: true }),
      complaint(2, 'forwarded', { team: 'rnd', due_at: '2026-03-05T12:00:00.000Z', overdue: false }),
    ]);
    renderComplaints(`${LIST}?sla=overdue&sort=due_at&order=asc`);
    await screen.findByText('Battery does not charge 1');
    expect(pages.at(-1)).toMatchObject({ sla: 'overdue', sort: [{ field: 'due_at', order: 'asc' }] });
    const [late, onTime] = screen.getAllByTestId('complaint-due');
    expect(within(late!).getByText('Overdue')).toBeInTheDocument();
    expect(within(onTime!).queryByText('Overdue')).toBeNull();
    // A forwarded complaint names the team it waits with.
    expect(screen.getByTestId('complaint-team')).toHaveTextContent('R&D');

    await choose('complaint-sla', 'Clock running');
    await waitFor(() => expect(location().searchParams.get('sla')).toBe('due'));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ sla: 'due' }));
  });

  it("opens an installer scorecard figure's link: the installer company, the filing days and the outcome, each shown and cleared", async () => {
    signIn(['servicer'], 'servicer');
    server.use(
      http.post('/api/Installer/GetInstallerPageList', () =>
        HttpResponse.json(envelope(200, { data: [{ id: 5, name: 'Alpha Solar' }], dataCount: 1 }, 'Success')),
      ),
    );
    const { pages } = serveList([complaint(1, 'completed')]);
    renderComplaints(`${LIST}?installer=5&from=2025-11-26&to=2026-11-25&outcome=reopened`);
    await waitFor(() =>
      expect(pages.at(-1)).toMatchObject({ installer_id: 5, created_at: ['2025-11-26', '2026-11-25'], outcome: 'reopened' }),
    );
    expect(await within(screen.getByTestId('complaint-installer')).findByText('Alpha Solar')).toBeInTheDocument();
    expect(within(screen.getByTestId('complaint-outcome')).getByText('Reopened at least once')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Clear filters/ }));
    await waitFor(() => expect(location().searchParams.get('installer')).toBeNull());
    await waitFor(() => expect(pages.at(-1)!.installer_id).toBeUndefined());
    expect(pages.at(-1)!.outcome).toBeUndefined();
  });

  it('drops an installer id a stale link spoils instead of sending it', async () => {
    signIn(['servicer'], 'servicer');
    const { pages } = serveList([complaint(1, 'new')]);
    renderComplaints(`${LIST}?installer=0x10&outcome=lost`);
    await screen.findByText('Battery does not charge 1');
    expect(pages.at(-1)!.installer_id).toBeUndefined();
    expect(pages.at(-1)!.outcome).toBeUndefined();
  });

  it('offers a customer neither the service-time filter nor the due column', async () => {
    signIn(['customer'], 'customer');
    serveList([complaint(1, 'new', { due_at: '2026-03-02T12:00:00.000Z', overdue: true })]);
    renderComplaints(LIST);
    await screen.findByText('Battery does not charge 1');
    expect(screen.queryByTestId('complaint-sla')).toBeNull();
    expect(screen.queryByTestId('complaint-due')).toBeNull();
    expect(screen.queryByTestId('complaint-installer')).toBeNull();
  });
});
