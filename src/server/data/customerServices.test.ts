import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { readSecret } from '../security/secrets.js';

const SMS = 'customerConfig/sms';
const LICENSE = 'customerConfig/license';
const DIGEST = 'customerConfig/interfaceDigest';
const SMS_LOG = 'customerLog/sms';
const BANK_LOG = 'customerLog/bank';

describe.each(dialects())('customer service configurations and logs on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;
  let staff: Caller;
  const logIds: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA, custB, staff] = await Promise.all(['admin', 'cust_a', 'cust_b', 'staff'].map((u) => signIn(t.app, u)));
    // The gateway writes these; the demo's calls are removed so a few rows of two services and two
    // organisations are the whole log.
    await t.app.ctx.database.db.deleteFrom('cust_service_log').execute();
    const now = Date.now();
    const rows = [
      ['sms', 'C1001', 'success', 'WB1', 1],
      ['sms', 'C1001', 'failure', 'WB2', 2],
      ['sms', 'C1002', 'success', 'WB3', 3],
      ['bank', 'C1001', 'success', 'WB4', 4],
      ['sms', 'C1001', 'success', 'WB5', 24 * 20],
    ] as const;
    for (const [service, partyCode, result, bizNo, hoursAgo] of rows) {
      const at = new Date(now - hoursAgo * 3_600_000).toISOString();
      const { id } = await t.app.ctx.database.db
        .insertInto('cust_service_log')
        .values({
          service,
          partyCode,
          result,
          bizNo,
          api: 'send',
          calledAt: at,
          requestId: `R-${bizNo}`,
          durationMs: 12,
          billedCount: 1,
          feeFen: 4,
          version: 1,
          createdAt: at,
          updatedAt: at,
          createdBy: 'gateway',
          updatedBy: 'gateway',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      logIds[bizNo] = Number(id);
    }
  });
  afterAll(() => t.close());

  it('shows a customer only its own configuration, never its secret', async () => {
    const mine = dataOf(await custA.get(SMS)).list;
    expect(mine.map((r: { partyCode: string }) => r.partyCode)).toEqual(['C1001']);
    expect(mine[0]).not.toHaveProperty('secret');
    expect(dataOf(await admin.get(SMS)).total).toBe(2);
    const theirs = dataOf(await admin.get(SMS, '?partyCode=C1002')).list[0];
    refusal(await custA.get(SMS, `/${theirs.id}`), 404);
    refusal(await custA.put(SMS, `/${theirs.id}`, { version: theirs.version, signName: '冒名' }), 404);
  });

  it('refuses impossible values with each field’s message and stores nothing', async () => {
    const before = await countRows(t, 'cust_cfg_license');
    const bad = refusal(
      await custB.post(LICENSE, '', {
        provider: 'nowhere',
        edition: 'standard',
        unitPriceFen: 0,
        dailyQuota: -1,
        qpsLimit: 0,
        status: 'enabled',
        domain: 'not a domain',
      }),
      400,
    );
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(['dailyQuota', 'domain', 'provider']);
    const dates = refusal(
      await custB.post(LICENSE, '', {
        provider: 'sandbox',
        edition: 'standard',
        unitPriceFen: 0,
        dailyQuota: 0,
        qpsLimit: 0,
        status: 'enabled',
        validFrom: '2026-05-01',
        validTo: '2026-04-30',
      }),
      400,
    );
    expect(Object.keys(dates.data.fieldErrors)).toEqual(['validTo']);
    const cidr = refusal(
      await custA.post(DIGEST, '', {
        algorithm: 'SM3',
        ipWhitelist: ['10.0.0.0/33'],
        provider: 'sandbox',
        status: 'enabled',
        unitPriceFen: 0,
        dailyQuota: 0,
        qpsLimit: 0,
      }),
      400,
    );
    expect(Object.keys(cidr.data.fieldErrors)).toEqual(['ipWhitelist']);
    expect(await countRows(t, 'cust_cfg_license')).toBe(before);
  });

  it('creates a configuration for the caller’s organisation, once, with a write-only secret', async () => {
    const made = dataOf(
      await custB.post(LICENSE, '', {
        provider: 'platform',
        edition: 'enterprise',
        licenseKey: 'LK-SECRET-1',
        secret: 's3cr3t',
        unitPriceFen: 0,
        dailyQuota: 0,
        qpsLimit: 0,
        status: 'enabled',
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
        domain: '*.xntd-scm.com',
      }),
      201,
    );
    expect(made).toMatchObject({ partyCode: 'C1002', edition: 'enterprise', domain: '*.xntd-scm.com' });
    expect(made).not.toHaveProperty('secret');
    expect(made).not.toHaveProperty('licenseKey');
    const read = dataOf(await custB.get(LICENSE, `/${made.id}`));
    expect(read).not.toHaveProperty('secret');
    const stored = await t.app.ctx.database.db
      .selectFrom('cust_cfg_license')
      .select(['secret', 'licenseKey'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    // Stored encrypted; the server reads them back for the connector.
    expect(String(stored.secret)).toMatch(/^enc:v1:/);
    expect(String(stored.secret)).not.toContain('s3cr3t');
    expect(readSecret(t.app.ctx, 'customerConfig/license', stored, 'secret')).toBe('s3cr3t');
    expect(readSecret(t.app.ctx, 'customerConfig/license', stored, 'licenseKey')).toBe('LK-SECRET-1');
    // A blank secret on edit keeps the stored one.
    dataOf(await custB.put(LICENSE, `/${made.id}`, { version: made.version, secret: '', maxUsers: 20 }));
    const kept = await t.app.ctx.database.db
      .selectFrom('cust_cfg_license')
      .select('secret')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(readSecret(t.app.ctx, 'customerConfig/license', kept, 'secret')).toBe('s3cr3t');
    refusal(
      await custB.post(LICENSE, '', {
        provider: 'sandbox',
        edition: 'standard',
        unitPriceFen: 0,
        dailyQuota: 0,
        qpsLimit: 0,
        status: 'enabled',
      }),
      400,
    );
    refusal(
      await staff.post(LICENSE, '', {
        provider: 'sandbox',
        edition: 'standard',
        unitPriceFen: 0,
        dailyQuota: 0,
        qpsLimit: 0,
        status: 'enabled',
      }),
      403,
    );
  });

  it('lists a service log over the shared table, held to its service and the caller’s organisation', async () => {
    const mine = dataOf(await custA.get(SMS_LOG, '?sort=-calledAt'));
    expect(mine.list.map((r: { bizNo: string }) => r.bizNo)).toEqual(['WB1', 'WB2', 'WB5']);
    expect(dataOf(await custA.get(BANK_LOG)).list.map((r: { bizNo: string }) => r.bizNo)).toEqual(['WB4']);
    expect(dataOf(await admin.get(SMS_LOG)).total).toBe(4);
    expect(dataOf(await custA.get(SMS_LOG, '?result=failure')).list.map((r: { bizNo: string }) => r.bizNo)).toEqual(['WB2']);
    expect(dataOf(await custA.get(SMS_LOG, '?bizNo=WB5')).total).toBe(1);
    const from = new Date(Date.now() - 2.5 * 3_600_000).toISOString();
    expect(
      dataOf(await custA.get(SMS_LOG, `?calledAt=${encodeURIComponent(`${from},`)}`)).list.map((r: { bizNo: string }) => r.bizNo),
    ).toEqual(['WB1', 'WB2']);
  });

  it('answers 403 to a request that names another service, and changes nothing', async () => {
    refusal(await custA.get(SMS_LOG, '?service=bank'), 403);
    refusal(await custA.get(SMS_LOG, '/export?format=csv&service=bank'), 403);
    expect(dataOf(await custA.get(SMS_LOG, '?service=sms')).total).toBe(3);
    refusal(await custA.get(SMS_LOG, `/${logIds.WB4}`), 404);
    expect(dataOf(await custA.get(BANK_LOG, `/${logIds.WB4}`)).service).toBe('bank');
    refusal(await admin.post(SMS_LOG, '', { service: 'sms' }), 405);
    refusal(await admin.del(SMS_LOG, `/${logIds.WB1}`), 405);
    expect(await countRows(t, 'cust_service_log')).toBe(5);
  });

  it('exports only the service’s rows of the caller', async () => {
    const res = await custA.get(SMS_LOG, '/export?format=csv');
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(['WB1', 'WB2', 'WB5'].every((b) => body.includes(b))).toBe(true);
    expect(body).not.toContain('WB3');
    expect(body).not.toContain('WB4');
  });
});
