import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useSearchParams } from 'react-router';
import { session } from './api/session';
import { isLanguage, type Language } from './i18n';
import { loggedInOnThisPage } from './providers/auth';
import { lazyScreen } from './routing/lazyScreen';
import { safeRedirect } from './providers/redirect';
import { nextTask } from './ui/afterPaint';
import { ApiUiBridge } from './ui/ApiUiBridge';
import { loadAntdLocale, loadedAntdLocale } from './ui/antdLocale';
import { LoadingOverlay } from './ui/LoadingOverlay';
import { RouteProgress } from './ui/RouteProgress';
import { Splash } from './ui/Splash';
import { theme, themeWithoutMotion } from './ui/theme';
import { usePrefersReducedMotion } from './ui/useReducedMotion';

/** The public pages by path, each loaded on its first visit or ahead of it (preloadPublicPage). */
const PUBLIC_PAGES = {
  '/login': lazyScreen(() => import('./features/account/LoginPage')),
  '/shareregister': lazyScreen(() => import('./features/account/ShareRegisterPage')),
  '/forgetpassword': lazyScreen(() => import('./features/account/ForgetPasswordPage')),
  '/resetpassword': lazyScreen(() => import('./features/account/ResetPasswordPage')),
  '/forgetusername': lazyScreen(() => import('./features/account/ForgetUserNamePage')),
  '/register': lazyScreen(() => import('./features/account/RegisterPage')),
  '/privacy': lazyScreen(() => import('./features/account/PrivacyPage')),
};
const LoginPage = PUBLIC_PAGES['/login'];
const NotFoundPage = lazy(() => import('./layout/NotFoundPage'));
const UnauthorizedPage = lazy(() => import('./layout/UnauthorizedPage'));
const ShareRegisterPage = PUBLIC_PAGES['/shareregister'];
const ForgetPasswordPage = PUBLIC_PAGES['/forgetpassword'];
const ResetPasswordPage = PUBLIC_PAGES['/resetpassword'];
const ForgetUserNamePage = PUBLIC_PAGES['/forgetusername'];
const RegisterPage = PUBLIC_PAGES['/register'];
const PrivacyPage = PUBLIC_PAGES['/privacy'];

/**
 * The start of a page for someone not logged in (src/main.tsx): the page's code is fetched beside the texts
 * instead of once they have loaded (issue 11, point 4); any other path leads to the login page. Paths match
 * without regard to case, as the routes do.
 */
export async function preloadPublicPage(pathname: string): Promise<void> {
  const page = PUBLIC_PAGES[pathname.toLowerCase().replace(/\/+$/, '') as keyof typeof PUBLIC_PAGES] ?? PUBLIC_PAGES['/login'];
  // A failed download here is tried again, and reported, when the route renders.
  await page.preload().catch(() => {});
}
/** Refine, the layout and the screens: only loaded for the pages behind the login. */
const PortalApp = lazyScreen(() => import('./PortalApp'));

/**
 * The start of a page behind the login (src/main.tsx): the portal's chunk, the user info, the layout and the
 * page's screen, fetched while the texts load instead of after them (issue 11, point 4). Settles when they are
 * there or failed (the route that renders them asks again and says why).
 */
export async function preloadPortalPage(pathname: string): Promise<void> {
  // The ability first, in a task of its own: the route table with every resource declaration and their schemas.
  // Evaluated with the portal's chunk, the two took one task of some 170 ms on a slow machine (a trace's module
  // evaluations, issue 11, point 4); the portal's chunk then evaluates in the next task. Its own import of the
  // ability finds it evaluated; a failed download here is tried again, and reported, by that import.
  await import('./auth/ability').catch(() => {});
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

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<RouteProgress />}>{children}</Suspense>;
}

/** Spec §2: a logged-in user who opens the login path is sent to the root. */
function PublicOnly({ children }: { children: ReactNode }) {
  // A login made on this page navigates to its redirect target itself; do not race it to the root.
  if (session.isLoggedIn()) return loggedInOnThisPage() ? null : <Navigate to="/" replace />;
  return <>{children}</>;
}

/** /middleRouter: goes straight back to `redirect` (used to reload the current page). */
function MiddleRouter() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('redirect') ?? '/')} replace />;
}

/** Spec §2 routes: the public ones here; everything else is the portal behind the login. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/Login"
        element={
          <PublicOnly>
            <Lazy>
              <LoginPage />
            </Lazy>
          </PublicOnly>
        }
      />
      <Route
        path="/404"
        element={
          <Lazy>
            <NotFoundPage />
          </Lazy>
        }
      />
      <Route
        path="/401"
        element={
          <Lazy>
            <UnauthorizedPage />
          </Lazy>
        }
      />
      <Route path="/middleRouter" element={<MiddleRouter />} />
      {/* Public with or without a session: an invitation or a mailed link may be opened in a logged-in browser. */}
      <Route
        path="/shareRegister"
        element={
          <Lazy>
            <ShareRegisterPage />
          </Lazy>
        }
      />
      <Route
        path="/ForgetPassword"
        element={
          <Lazy>
            <ForgetPasswordPage />
          </Lazy>
        }
      />
      <Route
        path="/ResetPassword"
        element={
          <Lazy>
            <ResetPasswordPage />
          </Lazy>
        }
      />
      <Route
        path="/ForgetUserName"
        element={
          <Lazy>
            <ForgetUserNamePage />
          </Lazy>
        }
      />
      <Route
        path="/Register"
        element={
          <PublicOnly>
            <Lazy>
              <RegisterPage />
            </Lazy>
          </PublicOnly>
        }
      />
      <Route
        path="/privacy"
        element={
          <Lazy>
            <PrivacyPage />
          </Lazy>
        }
      />
      <Route
        path="*"
        element={
          <Suspense
            fallback={
              <>
                <RouteProgress />
                <Splash />
              </>
            }
          >
            <PortalApp />
          </Suspense>
        }
      />
    </Routes>
  );
}

function useAntdLocale(): Locale | undefined {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const [locale, setLocale] = useState(() => loadedAntdLocale(language));
  useEffect(() => {
    let active = true;
    // A new locale re-renders every antd component: in slices (a transition), not one long task.
    void loadAntdLocale(language).then((loaded) => active && startTransition(() => setLocale(loaded)));
    return () => {
      active = false;
    };
  }, [language]);
  return locale;
}

function Shell() {
  const locale = useAntdLocale();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider theme={reducedMotion ? themeWithoutMotion : theme} locale={locale}>
      <AntdApp>
        <ApiUiBridge />
        <LoadingOverlay />
        <AppRoutes />
      </AntdApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <Shell />
    </BrowserRouter>
  );
}
