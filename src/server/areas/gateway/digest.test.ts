import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { callGateway } from './testClient.js';
import { GATEWAY_CODES } from './codes.js';
import { DEMO_APP } from './demo.js';
import { tableWritten } from '../../services/tableCache.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The project's schemas plus a minimal customerConfig/interfaceDigest page when the project has none yet. */
function schemasWithDigestPage(): string {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-schemas-'));
  fs.cpSync(path.join(here, '../../../schemas'), tmp, { recursive: true });
  const target = path.join(tmp, 'customerConfig/interfaceDigest.json');
  if (!fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(here, '../../test/fixtures/gateway/interfaceDigest.json'), target);
  }
  return tmp;
}

const SMS = { service: 'sms', operation: 'send', body: { phone: '13800138000', template: 'notice_sign' } };

describe.each(dialects())('the customer’s interface-digest configuration on %s', (dialect) => {
  let t: TestApp;
  let schemasDir: string;
  const db = () => t.app.ctx.database.db;
  const configure = async (values: Record<string, unknown>) => {
    await db().deleteFrom('cust_cfg_interface_digest').where('partyCode', '=', 'C1001').execute();
    const now = new Date().toISOString();
    await db()
      .insertInto('cust_cfg_interface_digest')
      .values({ partyCode: 'C1001', status: 'enabled', version: 1, createdAt: now, updatedAt: now, ...values })
      .execute();
    tableWritten('cust_cfg_interface_digest');
  };
  beforeAll(async () => {
    schemasDir = schemasWithDigestPage();
    t = await createTestApp(dialect, { schemasDir });
    await db().updateTable('cm_service_open').set({ dailyQuota: 0, qpsLimit: 0 }).where('partyCode', '=', 'C1001').execute();
    tableWritten('cm_service_open');
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(schemasDir, { recursive: true, force: true });
  });

  it('requires HMAC-SM3 signatures when the algorithm is SM3', async () => {
    await configure({ algorithm: 'SM3', ipWhitelist: '[]' });
    expect((await callGateway(t.app, { ...DEMO_APP, ...SMS })).json().status).toBe(GATEWAY_CODES.badSignature.status);
    expect((await callGateway(t.app, { ...DEMO_APP, ...SMS, algorithm: 'sm3' })).json().status).toBe(0);
  });

  it('applies the configured timestamp tolerance and IP whitelist (CIDR)', async () => {
    await configure({ algorithm: 'HMAC-SHA256', tsToleranceSec: 30, ipWhitelist: JSON.stringify(['116.228.50.0/24']) });
    expect((await callGateway(t.app, { ...DEMO_APP, ...SMS, ip: '116.228.50.7', timestamp: Date.now() - 60_000 })).json().status).toBe(
      GATEWAY_CODES.expiredTimestamp.status,
    );
    expect((await callGateway(t.app, { ...DEMO_APP, ...SMS, ip: '116.228.51.7' })).json().status).toBe(GATEWAY_CODES.ipNotAllowed.status);
    expect((await callGateway(t.app, { ...DEMO_APP, ...SMS, ip: '116.228.50.7' })).json().status).toBe(0);
    const refused = await db()
      .selectFrom('cust_service_log')
      .select(['result', 'errorCode'])
      .where('ip', '=', '116.228.51.7')
      .executeTakeFirstOrThrow();
    expect(refused).toEqual({ result: 'refused', errorCode: 'ipNotAllowed' });
  });
});
