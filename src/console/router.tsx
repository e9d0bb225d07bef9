import { lazy, Suspense, type ReactNode } from 'react';
import { createHashRouter, Navigate, useLocation, useParams } from 'react-router-dom';
import { getToken } from '../engine/session/token';
import { RequireSession } from './RequireSession';
import { PageLoading } from './PageLoading';

const ConsoleLayout = lazy(() => import('./layout/ConsoleLayout'));
const LoginPage = lazy(() => import('./auth/LoginPage'));
const RegisterPage = lazy(() => import('./auth/RegisterPage'));
const AuthRedirectPage = lazy(() => import('./auth/AuthRedirectPage'));
const NotFoundPage = lazy(() => import('./errors/NotFoundPage'));
const ForbiddenPage = lazy(() => import('./errors/ForbiddenPage'));
const DashboardPage = lazy(() => import('./dashboard/DashboardPage'));
const UpdatePasswordPage = lazy(() => import('./auth/UpdatePasswordPage'));
const DynamicPage = lazy(() => import('./DynamicPage'));

const page = (node: ReactNode) => <Suspense fallback={<PageLoading />}>{node}</Suspense>;

/** Spec §2.1: a logged-in visitor who opens /login goes to the root path. */
function LoginRoute() {
  return getToken() ? <Navigate to="/" replace /> : page(<LoginPage />);
}

/** Spec §2.2: /redirect/<path> replaces itself with <path>, which remounts that page (tab refresh). */
function RedirectRoute() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
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
      children: [
        { path: '/redirect/*', element: <RedirectRoute /> },
        { path: '/home', element: page(<DashboardPage />) },
        { path: '/profile/updatePassword', element: page(<UpdatePasswordPage />) },
        { path: '*', element: page(<DynamicPage />) },
      ],
    },
  ]);
}
