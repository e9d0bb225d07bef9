import type { FastifyInstance } from 'fastify';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { allows, pageAccess } from '../data/access.js';
import { canWorkQueue, countTodo } from '../data/todoCount.js';
import { pageIdOf, TODO_TARGETS } from '../../shared/routes/todoCounters.js';
import { Type } from '@sinclair/typebox';
import { responses } from './contracts.js';

/**
 * Counts the records each counter stands for: the target page's to-do filter, within the caller's
 * organisation scope. A page that does not exist yet, or that the caller may not read, counts 0.
 */
export function registerTodoRoutes(app: FastifyInstance) {
  app.get(
    '/open-platform/todoCount',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'To-do counters of the header, each within the caller’s scope; only the queues the caller can work (edit, or move on by a transition)',
        response: responses(Type.Record(Type.String(), Type.Integer())),
      },
    },
    async (req) => {
      requireUser(req);
      const out: Record<string, number> = {};
      // Only the queues the caller can work: a counter of records they may only read is no to-do of theirs.
      for (const [name, target] of TODO_TARGETS) {
        const page = app.ctx.schemas.pages.get(pageIdOf(target));
        if (!page?.resource || !page.list?.todo) continue;
        const access = await pageAccess(app.ctx, req, page.id, 'read').catch(() => null);
        if (!access || !allows(access.actions, 'read') || !canWorkQueue(access)) continue;
        out[name] = await countTodo(app.ctx, access);
      }
      return ok(out);
    },
  );
}
