import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { leafRoutes, ROUTES, type RouteNode } from '../permissions/routes';
import { session } from './api/session';
import { apiUi } from './api/ui';
import { canAccessKey } from './auth/ability';
import { AbilityRoot } from './auth/AbilityRoot';
import { useUser } from './auth/useUser';
import { expectedUser, isUserLoaded, takeUserLoad } from './auth/user';
import AppLayout from './layout/AppLayout';
import { accessControlProvider } from './providers/access';
import { authProvider } from './providers/auth';
import { dataProvider } from './providers/data';
import { i18nProvider } from './providers/i18n';
import { useNotificationProvider } from './providers/notification';
import { routeKeyFor } from './routing/menu';
import { hasScreen, SCREENS } from './routing/screens';
import { askMenuOverridesEarly } from './routing/useMenuOverrides';
import { Logo, PRODUCT_NAME } from './ui/Logo';
import { Splash } from './ui/Splash';

/**
 * A cold start of a page behind the login, called as soon as this chunk arrives (src/App.tsx): waits for the user
 * info main.tsx asked for, the user's menu overrides and the page's screen with what its loader asks ahead (the
 * dashboard's variant, the storage list's first calls; the chunks themselves are on their way since the page's
 * HTML named them, build/route-preloads.ts). Settles when they are there (or failed: the route that renders them
 * asks again and says why). The layout is part of this chunk: every page behind the login shows it, and its components (menu,
 * drawer, dropdowns) then come in this one request instead of some thirty small chunks that Rollup would make
 * of the pieces each screen shares.
 */
export async function preloadPortal(pathname: string): Promise<void> {
  if (!session.isLoggedIn()) return;
  // The root goes on to the dashboard.
  const key = pathname === '/' ? 'dashboard' : routeKeyFor(pathname);
  const overrides = expectedUser().then((user) => (user ? askMenuOverridesEarly(user.username) : undefined));
  await Promise.allSettled([overrides, key ? SCREENS[key]?.preload() : undefined]);
}

/**
 * Everything behind the login, loaded after it: Refine with our providers, the route table's screens in
 * the layout. Kept out of the first chunk so the login page stays small.
 */
/**
 * Refine resources from the route table: one per route (groups as parents), hidden from Refine's own menu
 * helpers when hidden or not built yet. Resource declarations (resources/) add their endpoints as meta.
 */
export function buildResources(routes: readonly RouteNode[] = ROUTES, parent?: string): ResourceProps[] {
  return routes.flatMap((route): ResourceProps[] => {
    if (route.children) {
      return [
        { name: route.key, meta: { label: `menu:${route.key}`, icon: route.icon, parent } },
        ...buildResources(route.children, route.key),
      ];
    }
    const built = hasScreen(route.key);
    return [
      {
        name: route.key,
        ...(built ? { list: route.path } : {}),
        meta: { label: `menu:${route.key}`, icon: route.icon, parent, hide: route.hidden || !built },
      },
    ];
  });
}

const RESOURCES = buildResources();
const BUILT_ROUTES = leafRoutes().filter((r) => hasScreen(r.key));

/**
 * Everything behind the login: not logged in → /Login?redirect=<path with query>; logged in → the user
 * info is loaded once per page (a failure clears the token, returns to the root and says why).
 */
function RequireSession() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [ready, setReady] = useState(isUserLoaded);
  const loggedIn = session.isLoggedIn();

  useEffect(() => {
    if (ready || !loggedIn) return;
    let active = true;
    void takeUserLoad().then((result) => {
      if (!active) return;
      // The layout and the screen render in slices (a transition), not in one long task.
      if (result.ok) startTransition(() => setReady(true));
      else if ('message' in result) {
        apiUi.message(result.message);
        navigate('/', { replace: true });
      }
    });
    return () => {
      active = false;
    };
  }, [ready, loggedIn, navigate]);

  if (!ready && !loggedIn) {
    return <Navigate to={`/Login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  if (!ready) return <Splash label={t('common:loading')} />;
  return <Outlet />;
}

/** The root: a short splash, then the dashboard (spec §2). */
function RootSplash() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/dashboard', { replace: true }), 150);
    return () => clearTimeout(timer);
  }, [navigate]);
  return <Splash label={t('common:loading')} />;
}

/**
 * A route the user's roles do not allow → the 401 page, replacing history, with no way 'back' (spec §2). Asked
 * of the ability directly, as the access-control provider answers Refine (providers/access.ts), instead of
 * through Refine's <CanAccess>: that one waits for a query, so the screen rendered in a second pass, painted a
 * frame after the layout. Checked again when the user changes.
 */
function RouteGuard({ routeKey, children }: { routeKey: string; children: ReactNode }) {
  useUser();
  return canAccessKey(routeKey, 'access') ? children : <Navigate to="/401?noGoBack=true" replace />;
}

export function PortalRoutes() {
  return (
    <Routes>
      <Route element={<RequireSession />}>
        <Route index element={<RootSplash />} />
        <Route element={<AppLayout />}>
          {BUILT_ROUTES.map((route) => {
            const Screen = SCREENS[route.key]!;
            return (
              <Route
                key={route.key}
                path={route.path}
                element={
                  <RouteGuard routeKey={route.key}>
                    <Screen />
                  </RouteGuard>
                }
              />
            );
          })}
        </Route>
      </Route>
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}

export default function PortalApp() {
  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={useNotificationProvider}
      resources={RESOURCES}
      options={{
        disableTelemetry: true,
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        title: { text: PRODUCT_NAME, icon: <Logo size={24} /> },
        reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
      }}
    >
      <AbilityRoot>
        <PortalRoutes />
      </AbilityRoot>
    </Refine>
  );
}
