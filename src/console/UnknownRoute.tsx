import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { api } from '../engine/data/request';
import type { ApiError } from '../engine/data/envelope';
import { PageLoading } from './PageLoading';

/** The page id an address would open: the path without a view suffix (add, edit/:id, detail/:id). */
export function pageIdOfPath(pathname: string): string {
  return pathname.replace(/^\//, '').replace(/\/(add|(edit|detail)\/[^/]+)$/, '');
}

/**
 * A path outside the user's menu is either a page that exists but is not theirs (spec's /401) or no
 * page at all (/404). Only the server knows which: it answers 403 for a page it has but the user may
 * not read.
 */
export default function UnknownRoute({ pathname }: { pathname: string }) {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const id = pageIdOfPath(pathname);
    if (!/^[A-Za-z0-9_/-]{1,120}$/.test(id)) {
      setTarget('/404');
      return undefined;
    }
    api.get(`/open-platform/schemas/${encodeURIComponent(id)}`, undefined, { silent: true })
      .then(() => '/404')
      .catch((err: ApiError) => (err.httpStatus === 403 ? '/401' : '/404'))
      .then((t) => { if (live) setTarget(t); });
    return () => { live = false; };
  }, [pathname]);
  return target ? <Navigate to={target} replace /> : <PageLoading />;
}
