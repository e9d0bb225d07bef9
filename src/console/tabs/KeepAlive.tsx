import { memo, startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Router, parsePath, type Location, type Navigator, type createHashRouter } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';
import { getToken } from '../../client/token';
import { matchRoute } from '../../engine/routes/buildRoutes';
import { useMenuTitle } from '../layout/useMenuTitle';
import { ConsolePages } from '../ConsolePages';
import { isPortalPath } from '../../routesSplit';
import { MAX_ALIVE, tabsStore, useTabs } from './tabsStore';
import { usePageFocus } from './pageFocus';
import { registerPageCloser } from '../../engine/renderers/pageClose';
import { PageErrorBoundary } from '../errorLog/PageErrorBoundary';
import { usePagesSlot } from './pagesSlot';
import { LAYOUT_ROUTE_ID } from './layoutRoute';

type ConsoleRouter = ReturnType<typeof createHashRouter>;

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

type PageLocation = Location | string;
const addressOf = (l: PageLocation) => (typeof l === 'string' ? l : l.pathname + l.search);
const sameAddress = (a: { location: PageLocation }, b: { location: PageLocation }) => addressOf(a.location) === addressOf(b.location);

/**
 * One kept page under a router of its own, which sees the page's address only. The pages are drawn
 * beside the console's router, not inside it: React hands a context's new value to every reader
 * below its provider, through nested providers of the same context, and the router's location and
 * route change at every navigation. Inside it, every kept page's readers of the address (each list's
 * view, the dashboard's cards, every link) ran again at each tab switch, although their providers
 * gave them the same value. Pages read no navigation state, so the active page keeps the location
 * of its first render for as long as its address stays the same.
 */
function PageRouter({ location, navigator }: { location: PageLocation; navigator: Navigator }) {
  const address = addressOf(location);
  const at = useMemo(
    () =>
      typeof location === 'string'
        ? { pathname: '/', search: '', hash: '', ...parsePath(location), state: null, key: 'default' }
        : location,
    // The address stands for the location: a new location object with the same address keeps the page as it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [address],
  );
  return (
    <Router location={at} navigator={navigator}>
      <ConsolePages />
    </Router>
  );
}
const KeptPages = memo(PageRouter, sameAddress);

/** What the pages' routers do to navigate: the console router's navigation, as its own provider does it. */
function navigatorOf(router: ConsoleRouter): Navigator {
  return {
    createHref: router.createHref,
    encodeLocation: router.encodeLocation,
    go: (n) => void router.navigate(n),
    push: (to, state, opts) => void router.navigate(to, { state, preventScrollReset: opts?.preventScrollReset }),
    replace: (to, state, opts) => void router.navigate(to, { replace: true, state, preventScrollReset: opts?.preventScrollReset }),
  };
}

interface At {
  location: Location;
  inLayout: boolean;
}
const atOf = (state: ConsoleRouter['state']): At => ({
  location: state.location,
  inLayout: state.matches.some((m) => m.route.id === LAYOUT_ROUTE_ID),
});

/** The router's location, taken in a transition as its own provider takes it, so the layout and the pages change in one commit. */
function useRouterAt(router: ConsoleRouter): At {
  const [at, setAt] = useState(() => atOf(router.state));
  useEffect(() => {
    setAt(atOf(router.state));
    return router.subscribe((state) => startTransition(() => setAt(atOf(state))));
  }, [router]);
  return at;
}

/** The kept pages, drawn into the layout's content area while the layout is there (pagesSlot.ts). */
export function KeptPagesHost({ router }: { router: ConsoleRouter }) {
  const slot = usePagesSlot();
  const { location, inLayout } = useRouterAt(router);
  // As the layout's own route guard (RequireSession): no page without a session, so none asks for
  // data in the moment between a logout and the layout leaving.
  const signedIn = useSession().status === 'ready' && Boolean(getToken());
  return slot && inLayout && signedIn ? createPortal(<KeepAlive router={router} location={location} />, slot) : null;
}

/**
 * Renders the pages of recently used tabs and hides all but the active one, so switching tabs keeps
 * a page's state (scroll, half-filled forms). At most MAX_ALIVE stay mounted; noCache pages never do.
 */
function KeepAlive({ router, location }: { router: ConsoleRouter; location: Location }) {
  const navigator = useMemo(() => navigatorOf(router), [router]);
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
    <PageErrorBoundary>
      {views.map((v) => (
        <div
          key={`${v.key}:${generation[v.key] ?? 0}:${epoch}`}
          hidden={!v.shown}
          data-page={v.key}
          className={v.shown ? 'keep-alive keep-alive--active' : 'keep-alive'}
        >
          <KeptPages location={v.location} navigator={navigator} />
        </div>
      ))}
    </PageErrorBoundary>
  );
}
