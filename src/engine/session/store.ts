import { useSyncExternalStore } from 'react';
import i18next from 'i18next';
import { ApiError } from '../../client/envelope';
import { endSessionCalls } from '../../client/request';
import { filterByRoles, routesFromMenu, type RouteEntry } from '../routes/buildRoutes';
import { forgetPreloaded } from '../data/prefetch';
import { sessionApi } from './api';
import { leaveLoginNotice } from './loginNotice';
import { announceSessionReset, getToken, onSessionReset, removeDataBranch, removeToken, setToken } from '../../client/token';
import { ADMIN_ROLES, type UserInfo } from './types';

export interface SessionState {
  status: 'anonymous' | 'loading' | 'ready' | 'error';
  info: UserInfo | null;
  roles: string[];
  routes: RouteEntry[];
  error: string | null;
}

const initial: SessionState = { status: 'anonymous', info: null, roles: [], routes: [], error: null };
let state: SessionState = initial;
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>) {
  state = { ...state, ...next };
  listeners.forEach((l) => l());
}

export const sessionStore = {
  get: () => state,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  /** Other stores (open tabs, cached views) register here to be emptied at logout and role switch. */
  onReset: onSessionReset,
};

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

export const isAdmin = (roles: string[]) => roles.some((r) => ADMIN_ROLES.includes(r));

/** Thrown for the failures of spec §8; the message is what the login page shows. */
export class SessionError extends Error {}

let inflight: Promise<SessionState> | null = null;

/** The permitted routes from the first resource-list entry's children, filtered by role (spec §4, §6). */
function settle(info: UserInfo | null): SessionState {
  if (!info) throw new SessionError(i18next.t('session.verifyFailed'));
  const roles = info.roleList?.length ? [info.roleList[0].role].filter(Boolean) : [];
  if (!roles.length) throw new SessionError(i18next.t('session.rolesRequired'));
  const root = info.resourceList?.[0];
  const routes = filterByRoles(routesFromMenu(root?.children ?? []), roles);
  set({ status: 'ready', info, roles, routes, error: null });
  return state;
}

function fail(e: unknown): void {
  removeToken();
  const error = (e as Error).message || i18next.t('session.hasError');
  // Spec §8: the visitor is sent to sign in, where this message is shown.
  leaveLoginNotice(error);
  set({ ...initial, status: 'error', error });
}

/** First visit with a token: fetch the user's info and build the routes. Concurrent callers share one fetch. */
export function loadSession(): Promise<SessionState> {
  if (state.status === 'ready') return Promise.resolve(state);
  if (inflight) return inflight;
  set({ status: 'loading', error: null });
  inflight = (async () => {
    try {
      let info: UserInfo;
      try {
        info = await sessionApi.getUserInfo();
      } catch (e) {
        throw new SessionError((e as ApiError).message || i18next.t('session.hasError'));
      }
      return settle(info);
    } catch (e) {
      fail(e);
      throw e;
    } finally {
      inflight = null;
    }
  })();
  return inflight;
}

/** The user's info that came with the sign-in's answer: the session is ready without asking again. */
export function acceptUserInfo(info: UserInfo): void {
  if (state.status === 'ready') return;
  try {
    settle(info);
  } catch (e) {
    fail(e); // the console shows the failure when it mounts
  }
}

/** Quietly refreshes the user's info (after a language switch: menu names come translated). */
export async function refreshSession(): Promise<void> {
  if (state.status !== 'ready') return;
  state = { ...state, status: 'anonymous' };
  await loadSession();
}

export function acceptToken(token: string) {
  setToken(token);
  state = initial;
}

function clearAll() {
  removeToken();
  forgetPreloaded();
  removeDataBranch();
  announceSessionReset();
  set({ ...initial });
}

/** Spec §4: server call, then token, roles, the dataBranch cookie, routes and tabs are cleared. */
export async function logout(): Promise<void> {
  endSessionCalls();
  try {
    if (getToken()) await sessionApi.logout();
  } finally {
    clearAll();
  }
}

/** Spec §4: a token for the chosen role, info reloaded, routes regenerated, all tabs closed. */
export async function switchRole(role: string): Promise<void> {
  const answer = await sessionApi.switchRole(role);
  endSessionCalls();
  announceSessionReset();
  setToken(answer.access_token);
  state = initial;
  await loadSession();
}

export function hasGrant(info: UserInfo | null, code: string, action = 'read'): boolean {
  if (!info) return false;
  if (info.grants === 'all') return true;
  const actions = info.grants[code];
  return Boolean(actions && (actions.includes('*') || actions.includes(action)));
}
