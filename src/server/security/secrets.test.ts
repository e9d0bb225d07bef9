import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { schemasWithFixture } from '../test/fixtureSchemas.js';
import { decryptSecret, encryptSecret, readSecret } from './secrets.js';
import { dynamicView } from '../db/connect.js';

const CLIENT = 'opsArea/apiClient';

describe('secret encryption', () => {
  it('round-trips with AES-256-GCM and refuses a tampered value', () => {
    const key = Buffer.alloc(32, 7);
    const stored = encryptSecret(key, 'top secret');
    expect(stored).not.toContain('top secret');
    expect(decryptSecret(key, stored)).toBe('top secret');
    const tampered = stored.slice(0, -4) + (stored.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(() => decryptSecret(key, tampered)).toThrow();
  });
});

describe.each(dialects())('generated and write-only secrets, on %s', (dialect) => {
  let t: TestApp;
  let custA: Caller;
  let custB: Caller;
  const fixture = schemasWithFixture('opsArea');
  beforeAll(async () => {
    t = await createTestApp(dialect, { schemasDir: fixture.dir });
    [custA, custB] = await Promise.all(['cust_a', 'cust_b'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => {
    await t?.close();
    fixture.remove();
  });

  it('generates an app key and a secret, shows the secret once, and stores it encrypted', async () => {
    const created = dataOf(
      await custA.post(CLIENT, '', { name: 'erp', appKey: 'mine', appSecret: 'mine', webhookToken: 'hook-token-123456' }),
      201,
    );
    expect(created.appKey).toMatch(/^ak[A-Za-z0-9]{18}$/);
    expect(created.generatedSecrets.appSecret).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(created.appSecret).toBeUndefined();
    expect(created.webhookToken).toBeUndefined();
    expect(Date.parse(created.appSecretSetAt)).toBeGreaterThan(0);
    expect(Date.parse(created.webhookTokenSetAt)).toBeGreaterThan(0);
    const again = dataOf(await custA.get(CLIENT, `/${created.id}`));
    expect(JSON.stringify(again)).not.toContain(created.generatedSecrets.appSecret);
    expect(again.generatedSecrets).toBeUndefined();
    expect(again.appSecretSetAt).toBe(created.appSecretSetAt);
    const list = dataOf(await custA.get(CLIENT, ''));
    expect(JSON.stringify(list)).not.toContain('hook-token-123456');

    const row = await dynamicView(t.app.ctx.database.db)
      .selectFrom('t_api_client')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(String(row.appSecret)).toMatch(/^enc:v1:/);
    expect(readSecret(t.app.ctx, CLIENT, row, 'appSecret')).toBe(created.generatedSecrets.appSecret);
    expect(readSecret(t.app.ctx, CLIENT, row, 'webhookToken')).toBe('hook-token-123456');
    expect(() => readSecret(t.app.ctx, CLIENT, row, 'name')).toThrow();

    if (dialect === 'sqlite') {
      // The database file itself (and its write-ahead log) never holds the plain secret.
      await dynamicView(t.app.ctx.database.db).selectFrom('t_api_client').select('id').execute();
      const bytes = Buffer.concat(
        ['app.db', 'app.db-wal']
          .map((f) => path.join(t.config.dataDir, f))
          .filter((f) => fs.existsSync(f))
          .map((f) => fs.readFileSync(f)),
      );
      expect(bytes.length).toBeGreaterThan(0);
      expect(bytes.includes(Buffer.from(created.generatedSecrets.appSecret))).toBe(false);
      expect(bytes.includes(Buffer.from('hook-token-123456'))).toBe(false);
      expect(bytes.includes(Buffer.from(created.appKey))).toBe(true);
    }
  });

  it('rotates the secret by an action: the new one is shown once, the old one stops working, others cannot', async () => {
    const created = dataOf(await custA.post(CLIENT, '', { name: 'wms' }), 201);
    refusal(await custB.post(CLIENT, `/${created.id}/actions/rotate`, {}), 404);
    const rotated = dataOf(await custA.post(CLIENT, `/${created.id}/actions/rotate`, {}));
    expect(rotated.secrets.appSecret).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(rotated.secrets.appSecret).not.toBe(created.generatedSecrets.appSecret);
    expect(rotated.rows[0].appSecret).toBeUndefined();
    expect(rotated.rows[0].version).toBe(created.version + 1);
    const row = await dynamicView(t.app.ctx.database.db)
      .selectFrom('t_api_client')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(readSecret(t.app.ctx, CLIENT, row, 'appSecret')).toBe(rotated.secrets.appSecret);
    const audits = await t.app.ctx.database.db
      .selectFrom('sys_audit')
      .select(['action', 'after'])
      .where('page', '=', CLIENT)
      .where('recordId', '=', created.id)
      .execute();
    expect(audits.map((a) => a.action)).toContain('action:rotateSecret');
    expect(JSON.stringify(audits)).not.toContain(rotated.secrets.appSecret);
  });

  it('keeps a write-only value when an edit leaves it blank and re-encrypts a new one', async () => {
    const created = dataOf(await custA.post(CLIENT, '', { name: 'tms', webhookToken: 'first-token' }), 201);
    const kept = dataOf(await custA.put(CLIENT, `/${created.id}`, { name: 'tms2', webhookToken: '', version: created.version }));
    let row = await dynamicView(t.app.ctx.database.db)
      .selectFrom('t_api_client')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(readSecret(t.app.ctx, CLIENT, row, 'webhookToken')).toBe('first-token');
    dataOf(await custA.put(CLIENT, `/${created.id}`, { name: 'tms2', webhookToken: 'second-token', version: kept.version }));
    row = await dynamicView(t.app.ctx.database.db)
      .selectFrom('t_api_client')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(String(row.webhookToken)).toMatch(/^enc:v1:/);
    expect(readSecret(t.app.ctx, CLIENT, row, 'webhookToken')).toBe('second-token');
  });
});
