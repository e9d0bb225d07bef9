import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../engine/session/store';
import { matchRoute } from '../engine/routes/buildRoutes';
import { resolveComponent } from '../engine/routes/registry';
import { PageLoading } from './PageLoading';
import FallbackPage from './errors/FallbackPage';
import { logError } from './errorLog/errorLog';
import { isPortalPath } from '../routesSplit';

/** Renders whatever permitted menu route matches the location; unknown paths go to /404 (spec §2.1). */
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

  // The portal's addresses are the entry's to show (src/main.tsx swaps the app); not a 404.
  if (isPortalPath(pathname)) return <PageLoading />;
  if (!match) return <Navigate to="/404" replace />;
  if (match.route.redirect && !match.component) return <Navigate to={match.route.redirect} replace />;
  if (!resolved || resolved.kind === 'missing') return <FallbackPage component={match.component ?? ''} code={resolved?.kind === 'missing' ? resolved.error.code : undefined} />;
  const { Component } = resolved;
  const props = resolved.kind === 'schema'
    ? { pageId: resolved.pageId, view: resolved.view, params: match.params, basePath: match.route.path }
    : { params: match.params, basePath: match.route.path };
  return (
    <Suspense fallback={<PageLoading />}>
      <Component key={pathname} {...props} />
    </Suspense>
  );
}
