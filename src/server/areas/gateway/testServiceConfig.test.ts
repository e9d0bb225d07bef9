import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../../test/dataApi.js';

const SMS = 'customerConfig/sms';
const OCR = 'customerConfig/ocr';

describe.each(dialects())('the test action of a customer service configuration on %s', (dialect) => {
  let t: TestApp;
  let custA: Caller;
  let custB: Caller;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const logOf = (requestId: string) =>
    db().selectFrom('cust_service_log').selectAll().where('requestId', '=', requestId).executeTakeFirst();

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [custA, custB, admin] = await Promise.all(['cust_a', 'cust_b', 'admin'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => t?.close());

  it('makes one real call for the configuration’s organisation, logged in its service log, and says what came back', async () => {
    const config = dataOf(await custA.get(SMS)).list[0];
    expect(config.partyCode).toBe('C1001');
    const res = await custA.post(SMS, `/${config.id}/actions/test`, {});
    const body = res.json();
    expect(res.statusCode).toBe(200);
    const requestId = /request ([0-9a-f-]{36})/.exec(body.data.message)?.[1];
    expect(body.data.message).toContain('Test passed: sms.send');
    const logged = await logOf(requestId!);
    expect(logged).toMatchObject({ partyCode: 'C1001', service: 'sms', api: 'send', result: 'success' });
  });

  it('answers the gateway’s refusal when the configuration is disabled, and still logs the refused call', async () => {
    const config = dataOf(await admin.get(OCR, '?partyCode=C1002')).list[0];
    const before = Number(
      (
        await db()
          .selectFrom('cust_service_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('partyCode', '=', 'C1002')
          .where('service', '=', 'ocr')
          .executeTakeFirstOrThrow()
      ).n,
    );
    dataOf(await admin.put(OCR, `/${config.id}`, { version: config.version, status: 'disabled' }));
    const res = refusal(await custB.post(OCR, `/${config.id}/actions/test`, {}), 409);
    expect(res.msg).toMatch(/The test call was refused: .+/);
    const after = Number(
      (
        await db()
          .selectFrom('cust_service_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('partyCode', '=', 'C1002')
          .where('service', '=', 'ocr')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(after).toBe(before + 1);
  });

  it('lets a customer test only its own organisation’s configuration', async () => {
    const other = dataOf(await admin.get(SMS, '?partyCode=C1002')).list[0];
    refusal(await custA.post(SMS, `/${other.id}/actions/test`, {}), 404);
  });
});
