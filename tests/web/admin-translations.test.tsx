import { AbilityRoot } from '../../src/auth/AbilityRoot';
import { Refine } from '@refinedev/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { session } from '../../src/api/session';
import { i18n } from '../../src/i18n';
import { dataProvider } from '../../src/providers/data';
import LangTransManagement from '../../src/features/admin/LangTransManagement';
import shippedDe from '../../locales/de/admin.json';
import { server } from './setup';

const SHIPPED_DE = shippedDe.list.search;

function signInAdmin() {
  session.setTokens('token', 'refresh');
  session.setUserInfo({ username: 'admin', email: '', roles: ['admin'], country: '', languageCode: 'en', menuDenied: [] });
}

const row = (de: string, overridden: string[]) => ({
  id: 'admin:list.search',
  namespace: 'admin',
  key: 'list.search',
  en: 'Search',
  zh: '搜索',
  de,
  ja: '検索',
  overridden,
});
const page = (rows: unknown[]) =>
  HttpResponse.json({ code: 200, info: 'Success', data: { data: rows, dataCount: rows.length, namespaces: ['admin', 'common'] } });

function renderScreen() {
  signInAdmin();
  render(
    <MemoryRouter>
      <AntdApp>
        <AbilityRoot>
          <Refine dataProvider={dataProvider} options={{ disableTelemetry: true }}>
            <LangTransManagement />
          </Refine>
        </AbilityRoot>
      </AntdApp>
    </MemoryRouter>,
  );
}

/** The form item of a field in the open dialog, found by its label. */
const formItem = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label, { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

/** Picks an option of the antd Select in a form item. */
async function choose(item: HTMLElement, option: string) {
  fireEvent.mouseDown(within(item).getByRole('combobox'));
  const options = await screen.findAllByTitle(option);
  fireEvent.click(options.find((o) => o.classList.contains('ant-select-item-option'))!);
}

async function fillAddForm(values: { language: string; namespace: string; key: string; value: string }) {
  fireEvent.click(await screen.findByTestId('translation-add'));
  // The add dialog by its own save button, then shown: a role query for 'dialog' would compute the style of every
  // element of the page (jsdom, over antd's CSS), seconds each time it polls.
  const dialog = screen.getByTestId('translation-add-save').closest('[role="dialog"]') as HTMLElement;
  await waitFor(() => expect(dialog).toBeVisible());
  const t = i18n.t.bind(i18n);
  await choose(formItem(dialog, t('admin:langTransManagement.language')), values.language);
  await choose(formItem(dialog, t('admin:langTransManagement.namespace')), values.namespace);
  fireEvent.change(within(dialog).getByTestId('translation-add-key'), { target: { value: values.key } });
  fireEvent.change(within(dialog).getByTestId('translation-add-value'), { target: { value: values.value } });
  fireEvent.click(within(dialog).getByTestId('translation-add-save'));
  return dialog;
}

describe('langTransManagement: add a key', { timeout: 45_000 }, () => {
  it('sends the new key and shows 40 (exists in that language) on the key field', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/Translation/GetTranslationPageList', () => page([row(SHIPPED_DE, [])])),
      http.post('/api/Translation/AddTranslation', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ code: 40, info: 'Language code exists', data: { field: 'key' } });
      }),
    );
    renderScreen();
    const dialog = await fillAddForm({ language: 'German', namespace: 'admin', key: 'list.search', value: 'Suche' });
    await waitFor(() => expect(bodies).toEqual([{ language: 'de', namespace: 'admin', key: 'list.search', value: 'Suche' }]));
    const message = i18n.t('errors:code.40');
    await waitFor(() => expect(within(formItem(dialog, i18n.t('admin:langTransManagement.key'))).getByText(message)).toBeInTheDocument());
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('shows 55 (language missing or unknown) on the language field', async () => {
    server.use(
      http.post('/api/Translation/GetTranslationPageList', () => page([row(SHIPPED_DE, [])])),
      http.post('/api/Translation/AddTranslation', () =>
        HttpResponse.json({ code: 55, info: 'Language type required: language', data: { field: 'language' } }),
      ),
    );
    renderScreen();
    const dialog = await fillAddForm({ language: 'Japanese', namespace: 'common', key: 'brand.slogan', value: 'テスト' });
    const message = i18n.t('errors:code.55');
    await waitFor(() =>
      expect(within(formItem(dialog, i18n.t('admin:langTransManagement.language'))).getByText(message)).toBeInTheDocument(),
    );
    expect(screen.getAllByText(message)).toHaveLength(1);
  });

  it('adds a key: the text applies in the running app at once and the list is read again', async () => {
    let lists = 0;
    server.use(
      http.post('/api/Translation/GetTranslationPageList', () => {
        lists++;
        return page([row(SHIPPED_DE, [])]);
      }),
      http.post('/api/Translation/AddTranslation', async ({ request }) =>
        HttpResponse.json({ code: 200, info: 'Success', data: await request.json() }),
      ),
    );
    renderScreen();
    await fillAddForm({ language: 'English', namespace: 'admin', key: 'list.helperNew', value: 'Brand new text' });
    await waitFor(() => expect(i18n.t('admin:list.helperNew')).toBe('Brand new text'));
    await waitFor(() => expect(lists).toBe(2));
    expect(document.body.textContent).toContain(i18n.t('admin:langTransManagement.added'));
  });
});

describe('langTransManagement: reset to the shipped text', { timeout: 45_000 }, () => {
  it('asks first, then removes the override and shows the shipped text at once', async () => {
    const resets: unknown[] = [];
    // The running app carries the override (as after an edit or a page load with it).
    i18n.addResource('de', 'admin', 'list.search', 'Finden!');
    server.use(
      http.post('/api/Translation/GetTranslationPageList', () => page([resets.length ? row(SHIPPED_DE, []) : row('Finden!', ['de'])])),
      http.post('/api/Translation/ResetTranslation', async ({ request }) => {
        resets.push(await request.json());
        return HttpResponse.json({ code: 200, info: 'Success', data: null });
      }),
    );
    renderScreen();
    expect(await screen.findByText('Finden!')).toBeInTheDocument();
    // Only the overridden language offers a reset.
    expect(screen.queryByTestId('translation-reset-en')).toBeNull();
    fireEvent.click(screen.getByTestId('translation-reset-de'));
    expect(await screen.findByText('Remove the override in German?')).toBeInTheDocument();
    expect(resets).toHaveLength(0);
    fireEvent.click(screen.getByTestId('translation-reset-confirm'));
    await waitFor(() => expect(resets).toEqual([{ language: 'de', namespace: 'admin', key: 'list.search' }]));
    await waitFor(() => expect(screen.getByText(SHIPPED_DE)).toBeInTheDocument());
    expect(screen.queryByText('Finden!')).toBeNull();
    expect(i18n.getFixedT('de')('admin:list.search')).toBe(SHIPPED_DE);
    expect(screen.queryByTestId('translation-reset-de')).toBeNull();
  });
});
