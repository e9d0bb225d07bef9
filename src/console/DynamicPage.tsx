import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../engine/session/store';
import { matchRoute } from '../engine/routes/buildRoutes';
import { resolveComponent } from '../engine/routes/registry';
import { PageLoading } from './PageLoading';
import FallbackPage from './errors/FallbackPage';
import UnknownRoute from './UnknownRoute';

/** Renders whatever permitted menu route matches the location; unknown paths go to /404 (spec §2.1), forbidden ones to /401. */
export default function DynamicPage() {
  const { routes } = useSession();
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoute(routes, pathname), [routes, pathname]);
  const resolved = useMemo(() => (match?.component ? resolveComponent(match.component) : null), [match]);

  useEffect(() => {
    if (resolved?.kind === 'missing') console.error(`page load failed: no page for component "${resolved.component}" (${pathname})`);
  }, [resolved, pathname]);

  if (!match) return <UnknownRoute pathname={pathname} />;
  if (match.route.redirect && !match.component) return <Navigate to={match.route.redirect} replace />;
  if (!resolved || resolved.kind === 'missing') return <FallbackPage component={match.component ?? ''} />;
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
