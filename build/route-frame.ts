import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build } from 'vite';
import { LANGUAGES } from '../contract/languages';
import { FRAME_DATA_ID, type CustomerHomeTexts, type FrameAsset, type FramePage, type FrameTexts } from '../contract/frame-page';
import { ENERGY_SERIES } from '../contract/monitoring-constants';
import { breadcrumbFor } from '../permissions/routes';

/**
 * The page heads the frame draws before the app (src/boot/frame.ts), by route key: the screens whose first render
 * opens with a `.page-head` of their menu title and this line (i18n key). A screen whose heading depends on its
 * data (the dashboard's "All systems (3)") has none here: its frame is the sider and the header.
 */
const PAGE_HEADS: Readonly<Record<string, { subtitle: string }>> = {
  energyStorageList: { subtitle: 'monitoring:list.subtitle' },
};

type Messages = Record<string, unknown>;

/** Each locales/<language>/<namespace>.json, read once a build (every page's frame asks for a few of its texts). */
const shippedMessages = new Map<string, Messages>();

/** Forgets the texts read: a new build reads them again (a text edited since is seen). */
export function forgetShippedTexts(): void {
  shippedMessages.clear();
}

function messagesOf(language: string, namespace: string): Messages {
  const file = resolve('locales', language, `${namespace}.json`);
  let messages = shippedMessages.get(file);
  if (!messages) {
    messages = JSON.parse(readFileSync(file, 'utf8')) as Messages;
    shippedMessages.set(file, messages);
  }
  return messages;
}

/** A shipped text, `namespace:dotted.key`, in one language; the key itself when it is missing (as i18next shows it). */
export function shippedText(language: string, key: string): string {
  const [namespace, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const messages = messagesOf(language, namespace);
  const value = path.split('.').reduce<unknown>((node, part) => (node as Messages | undefined)?.[part], messages);
  return typeof value === 'string' ? value : key;
}

/** The customer's home cards' words (MonitoringView, TodayCard), for the dashboard's frame. */
function customerHomeTexts(language: string): CustomerHomeTexts {
  const text = (key: string) => shippedText(language, `monitoring:${key}`);
  return {
    cards: [text('figures.title'), text('flow.title'), text('today.title')],
    series: ENERGY_SERIES.map(([key]) => text(`series.${key}`)),
    rates: [text('rates.selfConsumptionToday'), text('rates.autarkyToday')],
  };
}

/**
 * A page's frame texts in the four languages: its breadcrumb's menu titles, its page head where it has one, the
 * customer's home cards on the dashboard.
 */
export function frameTexts(routeKey: string, path: string): Record<string, FrameTexts> {
  const trail = breadcrumbFor(path);
  const head = PAGE_HEADS[routeKey];
  return Object.fromEntries(
    LANGUAGES.map(({ code }) => [
      code,
      {
        crumbs: trail.map((node) => shippedText(code, `menu:${node.key}`)),
        ...(head ? { title: shippedText(code, `menu:${routeKey}`), subtitle: shippedText(code, head.subtitle) } : {}),
        welcome: shippedText(code, 'common:sider.welcome'),
        ...(routeKey === 'dashboard' ? { customerHome: customerHomeTexts(code) } : {}),
      },
    ]),
  );
}

/** The frame's script, built on its own into one minified classic script (an IIFE). */
export async function buildFrameScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry: resolve('src/boot/frame-main.ts'), formats: ['iife'], name: 'essFrame' },
    },
  });
  const chunk = (Array.isArray(output) ? output[0]! : output) as { output: Array<{ type: string; code?: string }> };
  return chunk.output.find((file) => file.type === 'chunk')!.code!;
}

/**
 * Stylesheets of a screen whose first cards the frame draws (by route key): the dashboard's customer home shares the
 * monitoring view's classes (its rates, series dots, card heads).
 */
const SCREEN_STYLES: Readonly<Record<string, readonly string[]>> = {
  dashboard: ['src/features/monitoring/shared/view/monitoring.css'],
};

/**
 * The frame's styles, inlined into a page: the app's layout rules and its screen's (SCREEN_STYLES), whose classes
 * the frame shares, then its own.
 */
export function frameStyles(routeKey?: string): string {
  return ['src/layout/layout.css', ...((routeKey && SCREEN_STYLES[routeKey]) || []), 'src/boot/frame.css']
    .map((file) => readFileSync(resolve(file), 'utf8'))
    .join('\n')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Vite's tags in index.html that fetch the app: its stylesheets, the entry module and the async scripts. */
const APP_TAG = /<link rel="stylesheet"[^>]*>|<script type="module"[^>]*><\/script>|<script src="[^"]+" async><\/script>/g;

function assetOf(tag: string): FrameAsset {
  const href = /(?:href|src)="([^"]+)"/.exec(tag)![1]!;
  if (tag.startsWith('<link')) return { kind: 'style', href };
  return { kind: tag.includes('type="module"') ? 'module' : 'script', href };
}

/**
 * A page's copy of index.html: the tags that fetch the app become the frame's list (the stylesheets first, then the
 * page's own chunks and styles, then the scripts, so the entry finds what it imports already on its way), and the
 * frame's data, styles and script come in their place. Answers the page.
 */
export function framePageHtml(
  html: string,
  frame: { texts: FramePage['texts']; preloads: Iterable<string>; script: string; css: string },
): string {
  const tags = html.match(APP_TAG) ?? [];
  const found = tags.map(assetOf);
  const preloads: FrameAsset[] = [...frame.preloads].map((file) => ({
    kind: file.endsWith('.css') ? 'preload-style' : 'modulepreload',
    href: `/${file}`,
  }));
  const page: FramePage = {
    texts: frame.texts,
    assets: [...found.filter((asset) => asset.kind === 'style'), ...preloads, ...found.filter((asset) => asset.kind !== 'style')],
  };
  // A JSON `<script>` is data, not code (the content security policy has nothing to say of it); `<` is written
  // escaped so no text can close the element.
  const data = JSON.stringify(page).replace(/</g, '\\u003c');
  return tags
    .reduce((page, tag) => page.replace(tag, ''), html)
    .replace('</head>', `<style>${frame.css}</style></head>`)
    .replace(
      '<noscript>',
      `<script type="application/json" id="${FRAME_DATA_ID}">${data}</script><script src="/${frame.script}"></script><noscript>`,
    );
}
