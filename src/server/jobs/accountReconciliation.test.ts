import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';
import { DEMO_APP } from '../areas/gateway/demo.js';
import { callGateway } from '../areas/gateway/testClient.js';
import { runDueJobs } from './runner.js';
import { serviceAccountDifferences } from './accountReconciliation.js';

const ACCOUNT = 'customerManage/serviceAccount';
const SMS = { service: 'sms', operation: 'send', body: { phone: '13800138000', template: 'notice_sign', content: '运单已签收' } };

describe.each(dialects())('the nightly service-account reconciliation on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const dueNow = () =>
    db()
      .updateTable('sys_job_schedule')
      .set({ nextRunAt: new Date(Date.now() - 1000).toISOString(), failures: 0 })
      .where('name', '=', 'accountReconciliation')
      .execute();
  const lastRun = () =>
    db()
      .selectFrom('sys_job_run')
      .selectAll()
      .where('scheduleName', '=', 'accountReconciliation')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => t?.close());

  it('is scheduled nightly and finds the demo accounts, made through the real recharge and metering code, in balance', async () => {
    const s = await db().selectFrom('sys_job_schedule').selectAll().where('name', '=', 'accountReconciliation').executeTakeFirstOrThrow();
    expect(s.dailyAt).toBe('02:30');
    const { accounts, differences } = await serviceAccountDifferences(t.app.ctx);
    expect(accounts).toBeGreaterThanOrEqual(2);
    expect(differences).toEqual([]);
  });

  it('still balances after concurrent calls, a recharge and a refund', async () => {
    const account = dataOf(await admin.get(ACCOUNT, '?partyCode=C1001')).list[0];
    const calls = Promise.all(Array.from({ length: 30 }, () => callGateway(t.app, { ...DEMO_APP, ...SMS })));
    const recharge = admin.post(ACCOUNT, `/${account.id}/actions/recharge`, { amountFen: 12_345, channel: 'online' });
    const refund = admin.post(ACCOUNT, `/${account.id}/actions/refund`, { amountFen: 345 });
    const [answers] = await Promise.all([calls, recharge, refund]);
    expect(answers.filter((r) => r.json().status === 0).length).toBeGreaterThan(0);
    await dueNow();
    await runDueJobs(t.app.ctx, 'test');
    expect(await lastRun()).toMatchObject({ status: 'succeeded' });
  });

  it('fails the run, naming the account and both amounts in yuan, when a balance was changed outside the books', async () => {
    await db()
      .updateTable('cm_service_account')
      .set((eb) => ({ balanceFen: eb('balanceFen', '+', 100) }))
      .where('partyCode', '=', 'C1002')
      .execute();
    await dueNow();
    await runDueJobs(t.app.ctx, 'test');
    const run = await lastRun();
    expect(run.status).toBe('failed');
    expect(String(run.error)).toContain('C1002');
    expect(String(run.error)).toMatch(/¥\d+\.\d{2}.*¥\d+\.\d{2}/);
    expect(String(run.error)).not.toContain('C1001');
    await db()
      .updateTable('cm_service_account')
      .set((eb) => ({ balanceFen: eb('balanceFen', '-', 100) }))
      .where('partyCode', '=', 'C1002')
      .execute();
    await dueNow();
    await runDueJobs(t.app.ctx, 'test');
    expect(await lastRun()).toMatchObject({ status: 'succeeded' });
  });
});
