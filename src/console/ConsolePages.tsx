import { lazy, Suspense } from 'react';
import { lazyComponent } from '../utils/lazyComponent';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { PageLoading } from './PageLoading';

export const DashboardPage = lazyComponent(() => import('./dashboard/DashboardPage'));
const UpdatePasswordPage = lazy(() => import('./auth/UpdatePasswordPage'));
export const DynamicPage = lazyComponent(() => import('./DynamicPage'));

/** Spec §2.2: /redirect/<path> replaces itself with <path>, which remounts that page. */
function RedirectRoute() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}

/** The pages inside the back-office layout, for the location of the router around them (each open tab has its own, tabs/KeepAlive.tsx). */
export function ConsolePages() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/redirect/*" element={<RedirectRoute />} />
        <Route path="/home" element={<DashboardPage />} />
        <Route path="/profile/updatePassword" element={<UpdatePasswordPage />} />
        <Route path="*" element={<DynamicPage />} />
      </Routes>
    </Suspense>
  );
}
