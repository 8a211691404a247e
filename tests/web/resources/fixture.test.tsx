import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../../src/App';
import { i18n } from '../../../src/i18n';
import { buildResources } from '../../../src/PortalApp';
import { ResourceScreen } from '../../../src/resources/ResourceScreen';
import { buildMenu } from '../../../src/routing/menu';
import { hasScreen, SCREENS } from '../../../src/routing/screens';
import { addTexts, renderAt, signIn } from '../render-portal';
import { server } from '../setup';
import { FIXTURE_TEXTS, fixtureWidgets as widgets } from './fixture-resource';

/**
 * DESIGN §3's claim on the web side: a declaration listed in RESOURCES (the mock stands for that one line) and
 * its texts are all a new entity needs for its route, its menu entry for its roles and its pages.
 */
vi.mock('../../../resources/index', async (original) =>
  (await import('../declarations')).withDeclarations(original, (await import('./fixture-resource')).fixtureWidgets),
);
// The portal's frame (sider, header, system selector) is not under test: its outlet is.
vi.mock('../../../src/layout/AppLayout', async () => {
  const { createElement } = await import('react');
  const { Outlet } = await import('react-router');
  return { default: () => createElement(Outlet) };
});

beforeAll(() => addTexts(FIXTURE_TEXTS));

const rows = [
  { id: 1, code: 'W-1', colour: 'red' },
  { id: 2, code: 'W-2', colour: 'green' },
];

const listAnswer = (data: unknown[] = rows, dataCount = data.length) =>
  HttpResponse.json({ code: 200, info: 'Success', data: { data, dataCount } });

/** Where the app navigated to: the path and query (filters, sorters, page) of the URL. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/*
 * Buttons and the drawer are found by their test id, and their role and name asserted on that one element: a
 * role query with a name scans the whole page, and jsdom computes every element's style anew after each change
 * (over antd's thousands of CSS rules), which took these tests up to 20 s per query.
 */
function namedButton(testId: string, name: RegExp, container: HTMLElement = document.body) {
  const button = within(container).getByTestId(testId);
  expect(button).toHaveAccessibleName(name);
  return button;
}

async function findDrawer() {
  const holder = await screen.findByTestId('resource-drawer');
  return holder.matches('[role="dialog"]') ? holder : within(holder).getByRole('dialog');
}

const currentUrl = () => decodeURIComponent(screen.getByTestId('location').textContent ?? '');

const ROUTE = '/BasicSettings/fixtureWidgets';

/** The generated screen at its route in the portal's providers, with the probe of the URL beside it. */
function renderScreen(roles: string[], url = ROUTE) {
  signIn(roles);
  const screenWithProbe = (
    <>
      <ResourceScreen declaration={widgets} />
      <LocationProbe />
    </>
  );
  return renderAt(url, ROUTE, screenWithProbe, [{ name: 'fixtureWidgets', list: ROUTE }]);
}

