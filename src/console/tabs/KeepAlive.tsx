import { useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';
import { matchRoute } from '../../engine/routes/buildRoutes';
import { useMenuTitle } from '../layout/useMenuTitle';
import { ConsolePages } from '../ConsolePages';
import { MAX_ALIVE, tabsStore, useTabs } from './tabsStore';

/** The title a tab shows for a location. */
export function useTabTitle() {
  const { t } = useTranslation();
  const { routes } = useSession();
  const title = useMenuTitle();
  return (pathname: string) => {
    if (pathname === '/home') return { title: t('layout.dashboard'), affix: true, noCache: false };
    if (pathname === '/profile/updatePassword') return { title: t('layout.changePassword'), affix: false, noCache: true };
    const match = matchRoute(routes, pathname);
    if (!match) return { title: pathname, affix: false, noCache: true };
    const view = /\/(add|edit|detail)(\/|$)/.exec(pathname)?.[1];
    const base = title(match.route.meta.title);
    return { title: view ? `${base} · ${t(`engine.view.${view}`)}` : base, affix: Boolean(match.route.meta.affix), noCache: Boolean(match.route.meta.noCache) };
  };
}

/**
 * Renders the pages of recently used tabs and hides all but the active one, so switching tabs keeps
 * a page's state (scroll, half-filled forms). At most MAX_ALIVE stay mounted; noCache pages never do.
 */
export function KeepAlive() {
  const location = useLocation();
  const { tabs, active, generation, epoch } = useTabs();
  const { info } = useSession();
  const tabTitle = useTabTitle();
  const recent = useRef<string[]>([]);
  const fullPath = location.pathname + location.search;

  useEffect(() => {
    if (!info) return;
    tabsStore.restore(info.code, [{ path: '/home', fullPath: '/home', ...tabTitle('/home') }]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info?.code]);

  useEffect(() => {
    if (location.pathname.startsWith('/redirect/')) return;
    const meta = tabTitle(location.pathname);
    tabsStore.visit(fullPath, meta.title, meta);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullPath, info]);

  const activeTab = tabs.find((t) => t.key === active && t.fullPath === fullPath);
  if (activeTab) recent.current = [activeTab.key, ...recent.current.filter((k) => k !== activeTab.key)].slice(0, MAX_ALIVE);

  const alive = useMemo(
    () => tabs.filter((t) => t.key !== activeTab?.key && !t.noCache && recent.current.includes(t.key)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tabs, activeTab?.key],
  );

  return (
    <>
      {alive.map((t) => (
        <div key={`${t.key}:${generation[t.key] ?? 0}:${epoch}`} hidden className="keep-alive">
          <ConsolePages location={t.fullPath} />
        </div>
      ))}
      <div key={`${activeTab?.key ?? fullPath}:${activeTab ? generation[activeTab.key] ?? 0 : 0}:${epoch}`} className="keep-alive keep-alive--active">
        <ConsolePages location={location} />
      </div>
    </>
  );
}
