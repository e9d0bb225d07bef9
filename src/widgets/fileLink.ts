import { useEffect, useState } from 'react';
import { api } from '../client/request';

/** A link this close to its expiry is renewed already, so it does not die while being opened. */
export const RENEW_MARGIN_MS = 30_000;

const ORG_FILE = /^(\/open-platform\/files\/o\/[A-Za-z0-9_-]{1,32}\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\.[a-z0-9]{2,4})(?:\?(.*))?$/;

export interface OrgFileLink {
  /** The file's address without the signature. */
  path: string;
  /** Unix seconds the link stops working; null when it carries no expiry. */
  expires: number | null;
}

/** An organisation's stored file (object storage), with the expiry its signed link carries. */
export function orgFileLink(url: unknown): OrgFileLink | null {
  if (typeof url !== 'string') return null;
  const m = ORG_FILE.exec(url.trim());
  if (!m) return null;
  const expires = Number(new URLSearchParams(m[2] ?? '').get('expires'));
  return { path: m[1], expires: Number.isInteger(expires) && expires > 0 ? expires : null };
}

export const linkDue = (expires: number | null, now = Date.now()) => expires !== null && expires * 1000 - RENEW_MARGIN_MS <= now;

export interface FreshLink {
  url: string;
  expiresAt: number | null;
}

/** Asks the server for a new link to the file; it refuses (404) a file the caller may not read. */
export const renewFileLink = (path: string) => api.get<FreshLink>(`${path}/link`, undefined, { silent: true });

/**
 * The address to show for a stored file: an organisation's signed link that has expired (or is
 * about to) is replaced by a fresh one from the server, and again each time that one runs out.
 * Anything else, or a renewal the server refuses, is shown as it is.
 */
export function useFreshLink<T extends string | null | undefined>(url: T): T | string {
  const link = orgFileLink(url);
  const [fresh, setFresh] = useState<(FreshLink & { for: string }) | null>(null);
  const [, tick] = useState(0);
  const current = fresh && fresh.for === url ? fresh : null;
  const expiresAt = current ? current.expiresAt : (link?.expires ?? null);
  const due = link !== null && linkDue(expiresAt);
  const path = link?.path;
  useEffect(() => {
    if (!due || !path || typeof url !== 'string') return;
    let live = true;
    renewFileLink(path).then(
      (r) => {
        if (live) setFresh({ ...r, for: url });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [due, path, url]);
  useEffect(() => {
    if (expiresAt === null) return;
    const wait = expiresAt * 1000 - RENEW_MARGIN_MS - Date.now();
    if (wait <= 0) return;
    // Re-rendered when the link falls due, so a page left open renews it then.
    const timer = setTimeout(() => tick((n) => n + 1), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [expiresAt]);
  return current && !due ? current.url : url;
}