describe('a declaration is all a new entity needs', { timeout: 45_000 }, () => {
  it('gets a Refine resource at its route, a generated screen and a menu entry in its group, for its roles only', () => {
    expect(buildResources()).toContainEqual(
      expect.objectContaining({
        name: 'fixtureWidgets',
        list: '/BasicSettings/fixtureWidgets',
        meta: expect.objectContaining({ parent: 'BasicSettings', icon: 'tool', hide: false }),
      }),
    );
    expect(hasScreen('fixtureWidgets')).toBe(true);
    expect(SCREENS.fixtureWidgets).toBeDefined();
    const entries = (roles: string[]) => buildMenu(roles, [], hasScreen).find((e) => e.key === 'BasicSettings')?.children ?? [];
    expect(entries(['servicer'])).toContainEqual({ key: 'fixtureWidgets', path: '/BasicSettings/fixtureWidgets', icon: 'tool' });
    expect(entries(['sncreator']).map((e) => e.key)).not.toContain('fixtureWidgets');
    // A user whose menu permissions hide it does not get it either.
    expect(
      buildMenu(['servicer'], ['fixtureWidgets'], hasScreen)
        .flatMap((e) => e.children ?? [])
        .map((e) => e.key),
    ).not.toContain('fixtureWidgets');
  });

  it('opens its list and its create form at its route in the portal; a role without it gets the 401 page', async () => {
    let roles = ['servicer'];
    server.use(
      http.post('/api/Account/GetUserInfo', () =>
        HttpResponse.json({
          code: 200,
          info: 'Success',
          data: { username: 'u', email: '', roles, country: '', languageCode: 'en', menuDenied: [] },
        }),
      ),
      http.post('/api/Widget/GetWidgetPageList', () => listAnswer()),
    );
    signIn(roles);
    const first = render(
      <MemoryRouter initialEntries={['/BasicSettings/fixtureWidgets']}>
        <AntdApp>
          <AppRoutes />
        </AntdApp>
      </MemoryRouter>,
    );
    expect(await screen.findByText('W-2', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Widgets' })).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('resource-create'));
    const drawer = await findDrawer();
    expect(within(drawer).getByLabelText('Widget code')).toBeInTheDocument();
    first.unmount();

    roles = ['sncreator'];
    signIn(roles);
    render(
      <MemoryRouter initialEntries={['/BasicSettings/fixtureWidgets']}>
        <AntdApp>
          <AppRoutes />
        </AntdApp>
      </MemoryRouter>,
    );
    expect(await screen.findByText('401', undefined, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('W-2')).not.toBeInTheDocument();
  });
});

describe('the generated resource pages (declaration + MSW, no screen code)', { timeout: 90_000 }, () => {
  it('lists through pageIndex / pageSize with translated columns and options; filters are sent as parameters', async () => {
    const bodies: any[] = [];
    server.use(
      http.post('/api/Widget/GetWidgetPageList', async ({ request }) => {
        const body = (await request.json()) as any;
        bodies.push(body);
        const data = body.code ? rows.filter((r) => r.code.includes(body.code)) : rows;
        return HttpResponse.json({ code: 200, info: 'Success', data: { data, dataCount: data.length } });
      }),
    );
    renderScreen(['admin']);
    expect(await screen.findByText('W-2')).toBeInTheDocument();
    expect(screen.getByText('Widgets')).toBeInTheDocument();
    expect(screen.getAllByText('Widget code').length).toBeGreaterThan(0);
    expect(screen.getByText('Green')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ pageIndex: 1, pageSize: 10 });
    // Row actions: the admin may edit and delete.
    expect(screen.getAllByTestId('row-edit')).toHaveLength(2);
    for (const edit of screen.getAllByTestId('row-edit')) expect(edit).toHaveAccessibleName(/edit/i);
    const filter = screen.getAllByRole('textbox')[0]!;
    await userEvent.type(filter, 'W-1');
    fireEvent.click(namedButton('resource-search', /search/i));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ code: 'W-1', pageIndex: 1 }));
    await waitFor(() => expect(screen.queryByText('W-2')).not.toBeInTheDocument());
  });

  it('shows no create, edit or delete buttons to a role CASL does not allow', async () => {
    server.use(
      http.post('/api/Widget/GetWidgetPageList', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 2 } }),
      ),
    );
    // servicepartner is not among the fixture's roles; the list call still answers here.
    renderScreen(['servicepartner']);
    expect(await screen.findByText('W-1')).toBeInTheDocument();
    expect(screen.queryByTestId('row-edit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('row-delete')).not.toBeInTheDocument();
    expect(screen.queryByTestId('resource-create')).not.toBeInTheDocument();
    // Nor any other button saying so (the header's and the rows' are all the screen has).
    const header = document.querySelector('.page-card-header') as HTMLElement;
    expect(within(header).queryByRole('button', { name: /new|edit|delete/i })).not.toBeInTheDocument();
  });

  it("offers a delete only to the roles the declaration's permissions leave it to", async () => {
    server.use(http.post('/api/Widget/GetWidgetPageList', () => listAnswer()));
    renderScreen(['servicer']);
    expect(await screen.findByText('W-1')).toBeInTheDocument();
    expect(screen.getAllByTestId('row-edit')).toHaveLength(2);
    expect(screen.getByTestId('resource-create')).toBeInTheDocument();
    expect(screen.queryByTestId('row-delete')).not.toBeInTheDocument();
  });

  it('create form: zod rules in the browser, the server code on its field, and no identical resubmission', async () => {
    let saves = 0;
    server.use(
      http.post('/api/Widget/GetWidgetPageList', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 2 } }),
      ),
      http.post('/api/Widget/SaveWidget', () => {
        saves++;
        return HttpResponse.json({ code: 52, info: 'S/N exists', data: { field: 'code' } });
      }),
    );
    renderScreen(['admin'], '/BasicSettings/fixtureWidgets?action=create');
    const drawer = await findDrawer();
    const code = within(drawer).getByLabelText('Widget code');
    await userEvent.type(code, 'bad');
    fireEvent.click(namedButton('resource-save', /save/i, drawer));
    expect(await within(drawer).findByText('A widget code looks like W-1', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(saves).toBe(0);
    await userEvent.clear(code);
    await userEvent.type(code, 'W-1');
    const colour = within(drawer).getByLabelText('Colour');
    expect(colour).toHaveAttribute('role', 'combobox');
    fireEvent.mouseDown(colour);
    fireEvent.click(await screen.findByTitle('Red'));
    fireEvent.click(namedButton('resource-save', /save/i, drawer));
    await waitFor(() => expect(saves).toBe(1), { timeout: 5000 }).catch(() => {
      throw new Error(`not saved: ${drawer.textContent}`);
    });
    expect(await within(drawer).findByText(i18n.t('errors:code.52'), undefined, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(namedButton('resource-save', /save/i, drawer));
    await waitFor(() => expect(document.body.textContent).toContain('Do not submit repeatly'));
    expect(saves).toBe(1);
  });

  it('opens edit / show from a link for a record not on the current page: fetched by id through the one call', async () => {
    const asked: unknown[] = [];
    let saved: any;
    server.use(
      http.post('/api/Widget/GetWidgetPageList', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 40 } }),
      ),
      http.post('/api/Widget/GetWidget', async ({ request }) => {
        const body = (await request.json()) as any;
        asked.push(body.id);
        return HttpResponse.json({ code: 200, info: 'Success', data: { id: 37, code: 'W-37', colour: 'green' } });
      }),
      http.post('/api/Widget/SaveWidget', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ code: 200, info: 'Success', data: saved });
      }),
    );
    renderScreen(['admin'], '/BasicSettings/fixtureWidgets?action=edit&id=37');
    const drawer = await findDrawer();
    const code = await within(drawer).findByLabelText('Widget code');
    await waitFor(() => expect(code).toHaveValue('W-37'));
    expect(asked).toEqual(['37']);
    await userEvent.clear(code);
    await userEvent.type(code, 'W-38');
    fireEvent.click(namedButton('resource-save', /save/i, drawer));
    await waitFor(() => expect(saved).toMatchObject({ id: 37, code: 'W-38', colour: 'green' }));
  });

  it('shows a record from a link; a record on the page is not fetched again; an unknown id closes the drawer with the code', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/Widget/GetWidgetPageList', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 2 } }),
      ),
      http.post('/api/Widget/GetWidget', async ({ request }) => {
        const body = (await request.json()) as any;
        asked.push(body.id);
        return HttpResponse.json({ code: 8, info: 'No data', data: null });
      }),
    );
    const first = renderScreen(['admin'], '/BasicSettings/fixtureWidgets?action=show&id=2');
    const drawer = await findDrawer();
    expect(await within(drawer).findByText('W-2')).toBeInTheDocument();
    expect(asked).toEqual([]);
    first.unmount();
    renderScreen(['admin'], '/BasicSettings/fixtureWidgets?action=show&id=404');
    await waitFor(() => expect(asked).toEqual(['404']));
    await waitFor(() => expect(document.body.textContent).toContain(i18n.t('errors:code.8')));
    await waitFor(() => expect(screen.queryByTestId('resource-drawer')).not.toBeInTheDocument());
  });

  it('turns an edit link into show for a role that may not edit', async () => {
    server.use(
      http.post('/api/Widget/GetWidgetPageList', () =>
        HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 2 } }),
      ),
    );
    renderScreen(['servicepartner'], '/BasicSettings/fixtureWidgets?action=edit&id=1');
    const drawer = await findDrawer();
    expect(await within(drawer).findByText('W-1')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('resource-save')).not.toBeInTheDocument();
  });
  it('folds the filters behind a button on a phone, which counts the filters set', async () => {
    const desktopWidth = window.innerWidth;
    window.innerWidth = 375;
    try {
      const bodies: any[] = [];
      server.use(
        http.post('/api/Widget/GetWidgetPageList', async ({ request }) => {
          bodies.push(await request.json());
          return HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 2 } });
        }),
      );
      renderScreen(['admin']);
      expect(await screen.findByText('W-2')).toBeInTheDocument();
      expect(screen.queryByTestId('resource-search')).not.toBeInTheDocument();
      const toggle = screen.getByTestId('resource-filters-toggle');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      fireEvent.click(toggle);
      await userEvent.type(screen.getAllByRole('textbox')[0]!, 'W-1');
      fireEvent.click(namedButton('resource-search', /search/i));
      await waitFor(() => expect(bodies.at(-1)).toMatchObject({ code: 'W-1' }));
      // The count of filters set shows on the button.
      await waitFor(() => expect(toggle.closest('.ant-badge')).toHaveTextContent('1'));
    } finally {
      window.innerWidth = desktopWidth;
    }
  });

  it('writes the filters to the URL, and a link with them opens the list filtered', async () => {
    const bodies: any[] = [];
    server.use(
      http.post('/api/Widget/GetWidgetPageList', async ({ request }) => {
        const body = (await request.json()) as any;
        bodies.push(body);
        return listAnswer(body.code ? rows.filter((r) => r.code.includes(body.code)) : rows);
      }),
    );
    const first = renderScreen(['admin']);
    expect(await screen.findByText('W-2')).toBeInTheDocument();
    await userEvent.type(screen.getAllByRole('textbox')[0]!, 'W-1');
    fireEvent.click(namedButton('resource-search', /search/i));
    await waitFor(() => expect(currentUrl()).toContain('filters[0][value]=W-1'));
    expect(currentUrl()).toContain('filters[0][field]=code');
    const link = currentUrl();
    first.unmount();

    bodies.length = 0;
    renderScreen(['admin'], link);
    await waitFor(() => expect(bodies[0]).toMatchObject({ code: 'W-1', pageIndex: 1 }));
    expect(await screen.findByDisplayValue('W-1')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('W-2')).not.toBeInTheDocument());
  });

  it('sorts by a sortable column: the request and the URL carry the order', async () => {
    const bodies: any[] = [];
    server.use(
      http.post('/api/Widget/GetWidgetPageList', async ({ request }) => {
        bodies.push(await request.json());
        return listAnswer();
      }),
    );
    renderScreen(['admin']);
    expect(await screen.findByText('W-2')).toBeInTheDocument();
    expect(bodies[0].sort).toBeUndefined();
    const header = screen.getAllByText('Widget code').find((el) => el.closest('th'))!;
    fireEvent.click(header);
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ sort: [{ field: 'code', order: 'asc' }] }));
    expect(currentUrl()).toContain('sorters[0][field]=code');
    expect(currentUrl()).toContain('sorters[0][order]=asc');
    // Colour is not sortable: no sorter on its header.
    expect(
      screen
        .getAllByText('Colour')
        .find((el) => el.closest('th'))!
        .closest('th'),
    ).not.toHaveClass('ant-table-column-has-sorters');
  });

  it('deletes a row only after its confirmation, naming the record', async () => {
    const deleted: unknown[] = [];
    let lists = 0;
    server.use(
      http.post('/api/Widget/GetWidgetPageList', () => {
        lists++;
        return listAnswer(deleted.length ? rows.slice(1) : rows);
      }),
      http.post('/api/Widget/DeleteWidget', async ({ request }) => {
        deleted.push(await request.json());
        return HttpResponse.json({ code: 200, info: 'Success', data: null });
      }),
    );
    renderScreen(['admin']);
    expect(await screen.findByText('W-1')).toBeInTheDocument();
    fireEvent.click(screen.getAllByTestId('row-delete')[0]!);
    const question = i18n.t('admin:list.deleteConfirm', { name: 'W-1' });
    expect(await screen.findByText(question)).toBeInTheDocument();
    // Cancelled: nothing is sent.
    const popup = screen.getByText(question).closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popup).getByRole('button', { name: i18n.t('common:actions.cancel') }));
    await waitFor(() => expect(screen.queryByText(question)).not.toBeVisible());
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getAllByTestId('row-delete')[0]!);
    fireEvent.click(await screen.findByTestId('delete-confirm'));
    await waitFor(() => expect(deleted).toEqual([{ id: 1 }]));
    expect(await screen.findByText(i18n.t('admin:list.deleted'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('W-1')).not.toBeInTheDocument());
    expect(lists).toBeGreaterThan(1);
  });
});
