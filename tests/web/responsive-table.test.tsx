import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../src/api/session';
import { i18n } from '../../src/i18n';
import UserManagement from '../../src/features/admin/UserManagement';
import { ResponsiveTable, type ResponsiveColumn } from '../../src/ui/ResponsiveTable';
import { renderAt } from './render-portal';
import { server } from './setup';

/**
 * On a phone a list is cards (title, status, key fields, actions; no table to
 * scroll sideways), at desktop width a table whose columns the user chooses, the choice kept per table.
 */
const desktopWidth = window.innerWidth;
function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}
afterEach(() => resizeTo(desktopWidth));

interface Plant {
  id: number;
  name: string;
  city: string;
  state: string;
  notes: string;
}
const PLANTS: Plant[] = [
  { id: 1, name: 'Casa Ferrari', city: 'Milan', state: 'online', notes: 'roof south' },
  { id: 2, name: 'Haus Berger', city: 'Freiburg', state: 'offline', notes: 'garage' },
];
const COLUMNS: ResponsiveColumn<Plant>[] = [
  { key: 'city', dataIndex: 'city', title: 'City' },
  { key: 'name', dataIndex: 'name', title: 'Name', card: 'title' },
  {
    key: 'state',
    dataIndex: 'state',
    title: 'State',
    card: 'status',
    render: (state: string) => <span data-testid="state-tag">{state.toUpperCase()}</span>,
  },
  { key: 'notes', dataIndex: 'notes', title: 'Notes', card: 'hidden' },
  {
    key: 'actions',
    title: 'Actions',
    card: 'actions',
    fixed: 'right',
    render: (_: unknown, row) => <button type="button">Open {row.name}</button>,
  },
];

/** The desktop table's column headers, by their text (role queries are slow on antd's tables). */
const headers = () => [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent ?? '');

const renderPlants = () =>
  render(<ResponsiveTable<Plant> tableId="plants" rowKey="id" dataSource={PLANTS} columns={COLUMNS} pagination={false} />);

describe('ResponsiveTable', { timeout: 60_000 }, () => {
  it('shows each row as a card on a phone: title, status, fields by label, actions; hidden columns left out', async () => {
    resizeTo(375);
    renderPlants();
    const cards = await screen.findAllByTestId('responsive-card');
    expect(cards).toHaveLength(2);
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = within(cards[1]!);
    expect(card.getByText('Haus Berger').closest('.ant-card-head')).not.toBeNull();
    expect(card.getByTestId('state-tag').closest('.ant-card-extra')).toHaveTextContent('OFFLINE');
    expect(card.getByText('City').closest('.ant-descriptions-item')).toHaveTextContent('Freiburg');
    expect(card.queryByText('garage')).toBeNull();
    expect(card.getByRole('button', { name: 'Open Haus Berger' })).toBeInTheDocument();
  });

  it('at desktop width is a table whose columns the user chooses, kept for the next visit; no column fixed on the right', async () => {
    const first = renderPlants();
    await waitFor(() => expect(headers()).toContain('City'));
    expect(screen.queryAllByTestId('responsive-card')).toHaveLength(0);
    expect(document.querySelector('.ant-table-cell-fix-right')).toBeNull();

    // The gear in the header (antd repeats the header cells, hidden, in a row that measures the columns).
    const gear = document.querySelector('.ant-table-thead [data-testid="column-chooser"]')!;
    expect(gear).toHaveAttribute('aria-label', i18n.t('common:table.columns'));
    fireEvent.click(gear);
    const chooser = await screen.findByTestId('column-chooser-plants');
    // The actions stay: only data columns are offered.
    expect(within(chooser).queryByText('Actions')).toBeNull();
    fireEvent.click(within(chooser).getByText('City'));
    await waitFor(() => expect(headers()).not.toContain('City'));
    expect(screen.queryByText('Milan')).toBeNull();
    expect(JSON.parse(localStorage.getItem('table-columns:plants') ?? '[]')).toEqual(['city']);

    first.unmount();
    renderPlants();
    await waitFor(() => expect(headers()).toContain('Name'));
    expect(headers()).not.toContain('City');
  });
  it('puts the gear of a table without actions after its last title, whose sorting the gear and its choices leave alone', async () => {
    const sorted: unknown[] = [];
    const columns = COLUMNS.filter((c) => c.card !== 'actions').map((c) => (c.key === 'notes' ? { ...c, sorter: true } : c));
    render(
      <ResponsiveTable<Plant>
        tableId="plants-plain"
        rowKey="id"
        dataSource={PLANTS}
        columns={columns}
        pagination={false}
        onChange={(_pagination, _filters, sorter) => sorted.push(sorter)}
      />,
    );
    await waitFor(() => expect(headers()).toContain('Notes'));
    // No column of its own: as many header cells as data columns.
    expect(headers()).toHaveLength(columns.length);
    const notes = document.querySelector('.ant-table-thead th:last-child')!;
    const gear = within(notes as HTMLElement).getByTestId('column-chooser');
    fireEvent.click(gear);
    fireEvent.keyDown(gear, { key: 'Enter' });
    fireEvent.click(within(await screen.findByTestId('column-chooser-plants-plain')).getByText('City'));
    await waitFor(() => expect(headers()).not.toContain('City'));
    expect(sorted).toEqual([]);
    // The title itself still sorts.
    fireEvent.click(within(notes as HTMLElement).getByText('Notes'));
    await waitFor(() => expect(sorted).toHaveLength(1));
  });
  it("lays out a table without antd's measuring row unless a column is fixed on the left", () => {
    // The row's widths are read in a layout effect and the table rendered again with them: a forced layout and
    // a second render inside the page's first task. The table scrolls in its own container instead.
    const { container } = renderPlants();
    expect(headers()).toContain('Name');
    expect(container.querySelector('.ant-table-measure-row')).toBeNull();
    expect(container.querySelector('.ant-table-content')).not.toBeNull();
    // Refine's useTable hands every table a sideways scroll of `true`: the same container does that.
    const generated = render(
      <ResponsiveTable<Plant> tableId="plants" rowKey="id" dataSource={PLANTS} columns={COLUMNS} pagination={false} scroll={{ x: true }} />,
    );
    expect(generated.container.querySelector('.ant-table-row')).not.toBeNull();
    expect(generated.container.querySelector('.ant-table-measure-row')).toBeNull();
  });
  it("leaves nothing focusable under aria-hidden: antd's measuring row loses its tabindex (Lighthouse aria-hidden-focus)", () => {
    const { container } = render(
      <ResponsiveTable<Plant>
        tableId="plants"
        rowKey="id"
        dataSource={PLANTS}
        columns={COLUMNS.map((column) => (column.key === 'name' ? { ...column, fixed: 'left' as const } : column))}
        pagination={false}
      />,
    );
    expect(container.querySelector('.ant-table-measure-row')).not.toBeNull();
    expect(container.querySelectorAll('[aria-hidden="true"][tabindex], [aria-hidden="true"] [tabindex]')).toHaveLength(0);
    // The row copies the column titles, the column chooser's button with them: inert keeps it out of reach.
    const focusableUnderHidden = [
      ...container.querySelectorAll('[aria-hidden="true"] button, [aria-hidden="true"] a[href], [aria-hidden="true"] input'),
    ];
    expect(focusableUnderHidden.length).toBeGreaterThan(0);
    expect(focusableUnderHidden.every((element) => element.closest('[inert]') !== null)).toBe(true);
  });
});

