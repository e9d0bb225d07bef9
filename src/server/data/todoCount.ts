import type { AppContext } from '../context.js';
import type { PageAccess } from './access.js';
import { applyWhere, whereFor } from './list.js';

/** Records of a page that its to-do filter (`list.todo`) matches, within the caller's scope. */
export async function countTodo(ctx: AppContext, access: PageAccess): Promise<number> {
  const page = access.page;
  if (!page.resource || !page.list?.todo) return 0;
  const q = applyWhere(ctx.database.db.selectFrom(page.resource.table).select((eb) => eb.fn.countAll().as('n')), whereFor(ctx, access, { todo: '1' }));
  return Number((await q.executeTakeFirstOrThrow()).n);
}
