import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { createHashRouter, Navigate } from 'react-router-dom';
import { announceAppAddress } from '../appSwitch';
import { getToken } from '../client/token';
import { lazyComponent } from '../utils/lazyComponent';
import { RequireSession } from './RequireSession';
import { PageLoading } from './PageLoading';
import { LAYOUT_ROUTE_ID } from './tabs/layoutRoute';

export const ConsoleLayout = lazyComponent(() => import('./layout/ConsoleLayout'));
const RegisterPage = lazy(() => import('./auth/RegisterPage'));
const AuthRedirectPage = lazy(() => import('./auth/AuthRedirectPage'));
const NotFoundPage = lazy(() => import('./errors/NotFoundPage'));
const ForbiddenPage = lazy(() => import('./errors/ForbiddenPage'));
const PrintView = lazy(() => import('../engine/renderers/PrintView'));

const page = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

/**
 * A signed-in visitor who opens /login is already past it: the console's dashboard (not the root,
 * which is the public portal) is where signing in would have led. Without a token the
 * sign-in screen is its own app (src/login): the entry swaps it in once told the address changed.
 */
function LoginRoute() {
  const token = getToken();
  useEffect(() => {
    if (!token) announceAppAddress();
  }, [token]);
  return token ? <Navigate to="/home" replace /> : <div className="boot-loading" aria-busy="true" />;
}

export function createConsoleRouter() {
  return createHashRouter([
    { path: '/login', element: <LoginRoute /> },
    // The root is the portal's: the console shows nothing there while the entry swaps the portal in.
    { path: '/', element: <div className="boot-loading" aria-busy="true" /> },
    { path: '/register', element: page(<RegisterPage />) },
    { path: '/auth-redirect', element: page(<AuthRedirectPage />) },
    { path: '/404', element: page(<NotFoundPage />) },
    { path: '/401', element: page(<ForbiddenPage />) },
    // A record's printable page, without the console's layout (opened in its own window).
    { path: '/print/*', element: <RequireSession>{page(<PrintView />)}</RequireSession> },
    {
      id: LAYOUT_ROUTE_ID,
      element: <RequireSession>{page(<ConsoleLayout />)}</RequireSession>,
      // The pages are drawn beside the router, into the layout (one per open tab, see tabs/KeepAlive.tsx).
      children: [{ path: '*', element: null }],
    },
  ]);
}
