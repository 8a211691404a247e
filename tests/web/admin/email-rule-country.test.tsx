import { Refine } from '@refinedev/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { emailDeliveringRules } from '../../../resources/emailDeliveringRules';
import { i18n } from '../../../src/i18n';
import { dataProvider } from '../../../src/providers/data';
import { ResourceForm } from '../../../src/resources/ResourceForm';
import { signIn } from '../render-portal';
import { server } from '../setup';

/**
 * A 'country' e-mail rule's recipient is picked from the ISO 3166-1 picker of the user form
 * (country names in the reader's language, the code stored), as the rule's own country is; a role or an address
 * is still typed.
 */
const CATEGORIES = [{ id: 1, category_code: 'system_fault', name: 'System fault', description: '' }];

function renderForm(mode: 'create' | 'edit', record?: Record<string, unknown>) {
  const saved: Record<string, unknown>[] = [];
  server.use(
    http.post('/api/EmailRule/GetCategoryPageList', () =>
      HttpResponse.json({ code: 200, info: 'Success', data: { data: CATEGORIES, dataCount: CATEGORIES.length } }),
    ),
    http.post('/api/EmailRule/SaveEmailRule', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saved.push(body);
      return HttpResponse.json({ code: 200, info: 'Success', data: { id: 7, ...body } });
    }),
  );
  signIn(['admin'], 'admin');
  render(
    <MemoryRouter>
      <AntdApp>
        <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
          <ResourceForm declaration={emailDeliveringRules} mode={mode} record={record} onDone={() => {}} />
        </Refine>
      </AntdApp>
    </MemoryRouter>,
  );
  return saved;
}

const label = (field: string) => i18n.t(`admin:emailDeliveringRules.fields.${field}`);
const formItem = (field: string) => screen.getByText(label(field), { selector: 'label' }).closest('.ant-form-item') as HTMLElement;
const recipient = () => formItem('recipient_value');

/** Opens the select of a form item (typing `search` into it, for a long list) and picks the option titled `option`. */
async function choose(field: string, option: string, search?: string) {
  const box = within(formItem(field)).getByRole('combobox');
  fireEvent.mouseDown(box);
  if (search) fireEvent.change(box, { target: { value: search } });
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
}

describe("a 'country' e-mail rule's recipient", { timeout: 45_000 }, () => {
  it('is the country picker by name for a country rule, a text box for a role or an address; the code is saved', async () => {
    const saved = renderForm('create');
    // A new rule names a role: typed, as before.
    await waitFor(() => expect(within(recipient()).getByRole('textbox')).toBeInTheDocument());
    fireEvent.change(within(recipient()).getByRole('textbox'), { target: { value: 'admin' } });

    await choose('recipient_kind', i18n.t('admin:emailDeliveringRules.options.recipient_kind.country'));
    // The picker, empty: the role typed before is no country.
    await waitFor(() => expect(within(recipient()).queryByRole('textbox')).toBeNull());
    expect(within(recipient()).getByRole('combobox')).toBeInTheDocument();
    expect(recipient().querySelector('.ant-select-selection-item')).toBeNull();
    await choose('recipient_value', 'Germany', 'germ');
    await choose('category_code', 'System fault');
    fireEvent.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ category_code: 'system_fault', recipient_kind: 'country', recipient_value: 'DE' });
  });

  it('shows the stored code by its name in the current language, and an address is typed again', async () => {
    await i18n.changeLanguage('de');
    renderForm('edit', {
      id: 4,
      category_code: 'system_fault',
      recipient_kind: 'country',
      recipient_value: 'FR',
      country: '',
      enabled: true,
    });
    await waitFor(() => expect(recipient().querySelector('.ant-select-selection-item')).toHaveTextContent('Frankreich'));
    // The choices are the countries' German names.
    const box = within(recipient()).getByRole('combobox');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: 'deutsch' } });
    expect(await screen.findByTitle('Deutschland')).toBeInTheDocument();
    fireEvent.keyDown(box, { key: 'Escape' });

    await choose('recipient_kind', i18n.t('admin:emailDeliveringRules.options.recipient_kind.address'));
    await waitFor(() => expect(within(recipient()).getByRole('textbox')).toHaveValue(''));
  });
});
