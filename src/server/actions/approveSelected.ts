import { runTransition } from '../data/write.js';
import type { ActionHandler } from './types.js';

/**
 * Runs the page's `approve` transition on a record: as a bulk action it approves a selection, each
 * row checked (state, organisation, version) as if approved one by one.
 */
export const approveSelected: ActionHandler = async (ctx, access, record, body) => {
  const row = await runTransition(ctx, access, Number(record!.id), 'approve', body);
  return { rows: [row] };
};
