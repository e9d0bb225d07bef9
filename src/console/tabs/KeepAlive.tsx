import { memo, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { NavigationType, UNSAFE_LocationContext, UNSAFE_RouteContext, parsePath, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';
import { matchRoute } from '../../engine/routes/buildRoutes';
import { useMenuTitle } from '../layout/useMenuTitle';
import { ConsolePages } from '../ConsolePages';
import { isPortalPath } from '../../routesSplit';
import { MAX_ALIVE, tabsStore, useTabs } from './tabsStore';
import { usePageFocus } from './pageFocus';
import { registerPageCloser } from '../../engine/renderers/pageClose';

export const HOME_TAB = '/portalShow';

/** The title a tab shows for a location. */
export function useTabTitle() {
  const { t } = useTranslation();
  const { routes } = useSession();
  const title = useMenuTitle();
  return (pathname: string) => {
    // Spec §2.2: the showcase is the affixed "home" tab (the portal shows it); the dashboard is the management centre.
    if (pathname === HOME_TAB) return { title: t('layout.home'), affix: true, noCache: true };
    if (pathname === '/home') return { title: t('menu.dashboard'), affix: true, noCache: false };
    if (pathname === '/profile/updatePassword') return { title: t('layout.changePassword'), affix: false, noCache: true };
    const match = matchRoute(routes, pathname);
    if (!match) return { title: pathname, affix: false, noCache: true };
    const view = /\/(add|edit|detail)(\/|$)/.exec(pathname)?.[1];
    const base = title(match.route.meta.title);
    return {
      title: view ? `${base} · ${t(`engine.view.${view}`)}` : base,
      affix: Boolean(match.route.meta.affix),
      noCache: Boolean(match.route.meta.noCache),
    };
  };
}

type PageLocation = Parameters<typeof ConsolePages>[0]['location'];
const addressOf = (l: PageLocation) => (typeof l === 'string' ? l : l.pathname + l.search);
const sameAddress = (a: { location: PageLocation }, b: { location: PageLocation }) => addressOf(a.location) === addressOf(b.location);
const Pages = memo(ConsolePages, sameAddress);

/**
 * One kept page, re-rendered only when its own address changes. React Router's <Routes> reads the
 * router's location and route contexts, which change at every navigation, and hands its pages a new
 * location context each time: every kept page (the one shown, and each hidden one) re-rendered
 * whole at every tab switch. Here the page sees contexts that change with its own address only.
 * Pages read no navigation state, so the active page may keep the location of its first render
 * for as long as its address stays the same.
 */
function PagesAt({ location }: { location: PageLocation }) {
  // The layout's route, the same for every address below it; kept from the first render.
  const outerRoute = useContext(UNSAFE_RouteContext);
  const [route] = useState(outerRoute);
  const address = addressOf(location);
  const value = useMemo(
    () => ({
      location:
        typeof location === 'string'
          ? { pathname: '/', search: '', hash: '', ...parsePath(location), state: null, key: 'default' }
          : location,
      navigationType: NavigationType.Pop,
    }),
    // The address stands for the location: a new location object with the same address keeps the page as it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [address],
  );
  return (
    <UNSAFE_RouteContext.Provider value={route}>
      <UNSAFE_LocationContext.Provider value={value}>
        <Pages location={location} />
      </UNSAFE_LocationContext.Provider>
    </UNSAFE_RouteContext.Provider>
  );
}
const KeptPages = memo(PagesAt, sameAddress);

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

  useEffect(() => registerPageCloser((fullPath) => void tabsStore.close([tabsStore.keyFor(fullPath)])), []);

  useEffect(() => {
    if (!info) return;
    tabsStore.restore(
      info.code,
      [HOME_TAB, '/home'].map((path) => ({ path, fullPath: path, ...tabTitle(path) })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [info?.code]);

  useEffect(() => {
    // A portal address is the entry's to show; only the affixed home tab stands for one.
    if (location.pathname.startsWith('/redirect/') || isPortalPath(location.pathname)) return;
    const meta = tabTitle(location.pathname);
    // A saved form hands over to its record's detail: its own tab closes (navigation state `replaces`).
    const replaces = (location.state as { replaces?: unknown } | null)?.replaces;
    tabsStore.visit(fullPath, meta.title, { ...meta, replaces: typeof replaces === 'string' ? replaces : undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullPath, info]);

  // The tab this address belongs to, known before the store records the visit, so the page keeps
  // its element (and its state) from the first render on.
  const activeKey = location.pathname.startsWith('/redirect/') ? `redirect:${fullPath}` : tabsStore.keyFor(fullPath);
  recent.current = [activeKey, ...recent.current.filter((k) => k !== activeKey)].slice(0, MAX_ALIVE);
  void active;
  usePageFocus(activeKey);

  // One flat, keyed list: a page moving between shown and hidden keeps its element.
  const kept = tabs.filter((t) => t.key !== activeKey && !t.noCache && recent.current.includes(t.key));
  const views = [
    ...kept.map((t) => ({ key: t.key, location: t.fullPath as string | typeof location, shown: false })),
    { key: activeKey, location, shown: true },
  ].sort((a, b) => a.key.localeCompare(b.key));
  return (
    <>
      {views.map((v) => (
        <div
          key={`${v.key}:${generation[v.key] ?? 0}:${epoch}`}
          hidden={!v.shown}
          data-page={v.key}
          className={v.shown ? 'keep-alive keep-alive--active' : 'keep-alive'}
        >
          <KeptPages location={v.location} />
        </div>
      ))}
    </>
  );
}
