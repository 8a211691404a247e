import { startTransition } from 'react';
import { session } from './api/session';
import { startUserLoad } from './auth/user';
import { stylesheetsLoaded } from './boot/stylesheets';
import { initialLanguage, initI18n } from './i18n';
import { preloadPortalPage, preloadPublicPage } from './routing/pageModules';
import { nextTask } from './ui/afterPaint';
import { loadAntdLocale } from './ui/antdLocale';
import './styles.css';

const language = initialLanguage();
// The texts first: the first render waits for them.
const textsReady = initI18n(language);

// The page's code (for a page behind the login: the user info, then the portal's chunk, layout and screen) and
// antd's texts in the page's language are fetched while the texts load, not after them.
let pageReady: Promise<unknown>;
if (session.isLoggedIn()) {
  startUserLoad();
  pageReady = preloadPortalPage(window.location.pathname);
} else {
  pageReady = preloadPublicPage(window.location.pathname);
}

/**
 * React's renderer, then antd's core, then the app's shell, each evaluated in a task of its own. Imported
 * statically, the entry's evaluation was one task of 130-160 ms on a two-core machine (a trace's module
 * evaluations), all of it blocking input. Their files are fetched together all the same
 * (Vite preloads a dynamic import's chunks with it, and a page's frame asks for them at once).
 */
async function loadShell() {
  const { createRoot } = await import('react-dom/client');
  await nextTask();
  await import('./boot/antdCore');
  await nextTask();
  const { App } = await import('./App');
  return { createRoot, App };
}

// The first render waits until the page has all it needs, its stylesheets too (index.html's product mark or the
// page's frame, src/boot/frame.ts, shows meanwhile): a component whose code is still on its way would show its
// fallback, and React then holds back the page for 300 ms after the last fallback (its throttle of Suspense
// reveals). Rendered as a transition: React renders the page in slices of a few milliseconds, yielding to the
// browser between them, instead of one long task that blocks input (Lighthouse total blocking time).
void Promise.all([loadShell(), Promise.allSettled([textsReady, pageReady, loadAntdLocale(language), stylesheetsLoaded()])]).then(
  ([{ createRoot, App }]) => {
    const root = createRoot(document.getElementById('root')!);
    startTransition(() => root.render(<App />));
  },
);
