import { api } from '../../client/request';
import { ApiError } from '../../client/envelope';

const ROW_VIEWS = new Set(['edit', 'detail', 'print']);
const LIST_VIEWS = new Set(['index', 'add']);

/** The page id an address would open: `/a/b/detail/7` → `a/b`, `/tms/base/shipper/add` → `tms/base/shipper`. */
export function pageIdOfPath(pathname: string): string | null {
  const parts = pathname.split('/').filter(Boolean);
  let end = parts.length;
  if (end >= 3 && /^\d+$/.test(parts[end - 1]) && ROW_VIEWS.has(parts[end - 2])) end -= 2;
  else if (end >= 3 && LIST_VIEWS.has(parts[end - 1])) end -= 1;
  return end >= 2 ? parts.slice(0, end).join('/') : null;
}

/**
 * Where an address no permitted route matches should go (spec §2.1): /401 when it names a page that
 * exists but the caller may not open, /404 otherwise. The server decides: it answers 403 for the
 * former and 404 for a page it does not know.
 */
export async function unknownRouteTarget(pathname: string): Promise<'/401' | '/404'> {
  const pageId = pageIdOfPath(pathname);
  if (!pageId) return '/404';
  try {
    await api.get(`/open-platform/schemas/${encodeURIComponent(pageId)}`, undefined, { silent: true });
    return '/404';
  } catch (err) {
    return err instanceof ApiError && err.httpStatus === 403 ? '/401' : '/404';
  }
}
