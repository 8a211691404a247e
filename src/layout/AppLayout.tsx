import { ThemedLayout } from '@refinedev/antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { routeKeyFor } from '../routing/menu';
import { useMenuTitle } from '../routing/useMenuOverrides';
import { PRODUCT_NAME } from '../ui/Logo';
import { RouteChangeProgress, RouteProgress } from '../ui/RouteProgress';
import { AppHeader } from './AppHeader';
import { AppSider } from './AppSider';
import { SessionDialog } from './SessionDialog';
import { SidebarProvider } from './SidebarContext';
import './layout.css';

function DocumentTitle() {
  const { i18n } = useTranslation();
  const title = useMenuTitle();
  const { pathname } = useLocation();
  useEffect(() => {
    const key = routeKeyFor(pathname);
    document.title = key ? `${title(key)} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pathname, title, i18n.language]);
  return null;
}

/** The main layout (spec §2): @refinedev/antd's ThemedLayout with our sider (300 px, drawer below 992 px) and header. */
export default function AppLayout() {
  return (
    <SidebarProvider>
      <DocumentTitle />
      <RouteChangeProgress />
      <ThemedLayout Sider={AppSider} Header={AppHeader}>
        <Suspense fallback={<RouteProgress />}>
          <Outlet />
        </Suspense>
      </ThemedLayout>
      <SessionDialog />
    </SidebarProvider>
  );
}
