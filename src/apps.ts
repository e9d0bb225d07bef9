import { lazyComponent } from './utils/lazyComponent';

/**
 * The three apps behind the one hash address (chosen in src/main.tsx). Shared with the sign-in
 * screen, which preloads the console through the same handle: the entry then renders the
 * console at once instead of suspending on a module that is already there.
 */
export const APPS = {
  portal: lazyComponent(() => import('./portal/PortalApp')),
  login: lazyComponent(() => import('./login/LoginApp')),
  console: lazyComponent(() => import('./console/handoff').then((m) => ({ default: m.ConsoleApp }))),
};

export type AppName = keyof typeof APPS;
