import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { checkLowBalance } from './lowBalance.js';

const PARTY = 'C1001';

describe.each(dialects())('the low-balance alert on %s', (dialect) => {
  let t: TestApp;
  const db = () => t.app.ctx.database.db;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('texts the receivers of the organisation’s alert setting, below its threshold', async () => {
    const now = new Date().toISOString();
    await db().deleteFrom('cust_cfg_alert').where('partyCode', '=', PARTY).execute();
    await db()
      .insertInto('cust_cfg_alert')
      .values({
        partyCode: PARTY,
        status: 'active',
        threshold: 50_000,
        receiverMobiles: JSON.stringify(['13912340001', '13912340002']),
        silenceMin: 60,
        version: 1,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
    // Only the setting names receivers: the service account's own alert phone is empty.
    await db()
      .updateTable('cm_service_account')
      .set({ alertThresholdFen: 0, alertPhone: null, lastAlertAt: null })
      .where('partyCode', '=', PARTY)
      .execute();
    const sent = t.sms.sent.length;
    expect(await checkLowBalance(t.app.ctx, PARTY, 49_999, new Date())).toBe(true);
    const texts = t.sms.sent.slice(sent);
    expect(texts.map((m) => m.phone).sort()).toEqual(['13912340001', '13912340002']);
    expect(texts[0].content).toContain('500.00');
  });
});
