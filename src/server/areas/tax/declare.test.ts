import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../../test/dataApi.js';
import { failure } from '../../connectors/types.js';
import { sandbox } from './connector.js';
import { useTaxConnector } from './declare.js';
import { dynamicView } from '../../db/connect.js';

const ORDER_DECL = 'taxManage/orderDeclaration';
const PERSONAL_DECL = 'taxManage/personalDeclaration';

describe.each(dialects())('declaring taxes through the tax connector on %s', (dialect) => {
  let t: TestApp;
  let custA: Caller;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const row = (table: string, id: number) => dynamicView(db()).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logsOf = (bizNo: string) => db().selectFrom('tax_log').selectAll().where('bizNo', '=', bizNo).orderBy('id').execute();
  const pending = async (who: Caller, page: string, party: string) =>
    dataOf(await who.get(page, `?status=pending&partyCode=${party}&size=50`)).list.filter(
      (r: { partyCode: string }) => r.partyCode === party,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [custA, admin] = await Promise.all(['cust_a', 'admin'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => t?.close());
  afterEach(() => useTaxConnector(sandbox));

  it('files a pending order declaration, records the voucher on it and its orders, and logs the exchange', async () => {
    const [decl] = await pending(custA, ORDER_DECL, 'C1001');
    expect(decl).toBeTruthy();
    const res = dataOf(await custA.post(ORDER_DECL, `/${decl.id}/actions/declare`, {}));
    const stored = await row('tax_order_declaration', decl.id);
    expect(stored).toMatchObject({ status: 'declared', failReason: null });
    // 3, the agent's province (Shanghai 31), the filing date and nine digits.
    expect(String(stored.voucherNo)).toMatch(/^331\d{15}$/);
    expect(res.message).toContain(String(stored.voucherNo));
    const orders = await db().selectFrom('tax_order').select(['status']).where('declarationNo', '=', decl.declarationNo).execute();
    expect(orders.length).toBe(decl.orderCount);
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['declared']));
    const logs = await logsOf(decl.declarationNo);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ partyCode: 'C1001', action: 'declareOrder', result: 'success', voucherNo: stored.voucherNo });
    // Filed once: a second declare is refused and files nothing.
    expect(refusal(await custA.post(ORDER_DECL, `/${decl.id}/actions/declare`, {}), 409).msg).toContain(decl.declarationNo);
    expect(await logsOf(decl.declarationNo)).toHaveLength(1);
  });

  it('refuses a declaration that no longer matches its tax orders, before filing anything', async () => {
    const [decl] = await pending(admin, ORDER_DECL, 'C1002');
    const order = await db()
      .selectFrom('tax_order')
      .select(['id', 'incomeFen'])
      .where('declarationNo', '=', decl.declarationNo)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('tax_order')
      .set({ incomeFen: Number(order.incomeFen) + 100 })
      .where('id', '=', order.id)
      .execute();
    try {
      const msg = refusal(await admin.post(ORDER_DECL, `/${decl.id}/actions/declare`, {}), 409).msg;
      expect(msg).toContain(decl.declarationNo);
      expect(await row('tax_order_declaration', decl.id)).toMatchObject({ status: 'pending', voucherNo: null });
      expect(await logsOf(decl.declarationNo)).toHaveLength(0);
    } finally {
      await db().updateTable('tax_order').set({ incomeFen: order.incomeFen }).where('id', '=', order.id).execute();
    }
  });

  it('keeps the authority’s refusal on the declaration and in the log, and files it again later', async () => {
    const [decl] = await pending(admin, ORDER_DECL, 'C1002');
    useTaxConnector({ declare: async () => failure('SYSTEM_MAINTENANCE', '税务机关系统维护，请稍后重新申报') });
    const msg = refusal(await admin.post(ORDER_DECL, `/${decl.id}/actions/declare`, {}), 422).msg;
    expect(msg).toContain('税务机关系统维护');
    expect(await row('tax_order_declaration', decl.id)).toMatchObject({
      status: 'failed',
      failReason: '税务机关系统维护，请稍后重新申报',
      voucherNo: null,
    });
    expect((await logsOf(decl.declarationNo)).map((l) => [l.result, l.errorCode])).toEqual([['failed', 'SYSTEM_MAINTENANCE']]);

    useTaxConnector(sandbox);
    dataOf(await admin.post(ORDER_DECL, `/${decl.id}/actions/declare`, {}));
    const stored = await row('tax_order_declaration', decl.id);
    expect(stored).toMatchObject({ status: 'declared', failReason: null });
    expect(String(stored.voucherNo)).toMatch(/^351\d{15}$/);
    expect((await logsOf(decl.declarationNo)).map((l) => l.result)).toEqual(['failed', 'success']);
  });

  it('files a driver’s personal declaration with the driver’s income tax of the period', async () => {
    const [decl] = await pending(custA, PERSONAL_DECL, 'C1001');
    dataOf(await custA.post(PERSONAL_DECL, `/${decl.id}/actions/declare`, {}));
    const stored = await row('tax_personal_declaration', decl.id);
    expect(stored.status).toBe('declared');
    const [log] = await logsOf(decl.declarationNo);
    expect(log).toMatchObject({ action: 'declarePersonal', result: 'success', voucherNo: stored.voucherNo });
    expect(JSON.parse(String(log.request))).toMatchObject({
      kind: 'personal',
      period: decl.period,
      incomeFen: decl.incomeFen,
      taxFen: decl.dueFen,
    });
  });

  it('lets a customer declare only its own organisation’s declarations', async () => {
    const [other] = await pending(admin, PERSONAL_DECL, 'C1002');
    refusal(await custA.post(PERSONAL_DECL, `/${other.id}/actions/declare`, {}), 404);
    expect(await row('tax_personal_declaration', other.id)).toMatchObject({ status: 'pending' });
  });

  it('refuses a period that has not ended, in the sandbox as the authority does', async () => {
    const now = new Date();
    const open = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 7);
    const answer = await sandbox.declare(
      { kind: 'order', declarationNo: 'SB202611010001', agentTaxNo: '91310000MA1FL4XQ01', period: open, incomeFen: 100, taxFen: 2 },
      now,
    );
    expect(answer).toMatchObject({ ok: false, errorCode: 'PERIOD_OPEN' });
  });
});
