import Cookies from 'js-cookie';
import { DATA_BRANCH_COOKIE, TOKEN_COOKIE } from './cookieNames';

export { DATA_BRANCH_COOKIE, TOKEN_COOKIE };

export const getToken = (): string | undefined => Cookies.get(TOKEN_COOKIE);
export const setToken = (token: string) => Cookies.set(TOKEN_COOKIE, token, { sameSite: 'Lax' });
export const removeToken = () => Cookies.remove(TOKEN_COOKIE);
export const removeDataBranch = () => Cookies.remove(DATA_BRANCH_COOKIE);

/**
 * Signing out and switching role end the token's user: what was kept for them is emptied. The
 * session store (engine/session/store.ts) announces it here, and what is kept below the engine (the
 * widgets' reference labels) listens here, so a widget needs no import of the store above it. It is
 * beside the token rather than in a module of its own: that was a chunk of its own in the build, one
 * more file for the console's first screen to fetch.
 */
const resetHooks = new Set<() => void>();

/** Registers a hook run at every sign-out and role switch; the returned function removes it. */
export function onSessionReset(hook: () => void): () => void {
  resetHooks.add(hook);
  return () => {
    resetHooks.delete(hook);
  };
}

/** Runs every hook, in the order they were registered. */
export function announceSessionReset() {
  resetHooks.forEach((h) => h());
}
