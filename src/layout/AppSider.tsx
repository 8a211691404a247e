import { Drawer, Layout, Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useUser } from '../auth/useUser';
import { SystemSelector } from '../features/monitoring/shared/selector/SystemSelector';
import { buildMenu, type MenuEntry } from '../routing/menu';
import { useMenuOverrides, useMenuTitle } from '../routing/useMenuOverrides';
import { hasScreen } from '../routing/screens';
import { Logo, PRODUCT_NAME } from '../ui/Logo';
import { routeIcon } from './icons';
import { selectedMenu } from './selectedMenu';
import { useSidebar } from './SidebarContext';
import { SIDEBAR_WIDTH } from './sidebarState';

/** Clicking the entry of the page one is on reloads it through /middleRouter on these (spec §2). */
const RELOAD_ON_RECLICK = ['/dashboard', '/EnergyStorageList/energyStorageList'];

function SiderContent({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const user = useUser();
  const location = useLocation();
  const navigate = useNavigate();
  const { closeDrawer, isMobile } = useSidebar();
  const overrides = useMenuOverrides();
  const title = useMenuTitle();
  const entries = useMemo(() => buildMenu(user?.roles ?? [], user?.menuDenied ?? [], hasScreen, undefined, overrides), [user, overrides]);
  // A hidden route (a complaint's page, a form) highlights the entry it belongs to (permissions/routes.ts menuParent).
  const selected = selectedMenu(entries, location.pathname);

  const onEntryClick = (path: string) => (event: React.MouseEvent) => {
    if (isMobile) closeDrawer();
    if (path.toLowerCase() === location.pathname.toLowerCase() && RELOAD_ON_RECLICK.includes(path)) {
      event.preventDefault();
      navigate(`/middleRouter?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
    }
  };

  const toItem = (entry: MenuEntry): NonNullable<MenuProps['items']>[number] =>
    entry.children
      ? { key: entry.key, icon: routeIcon(entry.icon), label: title(entry.key), children: entry.children.map(toItem) }
      : {
          key: entry.key,
          icon: routeIcon(entry.icon),
          label: entry.external ? (
            <a href={entry.path} target="_blank" rel="noopener noreferrer">
              {title(entry.key)}
            </a>
          ) : (
            <Link to={entry.path} onClick={onEntryClick(entry.path)}>
              {title(entry.key)}
            </Link>
          ),
        };

  // Greeted by name (the display name), not by the login ID.
  const name = user?.name || user?.username || '';
  const profileBuilt = hasScreen('userInfoSettings');

  return (
    <div className="app-sider">
      <Link to="/dashboard" className="app-sider__brand" onClick={() => isMobile && closeDrawer()}>
        <Logo size={32} />
        {collapsed ? null : <span>{PRODUCT_NAME}</span>}
      </Link>
      {collapsed ? null : (
        <div className="app-sider__welcome" data-testid="welcome">
          {profileBuilt ? (
            <Link to="/BasicSettings/userInfoSettings" onClick={() => isMobile && closeDrawer()}>
              {t('common:sider.welcome', { name })}
            </Link>
          ) : (
            <span>{t('common:sider.welcome', { name })}</span>
          )}
        </div>
      )}
      {collapsed ? null : <SystemSelector onSelected={() => isMobile && closeDrawer()} />}
      <nav aria-label={t('common:sider.mainMenu')}>
        <Menu
          theme="dark"
          mode="inline"
          inlineCollapsed={collapsed}
          selectedKeys={selected.key ? [selected.key] : []}
          defaultOpenKeys={selected.group ? [selected.group] : []}
          items={entries.map(toItem)}
          style={{ borderInlineEnd: 0 }}
        />
      </nav>
    </div>
  );
}

/** The sider: a drawer on a phone, a collapsible column from 992 px. */
export function AppSider() {
  const { status, drawerOpen, closeDrawer } = useSidebar();
  if (status === 'mobile') {
    return (
      <Drawer
        placement="left"
        open={drawerOpen}
        onClose={closeDrawer}
        width={SIDEBAR_WIDTH}
        closable={false}
        styles={{ body: { padding: 0, background: '#0d2a2b' } }}
      >
        <SiderContent collapsed={false} />
      </Drawer>
    );
  }
  const collapsed = status === 'closed';
  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={72}
      collapsed={collapsed}
      trigger={null}
      style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto', flex: 'none' }}
    >
      <SiderContent collapsed={collapsed} />
    </Layout.Sider>
  );
}
