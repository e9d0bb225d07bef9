import type { AppContext } from '../context.js';
import { allows, type PageAccess } from './access.js';
import { applyWhere, whereFor } from './list.js';
import { dynamicView } from '../db/connect.js';

/** Records of a page that its to-do filter (`list.todo`) matches, within the caller's scope. */
export async function countTodo(ctx: AppContext, access: PageAccess): Promise<number> {
  const page = access.page;
  if (!page.resource || !page.list?.todo) return 0;
  const q = applyWhere(
    dynamicView(ctx.database.db)
      .selectFrom(page.resource.table)
      .select((eb) => eb.fn.countAll().as('n')),
    whereFor(ctx, access, { todo: '1' }),
  );
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/**
 * Whether the caller can work a page's to-do queue, not only read it: edit its records, or run a
 * transition out of the state the queue holds. A customer who may only look at carrier reviews has
 * no review to do, so the counter is not theirs.
 */
export function canWorkQueue(access: PageAccess): boolean {
  const { page, actions } = access;
  if (allows(actions, 'update')) return true;
  const states = page.states;
  const wanted = states ? page.list?.todo?.[states.field] : undefined;
  if (!states || wanted === undefined) return false;
  const held = String(wanted).split(',');
  return states.transitions.some((t) => t.from.some((s) => held.includes(s)) && allows(actions, `transition:${t.name}`));
}
