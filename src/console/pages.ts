import { registerBespoke } from '../engine/routes/registry';

/** Hand-written pages the menu can name by component path. */
export function registerConsolePages() {
  registerBespoke('dashboard/index', () => import('./dashboard/DashboardPage'));
  registerBespoke('profile/updatePassword', () => import('./auth/UpdatePasswordPage'));
  registerBespoke('systemManage/updatePassword/index', () => import('./auth/UpdatePasswordPage'));
  registerBespoke('systemManage/schemaPlayground/index', () => import('./playground/PlaygroundPage'));
  registerBespoke('errorPage/401', () => import('./errors/ForbiddenPage'));
  registerBespoke('errorPage/404', () => import('./errors/NotFoundPage'));
}
