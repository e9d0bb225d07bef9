import ConsoleApp from './ConsoleApp';
import { loadSession } from '../engine/session/store';
import { i18next } from '../i18n';
import { prepareConsole as prepareText } from './boot';
import { DashboardPage } from './ConsolePages';
import { prefetchDashboard } from './dashboard/dashboardData';
import { ConsoleLayout } from './router';
import { warmConsoleStyles } from './styleWarmup';

/**
 * What the sign-in screen (src/login) asks of the console. Importing this module fetches the
 * console app itself; the functions get what the first screen after sign-in needs ready in time.
 */
export { ConsoleApp };

/**
 * Called while the visitor types: messages, antd's locale, the layout's and the dashboard's code,
 * then antd's styles for them (styleWarmup.tsx).
 */
export async function prepareConsole(): Promise<void> {
  await Promise.all([prepareText(), ConsoleLayout.preload(), DashboardPage.preload()]);
  await warmConsoleStyles();
}

/** Called the moment the token is stored, before the console mounts. */
export function beginSession(target: string): void {
  void loadSession().catch(() => undefined); // the console shows the failure when it mounts
  if (target === '/home') prefetchDashboard(i18next.language);
}
