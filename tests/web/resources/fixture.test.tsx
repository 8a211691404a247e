import { Refine } from '@refinedev/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rules } from '../../../resources/rules';
import { defineResource } from '../../../resources/types';
import { session } from '../../../src/api/session';
import { i18n } from '../../../src/i18n';
import { accessControlProvider } from '../../../src/providers/access';
import { dataProvider } from '../../../src/providers/data';
import { ResourceScreen } from '../../../src/resources/ResourceScreen';
import { server } from '../setup';

/** A resource no screen was written for: the page below comes from the declaration alone. */
const widgets = defineResource({
  name: 'fixtureWidgets',
  subject: 'snManagement',
  route: '/fixture/widgets',
  namespace: 'fixture',
  endpoints: { list: '/Widget/GetWidgetPageList', one: '/Widget/GetWidget', save: '/Widget/SaveWidget', delete: '/Widget/DeleteWidget' },
  titleField: 'code',
  fields: {
    code: { schema: rules.requiredText(20).regex(/^W-\d+$/, 'fixture:invalidCode'), list: true, filter: 'text', sortable: true, form: true, unique: 52 },
    colour: { schema: z.enum(['red', 'green']), widget: 'select', options: ['red', 'green'], list: true, filter: true, form: true },
  },
});

beforeAll(() => {
  i18n.addResourceBundle('en', 'fixture', {
  invalidCode: 'A widget code looks like W-1',
  fixtureWidgets: { title: 'Widgets', fields: { code: 'Widget code', colour: 'Colour' }, options: { colour: { red: 'Red', green: 'Green' } } },
  });
});

const rows = [
  { id: 1, code: 'W-1', colour: 'red' },
  { id: 2, code: 'W-2', colour: 'green' },
];

function renderScreen(roles: string[], url = '/fixture/widgets') {
  session.setTokens('token', 'refresh');
  session.setUserInfo({ username: 'u', email: '', roles, country: '', languageCode: 'en', menuDenied: [] });
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AntdApp>
        <Refine
          dataProvider={dataProvider}
          accessControlProvider={accessControlProvider}
          resources={[{ name: 'fixtureWidgets', list: '/fixture/widgets' }]}
          options={{ disableTelemetry: true }}
        >
          <Routes>
            <Route path="/fixture/widgets" element={<ResourceScreen declaration={widgets} />} />
          </Routes>
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
}

describe('the generated resource pages (declaration + MSW, no screen code)', { timeout: 45_000 }, () => {
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
    expect(screen.getAllByRole('button', { name: /edit/i })).toHaveLength(2);
    const filter = screen.getAllByRole('textbox')[0]!;
    await userEvent.type(filter, 'W-1');
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ code: 'W-1', pageIndex: 1 }));
    await waitFor(() => expect(screen.queryByText('W-2')).not.toBeInTheDocument());
  });

  it('shows no create, edit or delete buttons to a role CASL does not allow', async () => {
    server.use(http.post('/api/Widget/GetWidgetPageList', () => HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 2 } })));
    // servicepartner may not open snManagement (the fixture's subject); the list call still answers here.
    renderScreen(['servicepartner']);
    expect(await screen.findByText('W-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /edit/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /delete/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new/i })).not.toBeInTheDocument();
  });

  it('create form: zod rules in the browser, the server code on its field, and no identical resubmission', async () => {
    let saves = 0;
    server.use(
      http.post('/api/Widget/GetWidgetPageList', () => HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 2 } })),
      http.post('/api/Widget/SaveWidget', () => {
        saves++;
        return HttpResponse.json({ code: 52, info: 'S/N exists', data: { field: 'code' } });
      }),
    );
    renderScreen(['admin'], '/fixture/widgets?action=create');
    const drawer = await screen.findByRole('dialog');
    const code = within(drawer).getByLabelText('Widget code');
    await userEvent.type(code, 'bad');
    fireEvent.click(within(drawer).getByRole('button', { name: /save/i }));
    expect(await within(drawer).findByText('A widget code looks like W-1', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(saves).toBe(0);
    await userEvent.clear(code);
    await userEvent.type(code, 'W-1');
    fireEvent.mouseDown(within(drawer).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('Red'));
    fireEvent.click(within(drawer).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(saves).toBe(1), { timeout: 5000 }).catch(() => {
      throw new Error(`not saved: ${drawer.textContent}`);
    });
    expect(await within(drawer).findByText(i18n.t('errors:code.52'), undefined, { timeout: 5000 })).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(document.body.textContent).toContain('Do not submit repeatly'));
    expect(saves).toBe(1);
  });

  it('opens edit / show from a link for a record not on the current page: fetched by id through the one call', async () => {
    const asked: unknown[] = [];
    let saved: any;
    server.use(
      http.post('/api/Widget/GetWidgetPageList', () => HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 40 } })),
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
    renderScreen(['admin'], '/fixture/widgets?action=edit&id=37');
    const drawer = await screen.findByRole('dialog');
    const code = await within(drawer).findByLabelText('Widget code');
    await waitFor(() => expect(code).toHaveValue('W-37'));
    expect(asked).toEqual(['37']);
    await userEvent.clear(code);
    await userEvent.type(code, 'W-38');
    fireEvent.click(within(drawer).getByRole('button', { name: /save/i }));
    await waitFor(() => expect(saved).toMatchObject({ id: 37, code: 'W-38', colour: 'green' }));
  });

  it('shows a record from a link; a record on the page is not fetched again; an unknown id closes the drawer with the code', async () => {
    const asked: unknown[] = [];
    server.use(
      http.post('/api/Widget/GetWidgetPageList', () => HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 2 } })),
      http.post('/api/Widget/GetWidget', async ({ request }) => {
        const body = (await request.json()) as any;
        asked.push(body.id);
        return HttpResponse.json({ code: 8, info: 'No data', data: null });
      }),
    );
    const first = renderScreen(['admin'], '/fixture/widgets?action=show&id=2');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('W-2')).toBeInTheDocument();
    expect(asked).toEqual([]);
    first.unmount();
    renderScreen(['admin'], '/fixture/widgets?action=show&id=404');
    await waitFor(() => expect(asked).toEqual(['404']));
    await waitFor(() => expect(document.body.textContent).toContain(i18n.t('errors:code.8')));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('turns an edit link into show for a role that may not edit', async () => {
    server.use(http.post('/api/Widget/GetWidgetPageList', () => HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: 2 } })));
    renderScreen(['servicepartner'], '/fixture/widgets?action=edit&id=1');
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('W-1')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: /save/i })).not.toBeInTheDocument();
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
      expect(screen.queryByRole('button', { name: /search/i })).not.toBeInTheDocument();
      const toggle = screen.getByTestId('resource-filters-toggle');
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      fireEvent.click(toggle);
      await userEvent.type(screen.getAllByRole('textbox')[0]!, 'W-1');
      fireEvent.click(screen.getByRole('button', { name: /search/i }));
      await waitFor(() => expect(bodies.at(-1)).toMatchObject({ code: 'W-1' }));
      // The count of filters set shows on the button.
      await waitFor(() => expect(toggle.closest('.ant-badge')).toHaveTextContent('1'));
    } finally {
      window.innerWidth = desktopWidth;
    }
  });
});
