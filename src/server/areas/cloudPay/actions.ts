import type { ActionHandler } from '../../actions/types.js';
import { scopedParty } from '../../data/access.js';
import { audit } from '../../data/audit.js';
import { toRecord } from '../../data/rows.js';
import { settlePayment, submitPayment, type PaymentOrder } from './payments.js';

const M = 'pages.cloudPay.messages';

export const cloudPayActions: Record<string, ActionHandler> = {
  /** A new payment from one of the caller's accounts: frozen and sent to the bank, processing until it answers. */
  async submitCloudPayment(ctx, access, _record, body) {
    const order = { ...body, amountFen: Number(body.amountFen) } as unknown as PaymentOrder;
    const row = await submitPayment(ctx, access.user.username, scopedParty(access), order);
    await audit(ctx.database.db, access.user, access.page, 'action:submitPayment', Number(row.id), null, {
      payNo: row.payNo,
      amountFen: row.amountFen,
      feeFen: row.feeFen,
    });
    return { message: `${M}.submitted`, params: { payNo: row.payNo }, rows: [toRecord(access.page, row)] };
  },
  /** The bank's result for a processing payment, booked to the account, its receipts and balance log. */
  async queryCloudPayment(ctx, access, record) {
    const row = await settlePayment(ctx, access.user.username, String(record!.payNo));
    await audit(
      ctx.database.db,
      access.user,
      access.page,
      'action:queryPayment',
      Number(row.id),
      { status: record!.status },
      { status: row.status, bankSerialNo: row.bankSerialNo },
    );
    return {
      message: `${M}.finished`,
      params: { payNo: row.payNo, status: { key: `pages.cloudPay.enums.payStatus.${String(row.status)}` } },
      rows: [toRecord(access.page, row)],
    };
  },
};
