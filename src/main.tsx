import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from './api/session';
import { App, preloadPublicPage } from './App';
import { startUserLoad } from './auth/user';
import { initI18n } from './i18n';
import './styles.css';

// The texts first: the first render waits for them.
const textsReady = initI18n();

// The page's code (for a page behind the login: the user info, then the portal's chunk, layout and screen) is
// fetched while the texts load, not after them (issue 11, point 4).
if (session.isLoggedIn()) {
  startUserLoad();
  // A failed download here is retried, and reported, by the route that renders the portal.
  import('./PortalApp').then((portal) => portal.preloadPortal(window.location.pathname)).catch(() => {});
} else {
  preloadPublicPage(window.location.pathname);
}

const root = createRoot(document.getElementById('root')!);
// Rendered as a transition: React then renders the first page in slices of a few milliseconds, yielding to
// the browser between them, instead of one long task that blocks input (Lighthouse total blocking time).
void textsReady.finally(() => startTransition(() => root.render(<App />)));
