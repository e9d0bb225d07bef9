import type { FastifyInstance } from 'fastify';
import { ok } from '../plugins/envelope.js';
import { requireUser } from '../plugins/auth.js';
import { allows, pageAccess } from '../data/access.js';
import { whereFor, applyWhere } from '../data/list.js';

/** Spec §2.6: the to-do counters and the pages they open. A counter's page id is its target path. */
export const TODO_COUNTERS: Record<string, string> = {
  valuating_count: '/tms/Carrier/freight',
  auth_shipper_count: '/tms/review/shipperReview?todo=1',
  auth_count: '/tms/review/carrierReview?todo=1',
  miss_order_count: '/tms/order/order_manage?todo=1',
  remit_count: '/tms/Carrier/Approval',
  urge_remit_count: '/systemManage/news/paymentRecords?todo=1',
  transport_abnormal_count: '/tms/CustomerService/AbnormalTran?todo=1',
  transfer_apply_count: '/tms/account/LoanList?todo=1',
  auth_order_count: '/tms/order/cargoaudit',
  need_invoice: '/tms/invoice/drawInvoice?todo=1',
};

export const pageIdOf = (target: string) => target.split('?')[0].replace(/^\//, '');

/**
 * Counts the records each counter stands for: the target page's to-do filter, within the caller's
 * organisation scope. A page that does not exist yet, or that the caller may not read, counts 0.
 */
export function registerTodoRoutes(app: FastifyInstance) {
  app.get('/open-platform/todoCount', async (req) => {
    requireUser(req);
    const out: Record<string, number> = {};
    for (const [name, target] of Object.entries(TODO_COUNTERS)) {
      out[name] = 0;
      const page = app.ctx.schemas.pages.get(pageIdOf(target));
      if (!page?.resource || !page.list?.todo) continue;
      const access = await pageAccess(app.ctx, req, encodeURIComponent(page.id), 'read').catch(() => null);
      if (!access || !allows(access.actions, 'read')) continue;
      let q = app.ctx.database.db.selectFrom(page.resource.table).select((eb) => eb.fn.countAll().as('n'));
      q = applyWhere(q, whereFor(app.ctx, access, { todo: '1' }));
      out[name] = Number((await q.executeTakeFirstOrThrow()).n);
    }
    return ok(out);
  });
}
