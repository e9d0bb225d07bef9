import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { getToken } from '../client/token';
import { loadSession, useSession } from '../engine/session/store';
import { PageLoading } from './PageLoading';

/** Spec §4, §9: the loading overlay closes by itself after at most 5 seconds. */
export const OVERLAY_LIMIT_MS = 5000;

function useOverlayLimit(showing: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (!showing) return undefined;
    setExpired(false);
    const timer = window.setTimeout(() => setExpired(true), OVERLAY_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, [showing]);
  return showing && !expired;
}

function loginTarget(pathname: string, search: string) {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}

/**
 * Spec §2.1 and §4: without a token the visitor goes to /login with the wanted path; with one, the
 * first visit loads the user's info and routes, then renders the same location again. The sign-in
 * screen may have started that load already (src/login/handoff.ts).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const token = getToken();
  const overlay = useOverlayLimit(Boolean(token) && session.status !== 'ready');

  useEffect(() => {
    if (!token || session.status === 'ready' || session.status === 'loading') return;
    // A failure leaves its message for the sign-in screen (see loadSession).
    loadSession().catch(() => navigate(loginTarget(location.pathname, location.search), { replace: true }));
  }, [token, session.status, location.pathname, location.search, navigate]);

  if (!token) return <Navigate to={loginTarget(location.pathname, location.search)} replace />;
  if (session.status !== 'ready') return overlay ? <PageLoading fullscreen /> : <div className="boot-loading" aria-busy="true" />;
  return <>{children}</>;
}
