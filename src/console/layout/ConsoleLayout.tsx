import { useEffect } from 'react';
import { Button, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { settingsStore, useSettings } from '../settings/store';
import { useSession } from '../../engine/session/store';
import { matchRoute } from '../../engine/routes/buildRoutes';
import { Sidebar } from './Sidebar';
import { Breadcrumbs } from './Breadcrumbs';
import { UserMenu } from './UserMenu';
import { LanguageMenu } from './LanguageMenu';
import { useMenuTitle } from './useMenuTitle';

/** The back-office frame: sidebar, top bar and the routed page (spec §2.6). */
export default function ConsoleLayout() {
  const settings = useSettings();
  const { t } = useTranslation();
  const { routes, info } = useSession();
  const { pathname } = useLocation();
  const title = useMenuTitle();

  // Spec §1: the translated route title, then the organisation's group name or the product title.
  useEffect(() => {
    const match = matchRoute(routes, pathname);
    const page = pathname === '/home' ? t('layout.dashboard') : match ? title(match.route.meta.title) : '';
    const group = info?.party.groupName || t('app.productName');
    document.title = page ? `${page} - ${group}` : group;
  }, [routes, pathname, info, t, title]);

  const toggle = () => settingsStore.update({ sidebarOpened: !settings.sidebarOpened });
  return (
    <Layout className="console-layout">
      <Sidebar collapsed={!settings.sidebarOpened} showLogo={settings.sidebarLogo} />
      <Layout>
        <Layout.Header className={settings.fixedHeader ? 'console-header console-header--fixed' : 'console-header'}>
          <Button type="text" className="hamburger" onClick={toggle} aria-label={t('layout.toggleSidebar')} aria-expanded={settings.sidebarOpened}
            icon={settings.sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />} />
          <Breadcrumbs />
          <div className="console-header__right">
            <LanguageMenu />
            <UserMenu />
          </div>
        </Layout.Header>
        <Layout.Content className="console-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
