import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawFrame, loadAssets, runFrame, tokenRoles } from '../../../src/boot/frame';
import { FRAME_DATA_ID, type FramePage } from '../../../contract/frame-page';
import { stylesheetsLoaded } from '../../../src/boot/stylesheets';

const BOOT_MARK = '<div class="boot"><svg aria-label="ESS Portal"><rect></rect></svg></div>';

const PAGE: FramePage = {
  texts: {
    en: { crumbs: ['Home', 'Storage systems'], title: 'Storage systems', subtitle: 'Every system', welcome: 'Welcome, {{name}}' },
    de: { crumbs: ['Startseite', 'Speichersysteme'], title: 'Speichersysteme', subtitle: 'Alle Anlagen', welcome: 'Willkommen, {{name}}' },
  },
  assets: [
    { kind: 'style', href: '/assets/antd1-12345678.css' },
    { kind: 'modulepreload', href: '/assets/PortalApp-12345678.js' },
    { kind: 'preload-style', href: '/assets/PortalApp-12345678.css' },
    { kind: 'module', href: '/assets/index-12345678.js' },
    { kind: 'script', href: '/warm-intl.js' },
  ],
};

/** An access token with these claims (the frame reads its payload; the signature is the server's business). */
function tokenWith(claims: Record<string, unknown>): string {
  const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${base64url('{"alg":"HS256"}')}.${base64url(JSON.stringify(claims))}.signature`;
}

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = '';
  document.body.innerHTML = `<div id="root">${BOOT_MARK}</div>`;
  document.documentElement.lang = 'en';
});
afterEach(() => vi.useRealTimers());

describe("a page's frame, drawn before the app (src/boot/frame.ts)", () => {
  it('draws the layout and the page head in the stored language for someone logged in', () => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('language', 'de');
    expect(drawFrame(document, PAGE)).toBe(true);
    const root = document.getElementById('root')!;
    expect(root.querySelector('.app-sider__brand')!.textContent).toBe('ESS Portal');
    // The product mark index.html painted, moved into the brand.
    expect(root.querySelector('.app-sider__brand svg rect')).not.toBeNull();
    expect(root.querySelector('.boot')).toBeNull();
    expect([...root.querySelectorAll('.frame__crumbs span:not(.frame__sep)')].map((crumb) => crumb.textContent)).toEqual([
      'Startseite',
      'Speichersysteme',
    ]);
    expect(root.querySelector('.app-header__title')!.textContent).toBe('Speichersysteme');
    expect(root.querySelector('h1')!.textContent).toBe('Speichersysteme');
    expect(root.querySelector('.page-head p')!.textContent).toBe('Alle Anlagen');
    expect(document.documentElement.lang).toBe('de');
    // No greeting without a stored name, and the sider open by default.
    expect(root.querySelector('.app-sider__welcome')).toBeNull();
    expect(root.querySelector('.ant-layout-sider-collapsed')).toBeNull();
  });

  it('greets the stored user by name, as text, and keeps the sider closed when the user left it so', () => {
    localStorage.setItem('token', 'a-token');
    localStorage.setItem('userInfo', JSON.stringify({ username: 'anna', name: '<img src=x onerror=alert(1)>' }));
    localStorage.setItem('sidebarStatue', 'open');
    drawFrame(document, PAGE);
    const welcome = document.querySelector('.app-sider__welcome')!;
    expect(welcome.textContent).toBe('Welcome, <img src=x onerror=alert(1)>');
    expect(document.querySelector('#root img')).toBeNull();

    localStorage.setItem('sidebarStatue', 'closed');
    drawFrame(document, PAGE);
    expect(document.querySelector('.ant-layout-sider-collapsed')).not.toBeNull();
    // A closed sider has no room for the greeting (as the app's).
    expect(document.querySelector('.app-sider__welcome')).toBeNull();
  });

  it('draws no page head for a page without one, only the layout', () => {
    localStorage.setItem('token', 'a-token');
    drawFrame(document, { texts: { en: { crumbs: ['Home'], welcome: 'Welcome, {{name}}' } }, assets: [] });
    expect(document.querySelector('.frame .app-header')).not.toBeNull();
    expect(document.querySelector('.page-head')).toBeNull();
  });

  it("draws a customer's or sharer's dashboard cards, their words as text, and no cards for other roles", () => {
    const home = {
      cards: ['Anlage', 'Energiefluss', 'Heute'] as [string, string, string],
      series: ['PV', 'Verbrauch', 'Geladen', 'Entladen', 'Bezogen', '<b>Eingespeist</b>'],
      rates: ['Eigenverbrauch heute', 'Autarkie heute'] as [string, string],
    };
    const dashboard: FramePage = {
      texts: { de: { crumbs: ['Startseite'], welcome: 'Willkommen, {{name}}', customerHome: home } },
      assets: [],
    };
    localStorage.setItem('language', 'de');
    const cards = () => [...document.querySelectorAll('.frame-home .ant-card-head-title')].map((title) => title.textContent);

    for (const roles of [['customer'], ['sharer'], ['installer', 'customer']]) {
      localStorage.setItem('token', tokenWith({ sub: '2', roles }));
      drawFrame(document, dashboard);
      expect(cards()).toEqual(['Anlage', 'Energiefluss', 'Heute']);
    }
    expect([...document.querySelectorAll('.frame-today .monitor-series')].map((series) => series.textContent)).toEqual(home.series);
    expect(document.querySelector('.frame-today b')).toBeNull();
    expect([...document.querySelectorAll('.monitor-rate')].map((rate) => rate.textContent)).toEqual(home.rates);
    // Stand-ins where the figures and gauges will be, no figure.
    expect(document.querySelectorAll('.frame-bar--value')).toHaveLength(6);
    expect(document.querySelectorAll('.frame-gauge')).toHaveLength(2);
    expect(document.querySelector('.frame-home')!.textContent).not.toMatch(/\d/);

    // Staff see another dashboard; a token that cannot be read draws no cards either (the app decides).
    for (const token of [tokenWith({ sub: '1', roles: ['admin'] }), tokenWith({ sub: '1' }), 'not.a-token', 'a.%%%.b']) {
      localStorage.setItem('token', token);
      expect(drawFrame(document, dashboard)).toBe(true);
      expect(document.querySelector('.frame-home')).toBeNull();
      expect(document.querySelector('.frame .app-header')).not.toBeNull();
    }
  });

  it('reads the roles of a token whose payload uses the URL-safe alphabet', () => {
    // '?>' in a name encodes to '-' and '_' in base64url.
    const token = tokenWith({ name: '??>>', roles: ['customer'] });
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(tokenRoles(token)).toEqual(['customer']);
    expect(tokenRoles(tokenWith({ roles: ['customer', 7, null] }))).toEqual(['customer']);
    expect(tokenRoles(null)).toEqual([]);
  });

  it('leaves the product mark for someone logged out (the app sends them to the login)', () => {
    expect(drawFrame(document, PAGE)).toBe(false);
    expect(document.getElementById('root')!.innerHTML).toBe(BOOT_MARK);
  });

  it("asks for the app's files in the page's order, as Vite's own tags would", () => {
    loadAssets(document, PAGE.assets);
    const added = [...document.head.children].map((element) => {
      const link = element as HTMLLinkElement;
      const script = element as HTMLScriptElement;
      return element.tagName === 'LINK'
        ? [link.rel, link.getAttribute('as'), link.getAttribute('crossorigin'), link.getAttribute('href')]
        : ['script', script.type || null, script.getAttribute('crossorigin'), script.getAttribute('src')];
    });
    expect(added).toEqual([
      ['stylesheet', null, null, '/assets/antd1-12345678.css'],
      ['modulepreload', null, '', '/assets/PortalApp-12345678.js'],
      // Credentials as Vite's loader asks for the style (crossorigin): a preload without them went unused, and the
      // style was fetched twice.
      ['preload', 'style', '', '/assets/PortalApp-12345678.css'],
      ['script', 'module', '', '/assets/index-12345678.js'],
      ['script', null, null, '/warm-intl.js'],
    ]);
  });

  it("draws at once and asks for the files once, in two tasks, after the frame's paint or, in a hidden tab, after a timer", () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 'a-token');
    document.body.insertAdjacentHTML('beforeend', `<script type="application/json" id="${FRAME_DATA_ID}">${JSON.stringify(PAGE)}</script>`);
    const frames: FrameRequestCallback[] = [];
    const win = Object.assign(Object.create(window) as Window, {
      document,
      localStorage,
      setTimeout: (callback: () => void, ms?: number) => setTimeout(callback, ms),
      requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(callback),
    });
    runFrame(win);
    expect(document.querySelector('h1')!.textContent).toBe('Storage systems');
    expect(document.head.children).toHaveLength(0);
    frames.forEach((callback) => callback(0));
    // The list in two tasks, in order: the first half, then the rest.
    vi.advanceTimersToNextTimer();
    const half = Math.ceil(PAGE.assets.length / 2);
    expect(document.head.children).toHaveLength(half);
    vi.advanceTimersToNextTimer();
    expect(document.head.children).toHaveLength(PAGE.assets.length);
    expect([...document.head.children].map((element) => element.getAttribute('href') ?? element.getAttribute('src'))).toEqual(
      PAGE.assets.map((asset) => asset.href),
    );
    vi.advanceTimersByTime(200);
    expect(document.head.children).toHaveLength(PAGE.assets.length);
  });
});

describe("the app's first render waits for the stylesheets the frame added (src/boot/stylesheets.ts)", () => {
  it('resolves once each linked stylesheet has loaded or failed', async () => {
    const first = document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/a.css' }));
    const second = document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/b.css' }));
    let done = false;
    const loaded = stylesheetsLoaded(document).then(() => (done = true));
    first.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(done).toBe(false);
    second.dispatchEvent(new Event('error'));
    await loaded;
    expect(done).toBe(true);
  });
});
