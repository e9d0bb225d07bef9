import type { Db } from '../db/connect.js';
import { badRequest } from '../errors.js';
import type { Row } from './rows.js';
import { dynamicView } from '../db/connect.js';

/**
 * The links of a waybill's chain of documents (docs/DOMAIN-MONEY.md, "The chain") for the writes
 * that are not page forms (a cloud-pay payment, an order-account deduction): the predecessor a
 * document names must exist, belong to the same organisation and still have money open, else 400
 * naming the document, the field and the number, and nothing is written. Page forms state the same
 * with x-ref, `rules[].with` and `rules[].aggregate`.
 */
export interface Link {
  /** Title key of the document being written, and the field holding the predecessor's number. */
  doc: string;
  field: string;
  /** The predecessor: title key, table and key column. */
  target: string;
  table: string;
  key: string;
  value: unknown;
  partyCode: string;
  /** The amount being taken, and what the predecessor still has open (given its row). */
  amountFen?: number;
  open?: (row: Row, trx: Db) => Promise<number>;
}

const yuan = (fen: number) => (fen / 100).toFixed(2);
const refuse = (field: string, key: string, params: Record<string, unknown>) =>
  badRequest(`server.chain.${key}`, params, { fieldErrors: { [field]: { key: `server.chain.${key}`, params } } });

/** Checks one link inside the writing transaction; answers the predecessor's row. */
export async function checkLink(trx: Db, link: Link): Promise<Row> {
  const params = { doc: link.doc, field: link.field, target: link.target, value: String(link.value ?? '').slice(0, 40) };
  if (link.value === null || link.value === undefined || link.value === '') throw refuse(link.field, 'missing', params);
  const row = (await dynamicView(trx).selectFrom(link.table).selectAll().where(link.key, '=', String(link.value)).executeTakeFirst()) as
    | Row
    | undefined;
  if (!row) throw refuse(link.field, 'unknown', params);
  if (row.partyCode !== link.partyCode) throw refuse(link.field, 'otherParty', params);
  if (link.open && link.amountFen !== undefined) {
    const open = await link.open(row, trx);
    if (open <= 0) throw refuse(link.field, 'fullyPaid', params);
    if (link.amountFen > open) throw refuse('amountFen', 'aboveOpen', { ...params, amount: yuan(link.amountFen), open: yuan(open) });
  }
  return row;
}

/** What other documents already took from a predecessor: the sum of `field` over rows naming it. */
export async function taken(
  trx: Db,
  table: string,
  link: string,
  value: unknown,
  field: string,
  where: Record<string, unknown[]> = {},
): Promise<number> {
  let q = dynamicView(trx)
    .selectFrom(table)
    .select((eb) => eb.fn.sum(field).as('v'))
    .where(link, '=', String(value));
  for (const [k, values] of Object.entries(where)) q = q.where(k, 'in', values as never);
  const row = (await q.executeTakeFirst()) as Row | undefined;
  return Number(row?.v ?? 0);
}

/** A freight payment's settlement: what it still owes is its final payment less the payments already sent for it. */
export function settlementLink(doc: string, field: string, value: unknown, partyCode: string, amountFen: number): Link {
  return {
    doc,
    field,
    target: 'pages.tms.settlement.settlement.title',
    table: 'tms_settlement',
    key: 'settlementNo',
    value,
    partyCode,
    amountFen,
    open: async (row, trx) =>
      Number(row.finalPayFen ?? 0) - (await taken(trx, 'cp_payment', 'bizNo', value, 'amountFen', { status: ['processing', 'success'] })),
  };
}

/** An advance or fuel-card payment names the waybill it is paid against. */
export function waybillLink(doc: string, field: string, value: unknown, partyCode: string): Link {
  return { doc, field, target: 'pages.tms.waybill.waybill.title', table: 'tms_waybill', key: 'waybillNo', value, partyCode };
}

/** A prepayment deduction's waybill: what the shipper still owes on it is its total less what was already deducted for it. */
export function waybillDeductionLink(doc: string, field: string, value: unknown, partyCode: string, amountFen: number): Link {
  return {
    doc,
    field,
    target: 'pages.tms.waybill.waybill.title',
    table: 'tms_waybill',
    key: 'waybillNo',
    value,
    partyCode,
    amountFen,
    open: async (row, trx) =>
      Number(row.shipperTotalFen ?? 0) - (await taken(trx, 'cm_charge_log', 'bizNo', value, 'amountFen', { type: ['deduct'] })),
  };
}
