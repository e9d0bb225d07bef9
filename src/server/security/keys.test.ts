import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn } from '../test/dataApi.js';
import { findApp } from '../areas/gateway/apps.js';
import { openWith } from './secretBox.js';
import { parseKey } from './keys.js';
import { decryptSecret, encryptSecret, readSecret } from './secrets.js';
import { dynamicView } from '../db/connect.js';

const STORAGE = 'customerConfig/objectStorage';

describe('SECRET_KEY has one format', () => {
  it('takes 64 hexadecimal characters and refuses anything else, saying how to make one', () => {
    const hex = randomBytes(32).toString('hex');
    expect(parseKey(hex, 'SECRET_KEY').toString('hex')).toBe(hex);
    // The base64 form the README once listed too.
    expect(() => parseKey(randomBytes(32).toString('base64'), 'SECRET_KEY')).toThrow(
      'SECRET_KEY must be 64 hexadecimal characters (32 bytes, e.g. openssl rand -hex 32)',
    );
    expect(() => parseKey(hex.slice(2), 'SECRET_KEY')).toThrow(/64 hexadecimal/);
  });
});

/**
 * Servers that share a database share every key (no key file per data folder), and a key is rotated
 * by starting with the new key and the old one as previous: stored values move to the new key.
 */
describe.each(dialects())('one key for every server on a database, rotated at start, on %s', (dialect) => {
  let t: TestApp;
  const others: FastifyInstance[] = [];
  const dirs: string[] = [];
  /** Another server on the same database; on PostgreSQL with a data folder of its own. */
  const another = async (patch: Partial<ServerConfig>) => {
    const dataDir = dialect === 'sqlite' ? t.config.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'scop-keys-'));
    if (dataDir !== t.config.dataDir) dirs.push(dataDir);
    const app = await buildApp({ ...t.config, dataDir, ...patch }, { logger: false });
    others.push(app);
    return app;
  };
  const stored = async (app: FastifyInstance) => {
    const config = await app.ctx.database.db
      .selectFrom('cust_cfg_object_storage')
      .selectAll()
      .where('partyCode', '=', 'C1001')
      .executeTakeFirstOrThrow();
    const appRow = await app.ctx.database.db
      .selectFrom('cm_app')
      .select('secretSealed')
      .where('appKey', '=', 'demo-c1001')
      .executeTakeFirstOrThrow();
    return { config, sealed: String(appRow.secretSealed) };
  };
  const secretsSeenBy = async (app: FastifyInstance) => ({
    storage: readSecret(app.ctx, STORAGE, (await stored(app)).config, 'accessKeySecret'),
    app: (await findApp(app.ctx, 'demo-c1001'))?.secret,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const admin = await signIn(t.app, 'admin');
    const table = t.app.ctx.schemas.pages.get(STORAGE)!.resource!.table;
    expect(table).toBe('cust_cfg_object_storage');
    const row = await dynamicView(t.app.ctx.database.db)
      .selectFrom(table)
      .select(['id', 'version'])
      .where('partyCode', '=', 'C1001')
      .executeTakeFirstOrThrow();
    dataOf(await admin.put(STORAGE, `/${row.id}`, { accessKeySecret: 'oss-secret-1', version: row.version }));
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  it('keeps the generated key in the database, not in a file of the data folder, and another server reads every secret', async () => {
    expect(fs.existsSync(path.join(t.config.dataDir, 'secret.key'))).toBe(false);
    expect(await secretsSeenBy(t.app)).toEqual({ storage: 'oss-secret-1', app: 'demo-secret-c1001' });
    const second = await another({});
    expect(await secretsSeenBy(second)).toEqual({ storage: 'oss-secret-1', app: 'demo-secret-c1001' });
  });

  it('refuses to start with a SECRET_KEY in another format', async () => {
    await expect(buildApp({ ...t.config, secretKey: randomBytes(32).toString('base64') }, { logger: false })).rejects.toThrow(
      /SECRET_KEY must be 64 hexadecimal/,
    );
  });

  it('rotates: a server started with a new key re-encrypts every stored secret under it, and the old key is no longer needed', async () => {
    const k2 = randomBytes(32).toString('hex');
    // From the generated key to SECRET_KEY: the generated key is a previous key by itself.
    const second = await another({ secretKey: k2 });
    expect(await secretsSeenBy(second)).toEqual({ storage: 'oss-secret-1', app: 'demo-secret-c1001' });
    let now = await stored(second);
    expect(decryptSecret(Buffer.from(k2, 'hex'), String(now.config.accessKeySecret))).toBe('oss-secret-1');
    expect(openWith(Buffer.from(k2, 'hex'), now.sealed)).toBe('demo-secret-c1001');
    // From K2 to K3 with K2 as SECRET_KEY_PREVIOUS.
    const k3 = randomBytes(32).toString('hex');
    const third = await another({ secretKey: k3, secretKeysPrevious: [k2] });
    now = await stored(third);
    expect(decryptSecret(Buffer.from(k3, 'hex'), String(now.config.accessKeySecret))).toBe('oss-secret-1');
    expect(openWith(Buffer.from(k3, 'hex'), now.sealed)).toBe('demo-secret-c1001');
    // Once rotated, K3 alone reads everything.
    const fourth = await another({ secretKey: k3 });
    expect(await secretsSeenBy(fourth)).toEqual({ storage: 'oss-secret-1', app: 'demo-secret-c1001' });
  });

  it("moves values encrypted with an older version's per-folder key file into the shared key", async () => {
    const legacy = randomBytes(32);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-keys-'));
    dirs.push(dataDir);
    const { config } = await stored(t.app);
    await t.app.ctx.database.db
      .updateTable('cust_cfg_object_storage')
      .set({ accessKeySecret: encryptSecret(legacy, 'oss-secret-legacy') })
      .where('id', '=', config.id as number)
      .execute();
    if (dialect === 'sqlite') fs.writeFileSync(path.join(t.config.dataDir, 'secret.key'), legacy.toString('base64'), { mode: 0o600 });
    else fs.writeFileSync(path.join(dataDir, 'secret.key'), legacy.toString('base64'), { mode: 0o600 });
    const k4 = randomBytes(32).toString('hex');
    const app =
      dialect === 'sqlite'
        ? await another({ secretKey: k4 })
        : await (async () => {
            const a = await buildApp({ ...t.config, dataDir, secretKey: k4 }, { logger: false });
            others.push(a);
            return a;
          })();
    expect(decryptSecret(Buffer.from(k4, 'hex'), String((await stored(app)).config.accessKeySecret))).toBe('oss-secret-legacy');
    if (dialect === 'sqlite') fs.rmSync(path.join(t.config.dataDir, 'secret.key'));
  });
});
