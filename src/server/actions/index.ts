import type { ActionHandler } from './types.js';
import { resetPartyPassword } from './resetPartyPassword.js';
import { revokeSession } from './revokeSession.js';
import { approveSelected } from './approveSelected.js';
import { rotateSecret } from './rotateSecret.js';
import { backupNow } from './backupNow.js';
import { runJobNow } from './runJobNow.js';
import { orderAccountActions } from './orderAccount.js';
import { reloadSchemasAction } from './reloadSchemas.js';

export type { ActionHandler, ActionResult } from './types.js';

/** The handler registry: a schema action's `handler` names one of these (the areas add theirs, areas/index.ts). */
const handlers = new Map<string, ActionHandler>(
  Object.entries({
    resetPartyPassword,
    revokeSession,
    approveSelected,
    rotateSecret,
    backupNow,
    runJobNow,
    reloadSchemas: reloadSchemasAction,
    ...orderAccountActions,
  }),
);

export function actionHandler(name: string): ActionHandler | undefined {
  return handlers.get(name);
}

/** Adds a handler (tests register their own; pages name them like any other). */
export function registerActionHandler(name: string, handler: ActionHandler): void {
  handlers.set(name, handler);
}
