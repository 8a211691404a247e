import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../permissions/routes';
import { i18n } from '../../src/i18n';
import { adminKeys } from '../../src/features/admin/api';
import { applyText, reloadShipped } from '../../src/features/admin/translations/runningApp';
import { allowedRoutes, applyMenuOverrides, buildMenu, menuTitle, type MenuEntry, type MenuOverrides } from '../../src/routing/menu';
import { askMenuOverridesEarly } from '../../src/routing/useMenuOverrides';
import { renderSider } from './render-sider';
import { server } from './setup';

const everyScreen = () => true;
const keys = (entries: MenuEntry[]): unknown => entries.map((e) => (e.children ? { [e.key]: keys(e.children) } : e.key));

describe('menu management shapes the sidebar (overrides over the route table)', () => {
  it('orders siblings by the override order, keeps the table order where none is set', () => {
    const overrides: MenuOverrides = { changePwd: { order: 1 }, userInfoSettings: { order: 500 } };
    expect(keys(buildMenu(['customer'], [], everyScreen, ROUTES, overrides))).toEqual([
      'dashboard',
      { BasicSettings: ['changePwd', 'Notifications', 'elecPriceSetting', 'systemSettings', 'userInfoSettings'] },
      { complaints: ['customerComplaintList', 'productRecommendationsList'] },
    ]);
    // Groups move too.
    const groupsFirst = buildMenu(['customer'], [], everyScreen, ROUTES, { complaints: { order: 0 } });
    expect(groupsFirst[0]!.key).toBe('complaints');
  });

  it('hides entries and whole groups from the menu without touching access', () => {
    const overrides: MenuOverrides = { changePwd: { hidden: true }, complaints: { hidden: true } };
    expect(keys(buildMenu(['customer'], [], everyScreen, ROUTES, overrides))).toEqual([
      'dashboard',
      { BasicSettings: ['userInfoSettings', 'Notifications', 'elecPriceSetting', 'systemSettings'] },
    ]);
    // The role table stays the authority: the hidden screen can still be opened by its URL.
    expect(allowedRoutes(['customer'], [], everyScreen).map((r) => r.key)).toContain('changePwd');
  });

  it('never opens an entry the role table or the user permissions keep closed', () => {
    const overrides: MenuOverrides = { userManagement: { hidden: false, order: 1 }, changePwd: { hidden: false } };
    const listed = JSON.stringify(keys(buildMenu(['customer'], ['changePwd'], everyScreen, ROUTES, overrides)));
    expect(listed).not.toContain('userManagement');
    expect(listed).not.toContain('changePwd');
  });

  it('replaces icons and carries titles per language; a language without a title falls back to menu:<key>', () => {
    const tree = applyMenuOverrides(ROUTES, { energyStorageList: { icon: 'tool' } });
    expect(tree.find((r) => r.key === 'energyStorageList')!.icon).toBe('tool');
    const overrides: MenuOverrides = { dashboard: { title: { de: 'Startseite', en: '  ' } } };
    const t = (key: string) => `<${key}>`;
    expect(menuTitle('dashboard', 'de', overrides, t)).toBe('Startseite');
    expect(menuTitle('dashboard', 'en', overrides, t)).toBe('<menu:dashboard>');
    expect(menuTitle('dashboard', 'ja', overrides, t)).toBe('<menu:dashboard>');
    expect(buildMenu(['customer'], [], everyScreen, ROUTES, overrides)[0]!.titles).toEqual({ de: 'Startseite', en: '  ' });
  });

  it('moves entries between groups and to the top level; a move into a screen or into itself is ignored', () => {
    const moved = buildMenu(['customer'], [], everyScreen, ROUTES, {
      changePwd: { parent: null, order: 5 },
      elecPriceSetting: { parent: 'complaints' },
    });
    expect(keys(moved)).toEqual([
      'changePwd',
      'dashboard',
      { BasicSettings: ['userInfoSettings', 'Notifications', 'systemSettings'] },
      { complaints: ['customerComplaintList', 'productRecommendationsList', 'elecPriceSetting'] },
    ]);
    const ignored = buildMenu(['customer'], [], everyScreen, ROUTES, {
      changePwd: { parent: 'dashboard' },
      BasicSettings: { parent: 'BasicSettings' },
    });
    expect(keys(ignored)).toEqual(keys(buildMenu(['customer'], [], everyScreen, ROUTES)));
  });

  it('adds link entries for every user, under their group, opening their address', () => {
    const menu = buildMenu(['sharer'], [], everyScreen, ROUTES, {
      helpCenter: { parent: 'BasicSettings', link: 'https://help.example.com/', order: 1, title: { en: 'Help' } },
    });
    const basic = menu.find((e) => e.key === 'BasicSettings')!;
    expect(basic.children![0]).toMatchObject({
      key: 'helpCenter',
      path: 'https://help.example.com/',
      external: true,
      titles: { en: 'Help' },
    });
  });
});

