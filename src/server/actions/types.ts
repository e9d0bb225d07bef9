import type { AppContext } from '../context.js';
import type { PageAccess } from '../data/access.js';
import type { Row } from '../data/rows.js';
import type { CustomAction } from '../../shared/schema/types.js';

/**
 * What an action answers. `message` is a message key (translated for the caller with `params`),
 * `file` a small download the browser saves, `rows` the records the action changed; anything else
 * is passed through as it is.
 */
export interface ActionResult {
  message?: string;
  params?: Record<string, unknown>;
  file?: { name: string; type: string; base64: string };
  rows?: Row[];
  [extra: string]: unknown;
}

/**
 * A server operation behind a schema action (`actions[].handler`). `record` is the row for a row
 * action and for each row of a bulk action (the engine calls the handler once per row and reports
 * each outcome); it is null for a list action. `body` holds the action's dialog fields, validated.
 */
export type ActionHandler = (
  ctx: AppContext,
  access: PageAccess,
  record: Row | null,
  body: Row,
  action: CustomAction,
) => Promise<ActionResult | unknown>;
