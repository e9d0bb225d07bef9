import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate } from 'react-router-dom';
import { getToken } from '../engine/session/token';
import { RequireSession } from './RequireSession';
import { PageLoading } from './PageLoading';

const ConsoleLayout = lazy(() => import('./layout/ConsoleLayout'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const RegisterPage = lazy(() => import('./auth/RegisterPage'));
const AuthRedirectPage = lazy(() => import('./auth/AuthRedirectPage'));
const NotFoundPage = lazy(() => import('./errors/NotFoundPage'));
const ForbiddenPage = lazy(() => import('./errors/ForbiddenPage'));

const page = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

/** Spec §2.1: a logged-in visitor who opens /login goes to the root path. */
function LoginRoute() {
  return getToken() ? <Navigate to="/" replace /> : page(<LoginPage />);
}

export function createConsoleRouter() {
  return createHashRouter([
    { path: '/login', element: <LoginRoute /> },
    { path: '/register', element: page(<RegisterPage />) },
    { path: '/auth-redirect', element: page(<AuthRedirectPage />) },
    { path: '/404', element: page(<NotFoundPage />) },
    { path: '/401', element: page(<ForbiddenPage />) },
    {
      element: <RequireSession>{page(<ConsoleLayout />)}</RequireSession>,
      // The layout renders the pages itself (one per open tab, see tabs/KeepAlive.tsx).
      children: [{ path: '*', element: null }],
    },
  ]);
}
