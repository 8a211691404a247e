import { LogoutOutlined, MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useLogout } from '@refinedev/core';
import { Breadcrumb, Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { ComplaintNews } from '../features/complaints/ComplaintNews';
import { NotificationBell } from '../features/messages/NotificationBell';
import { breadcrumbFor } from '../../permissions/routes';
import { useMenuTitle } from '../routing/useMenuOverrides';
import { useSidebar } from './SidebarContext';

export function AppHeader() {
  const { t } = useTranslation();
  const title = useMenuTitle();
  const { status, toggle } = useSidebar();
  const location = useLocation();
  const { mutate: logout, isPending } = useLogout();
  const trail = breadcrumbFor(location.pathname);
  const mobile = status === 'mobile';
  const toggleIcon = mobile ? <MenuOutlined /> : status === 'open' ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />;

  return (
    <Layout.Header className="app-header">
      <Button type="text" icon={toggleIcon} onClick={toggle} aria-label={t('common:header.toggleMenu')} data-testid="sider-toggle" />
      <div className="app-header__crumbs">
        {mobile ? (
          <span className="app-header__title">{trail.length ? title(trail[trail.length - 1]!.key) : ''}</span>
        ) : (
          <Breadcrumb
            aria-label={t('common:breadcrumb')}
            items={trail.map((node, index) => ({
              key: node.key,
              title: index < trail.length - 1 && !node.children ? <Link to={node.path}>{title(node.key)}</Link> : title(node.key),
            }))}
          />
        )}
      </div>
      <div className="app-header__actions">
        <LanguageSwitcher compact={mobile} />
        <NotificationBell />
        <ComplaintNews />
        <Button type="text" icon={<LogoutOutlined />} loading={isPending} onClick={() => logout()} data-testid="logout">
          {mobile ? null : t('common:actions.logout')}
        </Button>
      </div>
    </Layout.Header>
  );
}