describe('user management on a phone (MSW, the portal providers)', { timeout: 90_000 }, () => {
  it('lists the users as cards with their name, fields and actions, and pages through them', async () => {
    resizeTo(375);
    session.setTokens('token', 'refresh');
    session.setUserInfo({ username: 'admin', email: '', roles: ['admin'], country: '', languageCode: 'en', menuDenied: [] });
    const pages: number[] = [];
    const users = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      username: `user${i + 1}`,
      display_name: `Person ${i + 1}`,
      email: `p${i + 1}@example.com`,
      roles: ['dev'],
      country: 'DE',
      company: '',
      phone: '',
      language_code: 'en-US',
      locked: false,
    }));
    server.use(
      http.post('/api/User/GetUserPageList', async ({ request }) => {
        const body = (await request.json()) as { pageIndex: number; pageSize: number };
        pages.push(body.pageIndex);
        const from = (body.pageIndex - 1) * body.pageSize;
        return HttpResponse.json({
          code: 200,
          info: 'Success',
          data: { data: users.slice(from, from + body.pageSize), dataCount: users.length },
        });
      }),
      http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })),
    );
    const route = '/BasicSettings/userManagement';
    renderAt(route, route, <UserManagement />, [{ name: 'userManagement', list: route }]);

    const cards = await screen.findAllByTestId('responsive-card');
    expect(cards).toHaveLength(10);
    expect(document.querySelector('.ant-table')).toBeNull();
    const card = within(cards[2]!);
    expect(card.getByText('user3').closest('.ant-card-head')).not.toBeNull();
    expect(card.getByText(i18n.t('admin:userManagement.fields.email')).closest('.ant-descriptions-item')).toHaveTextContent(
      'p3@example.com',
    );
    expect(card.getByTestId('row-edit')).toBeInTheDocument();
    expect(card.getByTestId('user-lock')).toBeInTheDocument();

    fireEvent.click(screen.getByTitle(/next page/i));
    await waitFor(() => expect(screen.getByText('user12')).toBeInTheDocument());
    expect(pages.at(-1)).toBe(2);
  });
});
