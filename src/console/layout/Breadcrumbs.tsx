import { useMemo } from 'react';
import { Breadcrumb } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';
import type { RouteEntry } from '../../engine/routes/buildRoutes';
import { useMenuTitle } from './useMenuTitle';

function trail(routes: RouteEntry[], pathname: string): RouteEntry[] {
  for (const r of routes) {
    if (pathname === r.path || pathname.startsWith(`${r.path}/`)) return [r, ...trail(r.children, pathname)];
  }
  return [];
}

/** Spec §2.6: always begins with the dashboard. */
export function Breadcrumbs() {
  const { routes } = useSession();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const title = useMenuTitle();
  const items = useMemo(() => {
    const list = trail(routes, pathname).filter((r) => r.path !== '/home');
    const sub = pathname.match(/\/(add|edit|detail)(\/|$)/)?.[1];
    // A directory holding one page of the same name ("Waybills / Waybills") is said once: the page.
    const named = list.map((r) => ({ r, text: title(r.meta.title) }));
    const trailItems = named.filter((x, i) => i === named.length - 1 || x.text !== named[i + 1].text);
    return [
      { key: 'home', title: pathname === '/home' ? t('layout.dashboard') : <Link to="/home">{t('layout.dashboard')}</Link> },
      ...trailItems.map(({ r, text }, i) => ({
        key: r.path,
        title: i < trailItems.length - 1 || sub ? r.component ? <Link to={r.path}>{text}</Link> : text : text,
      })),
      ...(sub ? [{ key: sub, title: t(`engine.view.${sub}`) }] : []),
    ];
  }, [routes, pathname, t, title]);
  return <Breadcrumb className="console-breadcrumb hide-mobile" items={items} />;
}
