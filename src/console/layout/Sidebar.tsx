import { useCallback, useMemo, useRef, useState, useEffect } from 'react';
import { Layout, Menu, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';
import type { RouteEntry } from '../../engine/routes/buildRoutes';
import { MenuIcon } from './icons';
import { useMenuTitle } from './useMenuTitle';
import { preloadSchemaPageCode } from '../preloadPages';

export const SIDEBAR_WIDTH = 210;

type Item = Required<MenuProps>['items'][number];

function isExternal(path: string) {
  return /^https?:\/\//.test(path);
}

/** Parents of the entry that owns the path, so the right submenu is open. */
function ancestorsOf(routes: RouteEntry[], pathname: string, trail: string[] = []): string[] | null {
  for (const r of routes) {
    if (pathname === r.path || pathname.startsWith(`${r.path}/`)) {
      const deeper = ancestorsOf(r.children, pathname, [...trail, r.path]);
      return deeper ?? trail;
    }
  }
  return null;
}

export function Sidebar({ collapsed, showLogo, onNavigate }: { collapsed: boolean; showLogo: boolean; onNavigate?: () => void }) {
  const { routes } = useSession();
  const { t } = useTranslation();
  const title = useMenuTitle();
  const navigate = useNavigate();
  const { pathname: address } = useLocation();
  // Every menu item reads the selection, so a new one re-renders the whole menu (~150 items). The
  // highlight follows the address in a render of its own, right after the page has been shown,
  // instead of holding up the navigation's render.
  const [pathname, setPathname] = useState(address);
  useEffect(() => {
    if (address === pathname) return undefined;
    const timer = setTimeout(() => setPathname(address), 0);
    return () => clearTimeout(timer);
  }, [address, pathname]);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorsOf(routes, pathname) ?? []);

  useEffect(() => {
    if (collapsed) return;
    const wanted = ancestorsOf(routes, pathname) ?? [];
    // The same keys again must not be a new array: the menu would re-render every item for nothing.
    setOpenKeys((open) => (open.join('\n') === wanted.join('\n') ? open : wanted));
  }, [pathname, routes, collapsed]);

  const selected = useMemo(() => {
    const flat: string[] = [];
    const walk = (list: RouteEntry[]) =>
      list.forEach((r) => {
        flat.push(r.path);
        walk(r.children);
      });
    walk(routes);
    return flat
      .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
      .sort((a, b) => b.length - a.length)
      .slice(0, 1);
  }, [routes, pathname]);

  const items = useMemo(() => {
    // Spec §2.6: a hidden item is not shown unless it is in the selected list (the open page and its parents).
    const shown = new Set([...selected, ...(selected[0] ? (ancestorsOf(routes, selected[0]) ?? []) : [])]);
    const build = (list: RouteEntry[]): Item[] =>
      list
        .filter((r) => !r.meta.hidden || shown.has(r.path))
        .map((r) => {
          const children = build(r.children);
          return {
            key: r.path,
            icon: r.meta.icon !== undefined ? <MenuIcon name={r.meta.icon} /> : undefined,
            // Long labels (es, ja) end in an ellipsis at 210 px; the whole title shows on hover.
            label: <span title={title(r.meta.title)}>{title(r.meta.title)}</span>,
            children: children.length ? children : undefined,
          } as Item;
        });
    return build(routes);
  }, [routes, title, selected]);

  const onClick: NonNullable<MenuProps['onClick']> = ({ key }) => {
    const route = findRoute(routes, key);
    const url = route?.meta.url;
    if (isExternal(key) || (url && isExternal(url))) {
      window.open(isExternal(key) ? key : url!, '_blank', 'noopener');
      return;
    }
    navigate(key);
    onNavigate?.();
  };

  // The menu hands its handlers to every item through its context: new ones at each render of the
  // sidebar (every navigation reads the location here) re-rendered all ~150 items once more per page
  // switch. The element is kept until what it shows changes; the handlers read the latest render.
  const latest = useRef({ onClick, routes });
  latest.current = { onClick, routes };
  const click = useCallback<NonNullable<MenuProps['onClick']>>((info) => latest.current.onClick(info), []);
  const openChange = useCallback((keys: string[]) => {
    const { routes } = latest.current;
    // Spec §2.6: one open submenu at a time.
    setOpenKeys(keys.length ? [keys[keys.length - 1]].flatMap((k) => [...(ancestorsOf(routes, k) ?? []), k]) : []);
  }, []);
  const menu = useMemo(
    () => (
      <Menu
        theme="dark"
        mode="inline"
        items={items}
        selectedKeys={selected}
        onClick={click}
        openKeys={collapsed ? undefined : openKeys}
        onOpenChange={openChange}
      />
    ),
    [items, selected, click, collapsed, openKeys, openChange],
  );

  return (
    <Layout.Sider
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
      {menu}
    </Layout.Sider>
  );
}

function findRoute(routes: RouteEntry[], path: string): RouteEntry | undefined {
  for (const r of routes) {
    if (r.path === path) return r;
    const c = findRoute(r.children, path);
    if (c) return c;
  }
  return undefined;
}
