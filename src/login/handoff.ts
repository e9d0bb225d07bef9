/**
 * The console's code is fetched once the visitor starts using the form (not with the sign-in
 * screen), so it is usually in by the time the password has been checked; then the console starts
 * loading the user's info and the dashboard's data while the address changes.
 */
import { APPS } from '../apps';
import type { SignInNext } from '../engine/session/authorizeForm';

type Console = typeof import('../console/handoff');

let consoleModule: Promise<Console> | null = null;

export function prefetchConsole(): void {
  if (consoleModule) return;
  // Through the entry's handle, so the entry knows the console is loaded (src/apps.ts).
  consoleModule = APPS.console
    .preload()
    .then(() => import('../console/handoff'))
    .then((m) => {
      void m.prepareConsole().catch(() => undefined);
      return m;
    });
  consoleModule.catch(() => {
    consoleModule = null; // fetched again by the next keystroke or, at the latest, by the console itself
  });
}

/** `next`: what the sign-in answered with besides the token, handed to the console before it mounts. */
export function handOver(target: string, next?: SignInNext): void {
  void consoleModule?.then((m) => m.beginSession(target, next)).catch(() => undefined);
  window.location.replace(`#${target}`);
}
