import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Layout } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';
import type { RouteEntry } from '../../engine/routes/buildRoutes';
import { useMenuTitle } from './useMenuTitle';
import { preloadSchemaPageCode } from '../preloadPages';
import { ancestorsOf, isExternal, openChain, selectedEntry } from './menuPaths';
import { SideNav, type NavActions } from './SideNav';
import { whenIdle } from '../../utils/whenIdle';
import './sideNav.css';

export const SIDEBAR_WIDTH = 210;

export function Sidebar({ collapsed, showLogo, onNavigate }: { collapsed: boolean; showLogo: boolean; onNavigate?: () => void }) {
  const { routes } = useSession();
  const { t } = useTranslation();
  const title = useMenuTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = useMemo(() => selectedEntry(routes, pathname), [routes, pathname]);
  const [open, setOpen] = useState<readonly string[]>(() => ancestorsOf(routes, selected) ?? []);

  // The group of the page shown is the one open, whichever way the page was reached (the menu, a
  // tab, the route search). Set during the render, so the page switch is one render, not two.
  const [openFor, setOpenFor] = useState(selected);
  if (openFor !== selected) {
    setOpenFor(selected);
    const wanted = selected ? ancestorsOf(routes, selected) : null;
    if (wanted && wanted.join('\n') !== open.join('\n')) setOpen(wanted);
  }

  const latest = useRef({ routes, navigate, onNavigate });
  latest.current = { routes, navigate, onNavigate };
  const actions = useMemo<NavActions>(
    () => ({
      collapsed,
      title,
      toggle: (path) => setOpen((o) => openChain(latest.current.routes, o, path)),
      follow: (entry: RouteEntry, e: MouseEvent<HTMLAnchorElement>) => {
        // An external page opens in a new tab by the link itself (spec §2.6); so does a page opened with a modifier.
        if (isExternal(entry.path) || isExternal(entry.meta.url)) return;
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        latest.current.navigate(entry.path);
        latest.current.onNavigate?.();
      },
    }),
    [collapsed, title],
  );

  // A page opened from elsewhere (a link, a reload) may sit below the fold of a long menu. Measured
  // once the page is drawn: measuring at once would force the new page's layout early.
  const sider = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      whenIdle(() => {
        const link = sider.current?.querySelector<HTMLElement>('.side-nav [aria-current=page]');
        const scroller = link?.closest<HTMLElement>('.ant-layout-sider-children');
        if (!link || !scroller) return;
        const box = scroller.getBoundingClientRect();
        const at = link.getBoundingClientRect();
        if (at.top < box.top || at.bottom > box.bottom) scroller.scrollTop += at.top - box.top - box.height / 2;
      }),
    [selected],
  );

  return (
    <Layout.Sider
      ref={sider}
      className="console-sider"
      width={SIDEBAR_WIDTH}
      collapsedWidth={64}
      collapsed={collapsed}
      trigger={null}
      theme="dark"
      // A hand or the keyboard on the menu: a page is about to open, so its code is fetched now.
      onPointerEnter={preloadSchemaPageCode}
      onFocus={preloadSchemaPageCode}
    >
      {showLogo && (
        <a className="console-logo" href="#/home" title={t('app.sidebarTitle')}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {!collapsed && <span>{t('app.sidebarTitle')}</span>}
        </a>
      )}
      <SideNav routes={routes} selected={selected} open={open} actions={actions} label={t('layout.menu')} />
    </Layout.Sider>
  );
}
