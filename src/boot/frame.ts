import type { UserInfo } from '../api/session';
import { STORAGE_KEYS } from '../api/session';
import { readSidebarStatus } from '../layout/sidebarState';
import { initialLanguage } from '../i18n/languages';
import { SERIES_COLORS } from '../features/monitoring/shared/charts/series';
import { isCustomerOrSharer } from '../../permissions/roles';
import { ENERGY_SERIES } from '../../contract/monitoring-constants';
import { FRAME_DATA_ID, type CustomerHomeTexts, type FrameAsset, type FramePage, type FrameTexts } from '../../contract/frame-page';

/**
 * The page's frame, drawn before the app's code is even asked for.
 *
 * A page behind the login used to show the product mark until the portal's scripts and styles (some 700 kB
 * compressed) were fetched and run: on a cold start that was a second of an empty page. The build writes a copy of
 * index.html per page (build/route-preloads.ts) holding this page's texts in the four languages and the list of
 * its files; this script, small and classic, draws the layout the app will draw (the dark sider with the brand,
 * the header with the breadcrumb, and the page's heading where the screen has one, or a customer's first dashboard
 * cards) in the user's language, then asks for the app's files. React then draws the same layout over it. The
 * files are asked for once the frame is on screen: asked for with the page, they came first and the frame waited
 * for them (the browser paints a page after the stylesheets it names are in).
 *
 * Built on its own into one small classic script (build/route-frame.ts), so it imports only what is small.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function storedUserName(): string | undefined {
  try {
    const info = JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo) ?? 'null') as Partial<UserInfo> | null;
    const name = info?.name || info?.username;
    return typeof name === 'string' && name ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The roles the stored access token names (its payload, not checked: the frame only chooses which cards to draw;
 * every call is checked by the server). None when there is no token or it cannot be read.
 */
export function tokenRoles(token: string | null): string[] {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return [];
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { roles?: unknown };
    return Array.isArray(claims.roles) ? claims.roles.filter((role): role is string => typeof role === 'string') : [];
  } catch {
    return [];
  }
}

const card = (title: string, body: string, column: string) =>
  `<div class="frame-home__col frame-home__col--${column}"><div class="ant-card"><div class="ant-card-head"><div class="ant-card-head-wrapper">` +
  `<div class="ant-card-head-title">${escapeHtml(title)}</div></div></div><div class="ant-card-body">${body}</div></div></div>`;

const bars = (count: number) => '<span class="frame-bar"></span>'.repeat(count);

/**
 * The customer's home as its first render draws it (CustomerDashboard, MonitoringView, TodayCard): the heading's
 * place, the figures and power-flow cards with their titles, today's card with its series and rates named, stand-ins
 * where the figures will be. The classes are the monitoring view's (monitoring.css, inlined with the frame) and
 * antd's card's (given their measures by frame.css), so the words sit where the app puts them.
 */
export function customerHomeMarkup(texts: CustomerHomeTexts): string {
  const figures = ENERGY_SERIES.map(
    ([key], index) =>
      `<div class="frame-today__figure"><div class="frame-today__title"><span class="monitor-series"><span class="monitor-series__dot" style="background:${SERIES_COLORS[key]}"></span>${escapeHtml(texts.series[index] ?? '')}</span></div><span class="frame-bar frame-bar--value"></span></div>`,
  ).join('');
  const rates = texts.rates
    .map(
      (label) =>
        `<div class="monitor-rate"><span class="frame-gauge"></span><span class="frame-secondary">${escapeHtml(label)}</span></div>`,
    )
    .join('');
  return (
    `<div class="monitor frame-home"><div class="monitor-head"><div><span class="frame-bar frame-bar--title"></span></div></div><div class="frame-home__row">` +
    card(texts.cards[0], bars(5), 'figures') +
    card(texts.cards[1], bars(6), 'flow') +
    card(texts.cards[2], `<div class="frame-today">${figures}</div><div class="monitor-rates">${rates}</div>`, 'today') +
    `</div></div>`
  );
}

/**
 * The frame's markup (classes of src/layout/layout.css and src/boot/frame.css). `logo`: the product mark's
 * markup. `collapsed`: the sider as the user last left it on a desktop; on a phone the stylesheet hides the sider
 * and shows the page's title instead of the breadcrumb, as the app does.
 */
