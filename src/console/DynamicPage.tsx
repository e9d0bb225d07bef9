import { Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../engine/session/store';
import { matchRoute } from '../engine/routes/buildRoutes';
import { resolveComponent } from '../engine/routes/registry';
import { PageLoading } from './PageLoading';
import FallbackPage from './errors/FallbackPage';
import { logError } from './errorLog/errorLog';
import { isPortalPath } from '../routesSplit';
import { unknownRouteTarget } from './errors/unknownRoute';
import { useLoadedComponent } from '../utils/useLoadedComponent';

/** Renders whatever permitted menu route matches the location; others go to /401 or /404 (spec §2.1). */
export default function DynamicPage() {
  const { routes } = useSession();
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoute(routes, pathname), [routes, pathname]);
  const resolved = useMemo(() => (match?.component ? resolveComponent(match.component) : null), [match]);

  useEffect(() => {
    if (resolved?.kind !== 'missing') return;
    // Spec §2.1, §8: the failure is logged (console and the error log) and the default page shown.
    console.error(`page load failed (${pathname}): ${resolved.error.message} [${resolved.error.code}]`);
    logError(resolved.error, resolved.component, pathname);
  }, [resolved, pathname]);

  // The page's code is waited for here rather than by suspending: it then shows the moment it is in.
  const codeIn = useLoadedComponent(resolved && resolved.kind !== 'missing' ? resolved.Component : null);

  // The portal's addresses are the entry's to show (src/main.tsx swaps the app); not a 404.
  if (isPortalPath(pathname)) return <PageLoading />;
  if (!match) return <UnknownRoute pathname={pathname} />;
  if (match.route.redirect && !match.component) return <Navigate to={match.route.redirect} replace />;
  if (!resolved || resolved.kind === 'missing')
    return <FallbackPage component={match.component ?? ''} code={resolved?.kind === 'missing' ? resolved.error.code : undefined} />;
  if (!codeIn) return <PageLoading />;
  const { Component } = resolved;
  const props =
    resolved.kind === 'schema'
      ? { pageId: resolved.pageId, view: resolved.view, params: match.params, basePath: match.route.path }
      : { params: match.params, basePath: match.route.path };
  return (
    <Suspense fallback={<PageLoading />}>
      <Component key={pathname} {...props} />
    </Suspense>
  );
}

/** Asks the server whether the address names a page the caller may not open (401) or none (404). */
function UnknownRoute({ pathname }: { pathname: string }) {
  const [target, setTarget] = useState<{ path: string; to: string } | null>(null);
  useEffect(() => {
    let live = true;
    void unknownRouteTarget(pathname).then((to) => {
      if (live) setTarget({ path: pathname, to });
    });
    return () => {
      live = false;
    };
  }, [pathname]);
  if (!target || target.path !== pathname) return <PageLoading />;
  return <Navigate to={target.to} replace />;
}