describe('the sidebar loads the menu overrides at start', { timeout: 20_000 }, () => {
  it('shows the titles of the current language, the order and hides what menu management hid', async () => {
    let calls = 0;
    server.use(
      http.get('/api/Menu/GetMenuOverrides', () => {
        calls++;
        return HttpResponse.json({
          code: 200,
          info: 'Success',
          data: {
            changePwd: { order: 1, hidden: false, title: { en: 'My password', de: 'Mein Passwort' } },
            userInfoSettings: { order: 20, hidden: true },
            BasicSettings: { order: 30, hidden: false, title: { en: 'Settings' } },
          },
        });
      }),
    );
    const { container } = renderSider(['customer']);
    const nav = within(screen.getByRole('navigation'));
    await waitFor(() => expect(nav.getByText('My password')).toBeInTheDocument());
    expect(calls).toBe(1);
    expect(nav.getByText('Settings')).toBeInTheDocument();
    const links = [...container.querySelectorAll('nav a[href]')].map((a) => a.getAttribute('href'));
    expect(links).not.toContain('/BasicSettings/userInfoSettings');
    // The changed order: change password first in its group.
    const group = links.filter((href) => href!.startsWith('/BasicSettings/'));
    expect(group[0]).toBe('/BasicSettings/changePwd');
    // In German the German title, and the shipped text where no German title is set.
    await i18n.changeLanguage('de');
    await waitFor(() => expect(nav.getByText('Mein Passwort')).toBeInTheDocument());
    expect(nav.getByText(i18n.t('menu:BasicSettings'))).toBeInTheDocument();
  });

  it("names the supplier's dashboard 'List of storage systems' in the menu, as its page heading (spec §2)", async () => {
    server.use(http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })));
    renderSider(['supplier']);
    const nav = within(screen.getByRole('navigation'));
    await waitFor(() => expect(nav.getByText('List of storage systems')).toBeInTheDocument());
    expect(nav.queryByText('Home')).toBeNull();
  });

  it('reloads them when menu management invalidates the admin area’s menu keys', async () => {
    let title = 'My password';
    let calls = 0;
    server.use(
      http.get('/api/Menu/GetMenuOverrides', () => {
        calls++;
        return HttpResponse.json({ code: 200, info: 'Success', data: { changePwd: { order: 1, title: { en: title } } } });
      }),
    );
    const { client } = renderSider(['customer']);
    const nav = within(screen.getByRole('navigation'));
    await waitFor(() => expect(nav.getByText('My password')).toBeInTheDocument());
    title = 'Password';
    // What MenuManagement does after each change: every user's menu overrides, through the factory.
    await client.invalidateQueries({ queryKey: adminKeys.menuOverrides() });
    await waitFor(() => expect(nav.getByText('Password')).toBeInTheDocument());
    expect(calls).toBe(2);
  });

  it('shows them in its first render when the page’s start asked for them', async () => {
    let calls = 0;
    server.use(
      http.get('/api/Menu/GetMenuOverrides', () => {
        calls++;
        return HttpResponse.json({ code: 200, info: 'Success', data: { changePwd: { order: 1, title: { en: 'Early password' } } } });
      }),
    );
    // What PortalApp's preloadPortal does on a cold start, before the layout renders.
    await askMenuOverridesEarly('early-user');
    renderSider(['customer'], { username: 'early-user' });
    // No wait: the layout used to render without them, then the whole sider, header and tab title again.
    expect(within(screen.getByRole('navigation')).getByText('Early password')).toBeInTheDocument();
    // The sider's own query took the answer asked ahead instead of asking again.
    await waitFor(() => expect(calls).toBe(1));
  });

  it('keeps the route table as shipped when the call fails', async () => {
    server.use(http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 45, info: 'No permission', data: null })));
    renderSider(['customer']);
    const nav = within(screen.getByRole('navigation'));
    await waitFor(() => expect(nav.getByText(i18n.t('menu:changePwd'))).toBeInTheDocument());
    expect(nav.getByText(i18n.t('menu:userInfoSettings'))).toBeInTheDocument();
  });
});

describe('the sidebar greets the user by name', { timeout: 20_000 }, () => {
  const noOverrides = () =>
    server.use(http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })));

  it('by the display name, not the user ID', async () => {
    noOverrides();
    renderSider(['customer'], { username: 'customer', name: 'Thomas Becker' });
    expect(await screen.findByTestId('welcome')).toHaveTextContent('Welcome, Thomas Becker');
    expect(screen.getByTestId('welcome')).not.toHaveTextContent('customer');
  });

  it('by the user name when no name is known (a session stored before names were sent)', async () => {
    noOverrides();
    renderSider(['customer'], { username: 'customer' });
    expect(await screen.findByTestId('welcome')).toHaveTextContent('Welcome, customer');
  });
});

describe('translation management changes the menu without a reload', { timeout: 30_000 }, () => {
  const noOverrides = () =>
    server.use(http.get('/api/Menu/GetMenuOverrides', () => HttpResponse.json({ code: 200, info: 'Success', data: {} })));

  it('an override of a menu:* key shows in the sidebar at once, the dashboard entry too', async () => {
    noOverrides();
    renderSider(['customer']);
    const nav = within(screen.getByRole('navigation'));
    await waitFor(() => expect(nav.getByText(i18n.t('menu:changePwd'))).toBeInTheDocument());
    await applyText([
      { language: 'en', namespace: 'menu', key: 'changePwd', value: 'My secret word' },
      { language: 'en', namespace: 'menu', key: 'dashboard', value: 'Overview' },
    ]);
    await waitFor(() => expect(nav.getByText('My secret word')).toBeInTheDocument());
    expect(nav.getByText('Overview')).toBeInTheDocument();
    await reloadShipped('en', 'menu');
  });

  it('an override saved for a language not loaded yet leaves it unloaded, so it loads whole (no single-key namespace of raw keys)', async () => {
    // German as never loaded in this page.
    i18n.removeResourceBundle('de', 'menu');
    await applyText([{ language: 'de', namespace: 'menu', key: 'changePwd', value: 'Mein Kennwort' }]);
    // The old code added the one key, and i18next then took that one-key bundle as the German menu: every other
    // entry, the breadcrumb and the title showed their keys after switching to German.
    expect(i18n.hasResourceBundle('de', 'menu')).toBe(false);
    await i18n.reloadResources(['de'], ['menu']);
    expect(i18n.t('menu:BasicSettings', { lng: 'de' })).not.toBe('BasicSettings');
  });
});
