import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';
import { signedLink } from './orgFiles.js';
import { dynamicView } from '../db/connect.js';

const BOUNDARY = '----scop-file-links-boundary-7';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const REFERER = 'https://tms.hdzy-logistics.cn/waybill/1';

describe.each(dialects())('renewing an expired private link on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;
  let bare: string;
  const linkOf = (who: Caller | null, path: string) =>
    t.app.inject({ method: 'GET', url: `${path}/link`, headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  const download = (url: string) => t.app.inject({ method: 'GET', url, headers: { referer: REFERER } });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA, custB] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'cust_a'), signIn(t.app, 'cust_b')]);
    const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n\r\n`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/open-platform/files',
      payload: Buffer.concat([head, PNG, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, authorization: `Bearer ${custA.token}`, referer: REFERER },
    });
    bare = String(dataOf(res).url).split('?')[0];
  });
  afterAll(async () => t?.close());

  it('gives the organisation’s own user a fresh signed link that works where the expired one is refused', async () => {
    const expired = await signedLink(t.app.ctx, bare, 3600, Date.now() - 2 * 3600_000);
    expect((await download(expired)).statusCode).toBe(403);
    const fresh = dataOf(await linkOf(custA, bare));
    expect(fresh.url).toMatch(new RegExp(`^${bare.replace(/[.?]/g, '\\$&')}\\?expires=\\d+&sig=[A-Za-z0-9_-]+$`));
    expect(fresh.ttlSec).toBe(3600);
    expect(fresh.expiresAt - Date.now() / 1000).toBeGreaterThan(3500);
    expect(Number(new URL(fresh.url, 'http://x').searchParams.get('expires'))).toBe(fresh.expiresAt);
    const got = await download(fresh.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
  });

  it('renews for platform staff, and never for another organisation, without a session or for a file that is not there', async () => {
    expect((await download(dataOf(await linkOf(admin, bare)).url)).statusCode).toBe(200);
    const other = await linkOf(custB, bare);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('sig=');
    // The same name under the other organisation's own folder is no file of theirs either.
    expect((await linkOf(custB, bare.replace('/o/C1001/', '/o/C1002/'))).statusCode).toBe(404);
    expect((await linkOf(null, bare)).statusCode).not.toBe(200);
    expect((await linkOf(custA, bare.replace(/[A-Za-z0-9_-]{22}\.png$/, 'AAAAAAAAAAAAAAAAAAAAAA.png'))).statusCode).toBe(404);
    expect((await linkOf(custA, bare.replace(/\/\d{2}\//, '/../'))).statusCode).toBe(404);
  });

  it('answers the plain address once the bucket is no longer private', async () => {
    const page = 'customerConfig/objectStorage';
    const table = t.app.ctx.schemas.pages.get(page)!.resource!.table;
    const { id } = await dynamicView(t.app.ctx.database.db)
      .selectFrom(table)
      .select('id')
      .where('partyCode', '=', 'C1001')
      .executeTakeFirstOrThrow();
    const current = dataOf(await admin.get(page, `/${id}`));
    dataOf(await admin.put(page, `/${id}`, { privateRead: false, version: current.version }));
    expect(dataOf(await linkOf(custA, bare))).toEqual({ url: bare, expiresAt: null, ttlSec: 0 });
    expect((await download(bare)).statusCode).toBe(200);
  });
});
