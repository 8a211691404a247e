import { Layout } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { routeKeyFor } from '../routing/menu';
import { useMenuTitle } from '../routing/useMenuOverrides';
import { PRODUCT_NAME } from '../ui/Logo';
import { RouteChangeProgress, RouteProgress } from '../ui/RouteProgress';
import { useScreens } from '../ui/useScreens';
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

/**
 * The main layout (spec §2): our sider (300 px, drawer below 992 px) and header around the page, laid out as
 * @refinedev/antd's ThemedLayout does. Written with antd's Layout instead of importing ThemedLayout: that
 * package's entry also brings its Markdown field (react-markdown, micromark), some 50 kB of compressed
 * JavaScript every page would wait for.
 */
export default function AppLayout() {
  // ThemedLayout's page padding: 24 px from the sm breakpoint, 12 px on a phone.
  const wide = useScreens().sm;
  return (
    <SidebarProvider>
      <DocumentTitle />
      <RouteChangeProgress />
      <Layout style={{ minHeight: '100vh' }} hasSider>
        <AppSider />
        <Layout>
          <AppHeader />
          <Layout.Content>
            <div style={{ minHeight: 360, padding: wide ? 24 : 12 }}>
              <Suspense fallback={<RouteProgress />}>
                <Outlet />
              </Suspense>
            </div>
          </Layout.Content>
        </Layout>
      </Layout>
      <SessionDialog />
    </SidebarProvider>
  );
}
