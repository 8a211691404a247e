import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { complaint, location, renderComplaints, serveList, signIn } from './complaints-render';
import { envelope } from './helpers';
import { server } from './setup';

/**
 * /customerComplaintList: the country, handler, team and filing-day filters live in the URL
 * (handler and team for staff only), and staff accept or transfer several complaints at once, each through its
 * own transition call, with a summary of what was done and what was refused.
 */
const LIST = '/customerComplaintList';

/** Opens an antd select (by its test id) and picks the option titled `option`. */
async function choose(testId: string, option: string) {
  fireEvent.mouseDown(within(screen.getByTestId(testId)).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
}

/** Ticks the check box of the row showing `title`. */
function select(title: string) {
  const row = screen.getByText(title).closest('tr')!;
  fireEvent.click(within(row).getByRole('checkbox'));
}

describe('the complaint list filters and bulk actions', { timeout: 120_000 }, () => {
  it("asks for a link's country, handler, team and days, and writes a changed team to the URL", async () => {
    signIn(['servicer'], 'servicer');
    const { pages } = serveList([complaint(1, 'forwarded', { team: 'rnd' })]);
    renderComplaints(`${LIST}?country=DE&handler=serv&team=domestic&from=2026-03-01&to=2026-03-31&page=2`);
    await waitFor(() => expect(pages.length).toBeGreaterThan(0));
    expect(pages.at(-1)).toMatchObject({
      country: 'DE',
      processor: 'serv',
      team: 'domestic',
      created_at: ['2026-03-01', '2026-03-31'],
      pageIndex: 2,
    });

    await choose('complaint-filter-team', 'R&D');
    await waitFor(() => expect(location().searchParams.get('team')).toBe('rnd'));
    expect(location().searchParams.get('page')).toBeNull();
    expect(location().searchParams.get('country')).toBe('DE');
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ team: 'rnd', country: 'DE', pageIndex: 1 }));

    const handler = screen.getByTestId('complaint-handler');
    fireEvent.change(handler, { target: { value: 'dev1' } });
    fireEvent.keyDown(handler, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(location().searchParams.get('handler')).toBe('dev1'));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ processor: 'dev1', team: 'rnd' }));
  });

  it('drops what a stale link holds that the server would refuse: an unknown team or country, half a date range', async () => {
    signIn(['servicer'], 'servicer');
    const { pages } = serveList([complaint(1, 'new')]);
    renderComplaints(`${LIST}?team=sales&country=XX&from=2026-03-01`);
    await waitFor(() => expect(pages.length).toBeGreaterThan(0));
    expect(pages.at(-1)!.team).toBeUndefined();
    expect(pages.at(-1)!.country).toBeUndefined();
    expect(pages.at(-1)!.created_at).toBeUndefined();
  });

  it('offers a customer the country and days but no handler, team or bulk actions', async () => {
    signIn(['customer'], 'customer');
    serveList([complaint(1, 'new')]);
    renderComplaints(LIST);
    await screen.findByText('Battery does not charge 1');
    expect(screen.getByTestId('complaint-country')).toBeInTheDocument();
    expect(screen.getAllByTestId('complaint-dates').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('complaint-handler')).toBeNull();
    expect(screen.queryByTestId('complaint-filter-team')).toBeNull();
    expect(screen.queryByTestId('complaint-bulk')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('offers R&D only the transfer, not the accept its role may not do', async () => {
    signIn(['dev'], 'dev1');
    serveList([complaint(1, 'processing')]);
    renderComplaints(LIST);
    await screen.findByText('Battery does not charge 1');
    expect(screen.getByTestId('complaint-bulk-transfer')).toBeInTheDocument();
    expect(screen.queryByTestId('complaint-bulk-accept')).toBeNull();
  });

  it('transfers each selected complaint to the chosen team and sums up what was done and why the others were refused', async () => {
    signIn(['servicer'], 'servicer');
    const { pages } = serveList([complaint(1, 'processing'), complaint(2, 'processing'), complaint(3, 'new')]);
    const transfers: Array<Record<string, unknown>> = [];
    server.use(
      http.post('/api/Complaints/TransferComplaint', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        transfers.push(body);
        return body.id === 1
          ? HttpResponse.json(envelope(200, null, 'Success'))
          : HttpResponse.json(envelope(400, null, "'transfer' is not possible in status 'forwarded'"));
      }),
    );
    renderComplaints(LIST);
    await screen.findByText('Battery does not charge 1');
    const opened = location().pathname;
    for (const id of [1, 2, 3]) select(`Battery does not charge ${id}`);
    // Ticking a row selects it; it does not open the complaint.
    expect(location().pathname).toBe(opened);
    expect(screen.getByTestId('complaint-bulk')).toHaveTextContent('3 selected');

    fireEvent.click(screen.getByTestId('complaint-bulk-transfer'));
    // The team is required.
    fireEvent.click(await screen.findByTestId('complaint-bulk-transfer-submit'));
    expect(await screen.findByText('Choose the team to transfer to')).toBeInTheDocument();
    expect(transfers).toHaveLength(0);

    await choose('complaint-bulk-team', 'R&D');
    const listed = pages.length;
    fireEvent.click(screen.getByTestId('complaint-bulk-transfer-submit'));

    expect((await screen.findAllByText('Transfer: 1 done, 2 refused')).length).toBeGreaterThan(0);
    // The new complaint cannot be transferred: it is not sent at all.
    expect(transfers).toEqual([
      { id: 1, team: 'rnd' },
      { id: 2, team: 'rnd' },
    ]);
    const refused = screen.getByTestId('complaint-bulk-refused');
    // Someone else moved it first: said in the user's language, not in the server's words.
    expect(within(refused).getByText('Battery does not charge 2').closest('li')).toHaveTextContent(
      'The status of this record has changed in the meantime',
    );
    expect(within(refused).getByText('Battery does not charge 3').closest('li')).toHaveTextContent('not possible while its status is');
    expect(within(refused).queryByText('Battery does not charge 1')).toBeNull();
    // The list is read again and the selection cleared.
    await waitFor(() => expect(pages.length).toBeGreaterThan(listed));
    expect(screen.getByTestId('complaint-bulk')).toHaveTextContent('0 selected');
  });

  it('says when the whole page is selected but more complaints match, and counts in the singular and the plural', async () => {
    signIn(['servicer'], 'servicer');
    const rows = [complaint(1, 'processing'), complaint(2, 'processing')];
    server.use(
      http.post('/api/Complaints/GetComplaintPageList', () => HttpResponse.json(envelope(200, { data: rows, dataCount: 25 }, 'Success'))),
    );
    renderComplaints(LIST);
    await screen.findByText('Battery does not charge 1');
    select('Battery does not charge 1');
    expect(screen.queryByTestId('complaint-bulk-page-only')).toBeNull();
    fireEvent.click(screen.getByTestId('complaint-bulk-transfer'));
    expect(await screen.findByText('Transfer 1 complaint')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    select('Battery does not charge 2');
    expect(screen.getByTestId('complaint-bulk-page-only')).toHaveTextContent(
      'Only the 2 complaints of this page are selected, not all 25 that match the filters.',
    );
    fireEvent.click(screen.getByTestId('complaint-bulk-transfer'));
    expect(await screen.findByText('Transfer 2 complaints')).toBeInTheDocument();
  });

  it('extends a whole page to every complaint that matches, and transfers each of them through its own call', async () => {
    signIn(['servicer'], 'servicer');
    const every = Array.from({ length: 25 }, (_, i) => complaint(i + 1, i === 24 ? 'new' : 'processing'));
    const lists: Array<Record<string, unknown>> = [];
    const transfers: number[] = [];
    server.use(
      http.post('/api/Complaints/GetComplaintPageList', async ({ request }) => {
        const body = (await request.json()) as { pageIndex: number; pageSize: number };
        lists.push(body);
        const page = every.slice((body.pageIndex - 1) * body.pageSize, body.pageIndex * body.pageSize);
        return HttpResponse.json(envelope(200, { data: page, dataCount: every.length }, 'Success'));
      }),
      http.post('/api/Complaints/TransferComplaint', async ({ request }) => {
        transfers.push(((await request.json()) as { id: number }).id);
        return HttpResponse.json(envelope(200, null, 'Success'));
      }),
    );
    renderComplaints(`${LIST}?type=battery`);
    await screen.findByText('Battery does not charge 1');
    fireEvent.click(within(screen.getByRole('table')).getAllByRole('checkbox')[0]!);
    fireEvent.click(await screen.findByTestId('complaint-bulk-select-all'));
    expect(screen.getByTestId('complaint-bulk-all')).toHaveTextContent('All 25 complaints that match the filters are selected.');
    expect(screen.getByTestId('complaint-bulk')).toHaveTextContent('25 selected');

    fireEvent.click(screen.getByTestId('complaint-bulk-transfer'));
    expect(await screen.findByText('Transfer 25 complaints')).toBeInTheDocument();
    await choose('complaint-bulk-team', 'R&D');
    fireEvent.click(screen.getByTestId('complaint-bulk-transfer-submit'));
    expect((await screen.findAllByText('Transfer: 24 done, 1 refused', {}, { timeout: 20_000 })).length).toBeGreaterThan(0);
    // Every matching complaint was read with the list's filters, and each (but the new one) got its own call.
    expect(lists.some((body) => body.pageSize === 500 && body.type === 'battery')).toBe(true);
    expect(transfers).toEqual(every.slice(0, 24).map((c) => c.id));
  });
});
