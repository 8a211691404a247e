import { Refine } from '@refinedev/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { customerArchives } from '../../../resources/customerArchives';
import { i18n } from '../../../src/i18n';
import { dataProvider } from '../../../src/providers/data';
import { ResourceForm } from '../../../src/resources/ResourceForm';
import { signIn } from '../render-portal';
import { server } from '../setup';

/**
 * The customer archive's state and city are picked from the reference data (GetStatecode, GetCitycode by the chosen
 * country and state), typed where the data set lists no city for the state; a value stored before the pickers is
 * shown as it is, and a new country empties both.
 */
function renderForm(mode: 'create' | 'edit', record?: Record<string, unknown>) {
  const saved: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/CustomerArchives/SaveCustomerArchive', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json({ code: 200, info: 'Success', data: { id: 7, ...body } });
    }),
  );
  signIn(['servicer'], 'servicer');
  render(
    <MemoryRouter>
      <AntdApp>
        <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
          <ResourceForm declaration={customerArchives} mode={mode} record={record} onDone={() => {}} />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
  return saved;
}

const formItem = (field: string) =>
  screen.getByText(i18n.t(`archives:customerArchives.fields.${field}`), { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

async function choose(field: string, option: string, search?: string) {
  const box = within(formItem(field)).getByRole('combobox');
  await waitFor(() => expect(box).not.toBeDisabled());
  fireEvent.mouseDown(box);
  if (search) fireEvent.change(box, { target: { value: search } });
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
}

const type = (field: string, value: string) => fireEvent.change(within(formItem(field)).getByRole('textbox'), { target: { value } });
const shown = (field: string) => formItem(field).querySelector('.ant-select-selection-item')?.textContent ?? null;

describe("the customer archive's state and city", { timeout: 45_000 }, () => {
  it("are the country's states and the state's cities; a new state empties the city; a state without cities takes a typed one", async () => {
    server.use(
      http.get('*/api/ESS/GetCitycode', ({ request }) => {
        const key = new URL(request.url).searchParams.get('Key');
        return HttpResponse.json({ code: 200, info: 'Success', data: key === 'DE-BY' ? [{ name: 'Augsburg' }, { name: 'Munich' }] : [] });
      }),
    );
    const saved = renderForm('create');
    type('name', 'Anna Schmidt');
    type('postcode', '80331');
    type('license', 'LIC-1');
    type('sys_sn', 'ESS2024A0001');
    // Nothing to pick before a country is chosen.
    expect(within(formItem('state')).getByRole('combobox')).toBeDisabled();
    await choose('country', 'Germany', 'germ');
    await choose('state', 'Bavaria');
    await choose('city', 'Munich');
    fireEvent.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ country: 'DE', state: 'BY', city: 'Munich' });

    // Baden-Württemberg has no cities in this data set: the city is typed, the one of Bavaria is gone.
    await choose('state', 'Baden-Württemberg');
    await waitFor(() => expect(within(formItem('city')).getByRole('textbox')).toHaveValue(''));
    expect(within(formItem('city')).getByRole('textbox')).toHaveAttribute('placeholder', 'Type the city');
    type('city', 'Kleindorf');
    fireEvent.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toMatchObject({ state: 'BW', city: 'Kleindorf' });
  });

  it('show a state and city typed before the pickers as they are; another country empties both', async () => {
    const saved = renderForm('edit', {
      id: 3,
      name: 'Bruno Weber',
      country: 'DE',
      state: 'Bayern',
      city: 'München',
      postcode: '80331',
      license: 'LIC-2',
      sys_sn: 'ESS2024A0002',
    });
    await waitFor(() => expect(shown('state')).toBe('Bayern'));
    expect(shown('city')).toBe('München');
    await choose('country', 'Austria', 'austr');
    await waitFor(() => expect(shown('state')).toBeNull());
    fireEvent.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ country: 'AT', state: '', city: '' });
  });
});
