import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { dynamicView, type Db } from '../../db/connect.js';
import { conflict, providerRefused } from '../../errors.js';
import { audit } from '../../data/audit.js';
import type { PageAccess } from '../../data/access.js';
import type { Row } from '../../data/rows.js';
import { sandbox, type TaxConnector, type TaxDeclaration } from './connector.js';
import type { ActionHandler, ActionResult } from '../../actions/types.js';

/**
 * "Declare" on an order declaration or a personal declaration: the figures are checked against
 * the tax orders they sum (a declaration that no longer matches its orders is refused before
 * anything is filed), the filing goes through the tax connector, every exchange is written to the
 * tax log, and the declaration keeps the voucher number or the authority's reason.
 */

let connector: TaxConnector = sandbox;
/** Tests put a connector of their own in place (an authority that is down, say). */
export function useTaxConnector(c: TaxConnector): void {
  connector = c;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

interface Figures {
  incomeFen: number;
  taxFen: number;
  mismatch: { orders: number; declared: number } | null;
}

/** The order declaration's totals recomputed from its orders. */
async function orderFigures(db: Db, record: Row): Promise<Figures> {
  const got = await db
    .selectFrom('tax_order')
    .select((eb) => [
      eb.fn.countAll().as('n'),
      eb.fn.sum('incomeFen').as('income'),
      eb.fn.sum('vatFen').as('vat'),
      eb.fn.sum('surchargeFen').as('surcharge'),
      eb.fn.sum('stampFen').as('stamp'),
      eb.fn.sum('iitFen').as('iit'),
      eb.fn.sum('taxTotalFen').as('tax'),
    ])
    .where('partyCode', '=', String(record.partyCode))
    .where('declarationNo', '=', String(record.declarationNo))
    .executeTakeFirstOrThrow();
  const n = (v: unknown) => Number(v ?? 0);
  const same =
    n(got.n) === n(record.orderCount) &&
    n(got.income) === n(record.incomeTotalFen) &&
    n(got.vat) === n(record.vatTotalFen) &&
    n(got.surcharge) === n(record.surchargeTotalFen) &&
    n(got.stamp) === n(record.stampTotalFen) &&
    n(got.iit) === n(record.iitTotalFen);
  return { incomeFen: n(got.income), taxFen: n(got.tax), mismatch: same ? null : { orders: n(got.tax), declared: n(record.taxTotalFen) } };
}

/** A driver's personal declaration recomputed from the driver's tax orders of the period. */
async function personalFigures(db: Db, record: Row): Promise<Figures> {
  const got = await db
    .selectFrom('tax_order')
    .select((eb) => [eb.fn.sum('incomeFen').as('income'), eb.fn.sum('iitFen').as('iit')])
    .where('partyCode', '=', String(record.partyCode))
    .where('driverIdcard', '=', String(record.driverIdcard))
    .where('period', '=', String(record.period))
    .executeTakeFirstOrThrow();
  const income = Number(got.income ?? 0);
  const iit = Number(got.iit ?? 0);
  const same = income === Number(record.incomeFen ?? 0) && iit === Number(record.dueFen ?? 0);
  return { incomeFen: income, taxFen: iit, mismatch: same ? null : { orders: iit, declared: Number(record.dueFen ?? 0) } };
}

async function declare(ctx: AppContext, access: PageAccess, record: Row, kind: 'order' | 'personal'): Promise<ActionResult> {
  const db = ctx.database.db;
  const table = access.page.resource!.table;
  const no = String(record.declarationNo);
  if (record.status !== 'pending' && record.status !== 'failed') throw conflict('pages.taxManage.actions.notPending', { no });
  const figures = kind === 'order' ? await orderFigures(db, record) : await personalFigures(db, record);
  if (figures.mismatch)
    throw conflict('pages.taxManage.actions.mismatch', {
      no,
      orders: yuan(figures.mismatch.orders),
      declared: yuan(figures.mismatch.declared),
    });
  const agent = await db
    .selectFrom('tax_customer_config')
    .select('taxNo')
    .where('partyCode', '=', String(record.partyCode))
    .where('status', '=', 'active')
    .orderBy('id')
    .executeTakeFirst();
  if (!agent) throw conflict('pages.taxManage.actions.noConfig', { party: String(record.partyCode) });

  const request: TaxDeclaration = {
    kind,
    declarationNo: no,
    agentTaxNo: String(agent.taxNo),
    period: String(record.period),
    incomeFen: figures.incomeFen,
    taxFen: figures.taxFen,
    ...(kind === 'personal' ? { idcard: String(record.driverIdcard) } : {}),
  };
  const at = new Date();
  const started = Date.now();
  const answer = await connector.declare(request, at);
  const iso = at.toISOString();
  const by = access.user.username;
  // The exchange is logged whatever the outcome, and kept even when the declaration cannot be updated.
  await db
    .insertInto('tax_log')
    .values({
      partyCode: String(record.partyCode),
      loggedAt: iso,
      action: kind === 'order' ? 'declareOrder' : 'declarePersonal',
      bizNo: no,
      requestId: `TX${randomUUID().replace(/-/g, '').slice(0, 18).toUpperCase()}`,
      request: JSON.stringify({ ...request, idcard: undefined }).slice(0, 2000),
      response: JSON.stringify(answer.ok ? answer.data : { errorCode: answer.errorCode, message: answer.message }).slice(0, 2000),
      result: answer.ok ? 'success' : 'failed',
      errorCode: answer.ok ? null : answer.errorCode,
      voucherNo: answer.ok ? String(answer.data.voucherNo) : null,
      durationMs: Date.now() - started,
      version: 1,
      createdAt: iso,
      updatedAt: iso,
      createdBy: by,
      updatedBy: by,
    })
    .execute();

  const set: Row = answer.ok
    ? { status: 'declared', voucherNo: String(answer.data.voucherNo), declaredAt: iso, failReason: null }
    : { status: 'failed', failReason: answer.message.slice(0, 200) };
  const updated = await db.transaction().execute(async (trx) => {
    const res = await dynamicView(trx)
      .updateTable(table)
      .set({ ...set, version: Number(record.version) + 1, updatedAt: iso, updatedBy: by })
      .where('id', '=', Number(record.id))
      .where('version', '=', Number(record.version))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw conflict('server.data.stale');
    if (kind === 'order') {
      await trx
        .updateTable('tax_order')
        .set({ status: answer.ok ? 'declared' : 'failed', updatedAt: iso, updatedBy: by })
        .where('partyCode', '=', String(record.partyCode))
        .where('declarationNo', '=', no)
        .where('status', 'in', ['pending', 'failed'])
        .execute();
    }
    await audit(
      trx,
      access.user,
      access.page,
      'action:declare',
      Number(record.id),
      { status: record.status, voucherNo: record.voucherNo ?? null },
      set,
    );
    return dynamicView(trx).selectFrom(table).selectAll().where('id', '=', Number(record.id)).executeTakeFirstOrThrow();
  });
  if (!answer.ok) throw providerRefused('pages.taxManage.actions.rejected', { reason: answer.message, no });
  return { message: 'pages.taxManage.actions.declared', params: { voucherNo: set.voucherNo }, rows: [updated as Row] };
}

export const taxActions: Record<string, ActionHandler> = {
  declareOrderTax: (ctx, access, record) => declare(ctx, access, record!, 'order'),
  declarePersonalTax: (ctx, access, record) => declare(ctx, access, record!, 'personal'),
};