export function frameMarkup(
  texts: FrameTexts,
  options: { logo: string; collapsed: boolean; userName?: string; roles?: readonly string[] },
): string {
  const crumbs = texts.crumbs.map((crumb) => `<span>${escapeHtml(crumb)}</span>`).join('<span class="frame__sep">/</span>');
  const welcome =
    options.userName && !options.collapsed
      ? `<div class="app-sider__welcome">${escapeHtml(texts.welcome.replace('{{name}}', options.userName))}</div>`
      : '';
  // What the screen opens with: its page head, or a customer's first dashboard cards, or nothing yet.
  const content = texts.title
    ? `<div class="page-head"><div><h1>${escapeHtml(texts.title)}</h1>${texts.subtitle ? `<p>${escapeHtml(texts.subtitle)}</p>` : ''}</div></div>`
    : texts.customerHome && isCustomerOrSharer(options.roles ?? [])
      ? customerHomeMarkup(texts.customerHome)
      : '';
  // The app's own classes where src/layout/layout.css styles them (antd's collapsed sider class included).
  return (
    `<div class="frame" aria-busy="true">` +
    `<div class="frame__sider${options.collapsed ? ' ant-layout-sider-collapsed' : ''}"><div class="app-sider__brand">${options.logo}<span>ESS Portal</span></div>${welcome}</div>` +
    `<div class="frame__main"><div class="app-header ant-layout-header"><span class="frame__toggle"></span>` +
    `<div class="app-header__crumbs"><div class="frame__crumbs">${crumbs}</div><span class="app-header__title">${escapeHtml(texts.crumbs[texts.crumbs.length - 1] ?? '')}</span></div></div>` +
    `<div class="frame__content">${content}</div></div></div>`
  );
}

/**
 * Draws the frame into #root for someone logged in, in their language (the one the app starts in). Someone
 * logged out keeps the product mark: the app sends them on to the login. Answers whether it drew.
 */
export function drawFrame(doc: Document, page: FramePage): boolean {
  const root = doc.getElementById('root');
  if (!root || !localStorage.getItem(STORAGE_KEYS.token)) return false;
  const language = initialLanguage();
  const texts = page.texts[language];
  if (!texts) return false;
  doc.documentElement.lang = language;
  // The product mark index.html paints until now moves into the sider's brand.
  const logo = root.querySelector('svg')?.outerHTML ?? '';
  root.innerHTML = frameMarkup(texts, {
    logo,
    collapsed: readSidebarStatus() === 'closed',
    userName: storedUserName(),
    roles: tokenRoles(localStorage.getItem(STORAGE_KEYS.token)),
  });
  return true;
}

/** Asks for the app's files in the page's order, as the tags Vite writes would have. */
export function loadAssets(doc: Document, assets: readonly FrameAsset[]): void {
  for (const { kind, href } of assets) {
    let element: HTMLLinkElement | HTMLScriptElement;
    if (kind === 'module' || kind === 'script') {
      const script = doc.createElement('script');
      // A script added by a script runs when it arrives, as the `async` one of index.html did.
      if (kind === 'module') {
        script.type = 'module';
        script.crossOrigin = '';
      }
      script.src = href;
      element = script;
    } else {
      const link = doc.createElement('link');
      link.rel = kind === 'style' ? 'stylesheet' : kind === 'modulepreload' ? 'modulepreload' : 'preload';
      if (kind === 'preload-style') link.setAttribute('as', 'style');
      // A stylesheet of a chunk is linked by Vite's loader with `crossorigin`: a preload must ask for it the same way,
      // or the browser does not use it and fetches the file again.
      if (kind !== 'style') link.crossOrigin = '';
      link.href = href;
      element = link;
    }
    doc.head.appendChild(element);
  }
}

/**
 * The script's work: the frame now, the app's files once the frame is painted (the frame after the next animation
 * frame; a page opened in a background tab, where animation frames wait, gets them after a short timer), in two
 * tasks.
 */
export function runFrame(win: Window): void {
  const data = win.document.getElementById(FRAME_DATA_ID);
  if (!data?.textContent) return;
  const page = JSON.parse(data.textContent) as FramePage;
  try {
    drawFrame(win.document, page);
  } catch {
    // No storage (a locked-down browser): the product mark stays until the app draws.
  }
  let asked = false;
  const load = () => {
    if (asked) return;
    asked = true;
    // Each file asked for costs the main thread a millisecond or two on a slow machine, and a page asks for some
    // thirty: 24-67 ms in one task, counted as blocking input once the frame has painted. Asked for in two tasks,
    // in the same order, neither is long.
    const half = Math.ceil(page.assets.length / 2);
    loadAssets(win.document, page.assets.slice(0, half));
    win.setTimeout(() => loadAssets(win.document, page.assets.slice(half)));
  };
  win.requestAnimationFrame(() => win.setTimeout(load));
  win.setTimeout(load, 100);
}
