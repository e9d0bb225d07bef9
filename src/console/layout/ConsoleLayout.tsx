import { memo, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Button, Drawer, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { settingsStore, useSettings } from '../settings/store';
import { useSession } from '../../engine/session/store';
import { sessionApi } from '../../engine/session/api';
import { useTabTitle } from '../tabs/KeepAlive';
import { setPagesSlot } from '../tabs/pagesSlot';
import { TagsView } from '../tabs/TagsView';
import { PAGE_TITLE_ID } from '../tabs/pageFocus';
import { ErrorLogButton } from '../errorLog/ErrorLogButton';
import { Sidebar, SIDEBAR_WIDTH } from './Sidebar';
import { Breadcrumbs } from './Breadcrumbs';
import { UserMenu } from './UserMenu';
import { LanguageMenu } from './LanguageMenu';
import { RouteSearch } from './RouteSearch';
import { FullscreenButton, SettingsButton, SizeMenu } from './HeaderTools';
import { SettingsDrawer } from './SettingsDrawer';
import { TodoShortcuts } from './TodoShortcuts';
import { SystemsMenu } from './SystemsMenu';
import { RouteProgress } from './RouteProgress';
import { useDevice } from './useDevice';
import { useElementWidth } from './useElementWidth';
import { preloadSchemaPageCode } from '../preloadPages';
import { whenIdle, whenSettled } from '../../utils/whenIdle';
import { useKeyboardScroll } from '../../widgets/useKeyboardScroll';

const COMPACT_TODO_BELOW = 1400;

/**
 * The layout re-renders at every navigation (the title, the usage log, the mobile sidebar follow the
 * address); the parts below do not depend on it and are kept out of that re-render.
 */
const HeaderRight = memo(function HeaderRight({ mobile, onSettings }: { mobile: boolean; onSettings: () => void }) {
  return (
    <div className="console-header__right">
      <RouteSearch compact={mobile} />
      <ErrorLogButton />
      <SystemsMenu />
      {!mobile && <FullscreenButton />}
      {!mobile && <SizeMenu />}
      <LanguageMenu />
      <SettingsButton onOpen={onSettings} />
      <UserMenu />
    </div>
  );
});
const KeptTodoShortcuts = memo(TodoShortcuts);
const KeptSettingsDrawer = memo(SettingsDrawer);
const KeptSidebar = memo(Sidebar);

/** The back-office frame (spec §2.6): sidebar, top bar, open-page tabs and the pages themselves. */
export default function ConsoleLayout() {
  const settings = useSettings();
  const { t } = useTranslation();
  const { info } = useSession();
  const { pathname } = useLocation();
  const device = useDevice();
  const mobile = device === 'mobile';
  const [mobileOpen, setMobileOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const tabTitle = useTabTitle();
  const subbar = useRef<HTMLDivElement>(null);
  // Any table of any page that overflows sideways (an empty related list, a wide sub-table) can be
  // scrolled from the keyboard.
  const main = useRef<HTMLElement>(null);
  useKeyboardScroll(main, t('layout.scrollableTable'));
  // Six shortcuts and "more" need about 640 px; below this the tabs would be left too little.
  const compactTodo = useElementWidth(subbar) < COMPACT_TODO_BELOW;

  // Most visits go on to a schema page: its renderer and list view are fetched once the first
  // screen has settled (or sooner, see the sidebar), so the first list opens without waiting for code.
  useEffect(() => whenSettled(preloadSchemaPageCode), []);

  // Spec §4: on becoming mobile, and on every route change there, the sidebar closes.
  useEffect(() => setMobileOpen(false), [mobile, pathname]);

  // Spec §1: the translated route title, then the organisation's group name or the product title.
  // The platform's own group is named in the reader's language (the stored name is Chinese); a
  // customer's group name is its own proper name and is shown as the customer wrote it.
  const pageTitle = tabTitle(pathname).title;
  useEffect(() => {
    const group = info?.party.kind === 'platform' ? t('app.companyName') : info?.party.groupName || t('app.productName');
    document.title = pageTitle ? `${pageTitle} - ${group}` : group;
  }, [pageTitle, info, t]);

  // Usage log: every page visit, sent once the page is drawn (the request's own work would delay
  // it), and never cancelled, so a visit left at once is logged too.
  useEffect(() => {
    if (pathname.startsWith('/redirect/')) return;
    const entry = { sysName: 'console', sysPath: pathname, content: pageTitle, action: 'visit' };
    whenIdle(() => void sessionApi.userLog(entry).catch(() => undefined));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  // The address is the router's (a hash route): the link only moves the focus.
  const skipToMain = (e: MouseEvent) => {
    e.preventDefault();
    document.getElementById(PAGE_TITLE_ID)?.focus();
  };
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);
  const closeMobileSidebar = useCallback(() => setMobileOpen(false), []);
  const toggle = () => (mobile ? setMobileOpen((o) => !o) : settingsStore.update({ sidebarOpened: !settings.sidebarOpened }));
  const expanded = mobile ? mobileOpen : settings.sidebarOpened;
  return (
    <Layout className={`console-layout console-layout--${device}`} style={{ ['--sidebar-width' as string]: `${SIDEBAR_WIDTH}px` }}>
      {/* The first thing a Tab reaches: past the menu and the header, straight to the page. */}
      <a className="skip-link" href="#main-content" onClick={skipToMain}>
        {t('layout.skipToContent')}
      </a>
      <RouteProgress />
      {mobile ? (
        <Drawer
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          placement="left"
          width={SIDEBAR_WIDTH}
          closable={false}
          styles={{ body: { padding: 0, background: '#001529' } }}
          className="console-drawer"
          data-testid="mobile-sidebar"
        >
          <KeptSidebar collapsed={false} showLogo={settings.sidebarLogo} onNavigate={closeMobileSidebar} />
        </Drawer>
      ) : (
        <KeptSidebar collapsed={!settings.sidebarOpened} showLogo={settings.sidebarLogo} />
      )}
      <Layout className="console-main">
        <div className={settings.fixedHeader ? 'console-top console-top--fixed' : 'console-top'}>
          <Layout.Header className="console-header">
            <Button
              type="text"
              className="hamburger"
              onClick={toggle}
              aria-label={t('layout.toggleSidebar')}
              aria-expanded={expanded}
              data-testid="hamburger"
              icon={expanded ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
            />
            <Breadcrumbs />
            <HeaderRight mobile={mobile} onSettings={openSettings} />
          </Layout.Header>
          <div className="console-subbar" ref={subbar}>
            {settings.tagsView ? <TagsView /> : <div className="console-subbar__spacer" />}
            <KeptTodoShortcuts compact={mobile || compactTodo} />
          </div>
        </div>
        <Layout.Content className="console-content" id="main-content" tabIndex={-1} ref={main}>
          {/* One h1 per page: the page's title, which the breadcrumb and the tab show to the eye. */}
          <h1 className="sr-only" id={PAGE_TITLE_ID} tabIndex={-1}>
            {pageTitle || t('app.productName')}
          </h1>
          {/* The open tabs' pages are drawn here from beside the router (tabs/KeepAlive.tsx). */}
          <div className="console-pages" ref={setPagesSlot} />
        </Layout.Content>
      </Layout>
      <KeptSettingsDrawer open={settingsOpen} onClose={closeSettings} />
    </Layout>
  );
}
