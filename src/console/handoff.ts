import ConsoleApp from './ConsoleApp';
import { acceptUserInfo, loadSession } from '../engine/session/store';
import type { SignInNext } from '../engine/session/authorizeForm';
import type { UserInfo } from '../engine/session/types';
import { seedAnswer } from '../engine/data/prefetch';
import { i18next } from '../i18n';
import { prepareConsole as prepareText } from './boot';
import { DashboardPage } from './ConsolePages';
import { DASHBOARD_KEY, prefetchDashboard } from './dashboard/dashboardData';
import { ConsoleLayout } from './router';
import { warmConsoleStyles } from './styleWarmup';
import { preloadSchemaPageCode } from './preloadPages';
import { FormPage } from '../engine/renderers/views';

/**
 * What the sign-in screen (src/login) asks of the console. Importing this module fetches the
 * console app itself; the functions get what the first screen after sign-in needs ready in time.
 */
export { ConsoleApp };

/**
 * Called while the visitor types: messages, antd's locale, the layout's and the dashboard's code,
 * then antd's styles for them (styleWarmup.tsx), then the code of the schema pages and of their
 * form view. Fetched later (a moment after the console or a list mounts), that code's requests and
 * the evaluation of its modules fell into the visitor's next clicks: a first list's schema and rows
 * waited behind a dozen chunk requests, and Formily's evaluation ran inside a page switch.
 */
export async function prepareConsole(): Promise<void> {
  await Promise.all([prepareText(), ConsoleLayout.preload(), DashboardPage.preload()]);
  await warmConsoleStyles();
  await preloadSchemaPageCode();
  await FormPage.preload();
}

/**
 * Called the moment the token is stored, before the console mounts, with what the sign-in answered
 * besides the token: what is there is not asked for again.
 */
export function beginSession(target: string, next: SignInNext = {}): void {
  if (next.userInfo) acceptUserInfo(next.userInfo as UserInfo);
  else void loadSession().catch(() => undefined); // the console shows the failure when it mounts
  if (next.dashboard) seedAnswer(DASHBOARD_KEY, next.dashboard);
  if (target === '/home') prefetchDashboard(i18next.language);
}
