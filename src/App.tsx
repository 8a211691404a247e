import { App as AntdApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes, useSearchParams } from 'react-router';
import { session } from './api/session';
import { isLanguage, type Language } from './i18n';
import { loggedInOnThisPage } from './providers/auth';
import { PortalApp, PUBLIC_PAGES } from './routing/pageModules';
import { safeRedirect } from './providers/redirect';
import { ApiUiBridge } from './ui/ApiUiBridge';
import { loadAntdLocale, loadedAntdLocale } from './ui/antdLocale';
import { LoadingOverlay } from './ui/LoadingOverlay';
import { RouteProgress } from './ui/RouteProgress';
import { Splash } from './ui/Splash';
import { theme, themeWithoutMotion } from './ui/theme';
import { usePrefersReducedMotion } from './ui/useReducedMotion';

const LoginPage = PUBLIC_PAGES['/login'];
const NotFoundPage = lazy(() => import('./layout/NotFoundPage'));
const UnauthorizedPage = lazy(() => import('./layout/UnauthorizedPage'));
const ShareRegisterPage = PUBLIC_PAGES['/shareregister'];
const ForgetPasswordPage = PUBLIC_PAGES['/forgetpassword'];
const ResetPasswordPage = PUBLIC_PAGES['/resetpassword'];
const ForgetUserNamePage = PUBLIC_PAGES['/forgetusername'];
const RegisterPage = PUBLIC_PAGES['/register'];
const PrivacyPage = PUBLIC_PAGES['/privacy'];

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
