import { useSyncExternalStore } from 'react';
import { api } from '../../client/request';

/** Spec §3: an error log entry. */
export interface ErrorEntry {
  error: string;
  component: string;
  info: string;
  url: string;
  time: string;
}

const entries: ErrorEntry[] = [];
const listeners = new Set<() => void>();
let snapshot: ErrorEntry[] = [];

/** Records an uncaught error with the page address and sends it to the server's error log. */
export function logError(error: unknown, component = '', info = '') {
  const entry: ErrorEntry = {
    error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    component,
    info: info || (error instanceof Error ? (error.stack ?? '') : ''),
    url: window.location.href,
    time: new Date().toISOString(),
  };
  entries.unshift(entry);
  entries.length = Math.min(entries.length, 50);
  snapshot = [...entries];
  listeners.forEach((l) => l());
  void api.post('/open-platform/errorLog', entry, { silent: true }).catch(() => undefined);
}

/** Spec §9: the error log is active only in production builds. */
export function installErrorLog(enabled = import.meta.env.PROD) {
  if (!enabled) return;
  window.addEventListener('error', (e) => logError(e.error ?? e.message, 'window'));
  window.addEventListener('unhandledrejection', (e) => logError(e.reason, 'promise'));
}

export function useErrorLog(): ErrorEntry[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => snapshot,
    () => snapshot,
  );
}
