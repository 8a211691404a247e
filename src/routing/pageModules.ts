import { nextTask } from '../ui/afterPaint';
import { lazyScreen } from './lazyScreen';

/*
 * The pages an app start may open, as modules loaded on demand, and their preloads. Apart from App.tsx, so that the
 * entry (src/main.tsx) starts fetching a page's code before React, antd and the app's shell are evaluated.
 */

/** The public pages by path, each loaded on its first visit or ahead of it (preloadPublicPage). */
export const PUBLIC_PAGES = {
  '/login': lazyScreen(() => import('../features/account/LoginPage')),
  '/shareregister': lazyScreen(() => import('../features/account/ShareRegisterPage')),
  '/forgetpassword': lazyScreen(() => import('../features/account/ForgetPasswordPage')),
  '/resetpassword': lazyScreen(() => import('../features/account/ResetPasswordPage')),
  '/forgetusername': lazyScreen(() => import('../features/account/ForgetUserNamePage')),
  '/register': lazyScreen(() => import('../features/account/RegisterPage')),
  '/privacy': lazyScreen(() => import('../features/account/PrivacyPage')),
};

/**
 * The start of a page for someone not logged in (src/main.tsx): the page's code is fetched beside the texts
 * instead of once they have loaded; any other path leads to the login page. Paths match
 * without regard to case, as the routes do.
 */
export async function preloadPublicPage(pathname: string): Promise<void> {
  const page = PUBLIC_PAGES[pathname.toLowerCase().replace(/\/+$/, '') as keyof typeof PUBLIC_PAGES] ?? PUBLIC_PAGES['/login'];
  // A failed download here is tried again, and reported, when the route renders.
  await page.preload().catch(() => {});
}

/** Refine, the layout and the screens: only loaded for the pages behind the login. */
export const PortalApp = lazyScreen(() => import('../PortalApp'));

/**
 * The start of a page behind the login (src/main.tsx): the portal's chunk, the user info, the layout and the
 * page's screen, fetched while the texts load instead of after them. Settles when they are
 * there or failed (the route that renders them asks again and says why).
 */
export async function preloadPortalPage(pathname: string): Promise<void> {
  // The ability first, in a task of its own: the route table with every resource declaration (their schemas are
  // built on first use, resources/types.ts). Evaluated with the portal's chunk, the two took one task of some
  // 170 ms on a slow machine (a trace's module evaluations); the portal's chunk then evaluates
  // in the next task. Its own import of the ability finds it evaluated; a failed download here is tried again, and
  // reported, by that import.
  await import('../auth/ability').catch(() => {});
  await nextTask();
  // Refine's core likewise: with its CommonJS dependencies (qs and its polyfills, the devtools' stack parser) it
  // was half of the portal chunk's evaluation, one task of 70-120 ms on a slow machine.
  // Only `Refine` named: the rest of its exports stay tree-shaken, as the portal chunk's own imports leave them.
  await import('@refinedev/core').then(({ Refine }) => Refine).catch(() => {});
  await nextTask();
  await PortalApp.preload()
    .then((portal) => portal.preloadPortal(pathname))
    .catch(() => {});
}
