import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';
import { signedLink } from './orgFiles.js';
import { sandbox as objectStorage } from '../connectors/objectStorage/index.js';
import type { CallInput } from '../connectors/types.js';
import { serviceSettings } from '../areas/gateway/serviceConfig.js';
import { dynamicView } from '../db/connect.js';

const BOUNDARY = '----scop-org-files-boundary-42';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const REFERER = 'https://tms.hdzy-logistics.cn/waybill/1';

function multipart(filename: string, data: Buffer) {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n\r\n`);
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

/** Files under a directory, recursively (to show a refused upload stored nothing). */
const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe.each(dialects())('console uploads by a customer follow its configuration on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;
  const bucketDir = () => path.join(t.config.dataDir, 'hdzy-waybill', 'C1001', 'waybill');
  const upload = (who: Caller, filename: string, data: Buffer, referer: string | null = REFERER) => {
    const body = multipart(filename, data);
    return t.app.inject({
      method: 'POST',
      url: '/open-platform/files',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${who.token}`, ...(referer ? { referer } : {}) },
    });
  };
  const configure = async (service: string, patch: Record<string, unknown>, party = 'C1001') => {
    const page = `customerConfig/${service}`;
    const table = t.app.ctx.schemas.pages.get(page)!.resource!.table;
    const { id } = await dynamicView(t.app.ctx.database.db)
      .selectFrom(table)
      .select('id')
      .where('partyCode', '=', party)
      .executeTakeFirstOrThrow();
    const current = dataOf(await admin.get(page, `/${id}`));
    dataOf(await admin.put(page, `/${id}`, { ...patch, version: current.version }));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA, custB] = await Promise.all([signIn(t.app, 'admin'), signIn(t.app, 'cust_a'), signIn(t.app, 'cust_b')]);
  });
  afterAll(async () => t?.close());

  it('stores the file in the organisation’s bucket and prefix and answers a signed link that expires after urlTtlSec', async () => {
    const res = await upload(custA, 'logo.png', PNG);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.url;
    expect(url).toMatch(/^\/open-platform\/files\/o\/C1001\/\d{4}\/\d{2}\/[A-Za-z0-9_-]{22}\.png\?expires=\d+&sig=[A-Za-z0-9_-]+$/);
    const [y, m, name] = url.split('?')[0].split('/').slice(-3);
    expect(fs.readFileSync(path.join(bucketDir(), y, m, name)).equals(PNG)).toBe(true);
    const expires = Number(new URL(url, 'http://x').searchParams.get('expires'));
    expect(expires - Date.now() / 1000).toBeGreaterThan(3500);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(3600);

    const get = await t.app.inject({ method: 'GET', url, headers: { referer: REFERER } });
    expect(get.statusCode).toBe(200);
    expect(get.rawPayload.equals(PNG)).toBe(true);
    expect(get.headers['cache-control']).toBe('private, no-store');

    const bare = url.split('?')[0];
    const expired = await signedLink(t.app.ctx, bare, 3600, Date.now() - 2 * 3600_000);
    const old = await t.app.inject({ method: 'GET', url: expired, headers: { referer: REFERER } });
    expect(old.statusCode).toBe(403);
    expect(old.json().msg).toMatch(/expired|过期/);
    expect((await t.app.inject({ method: 'GET', url: bare, headers: { referer: REFERER } })).statusCode).toBe(403);
    // One character of the signature changed (never to itself: a signature may start with "A").
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const altered = url.replace(`sig=${sig}`, `sig=${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    expect((await t.app.inject({ method: 'GET', url: altered, headers: { referer: REFERER } })).statusCode).toBe(403);
  });

  it('refuses a file over maxSizeMb (413) or of an extension the organisation does not allow (400), naming the limit and storing nothing', async () => {
    const before = filesUnder(bucketDir()).length;
    const gif = await upload(custA, 'a.gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'));
    expect(gif.statusCode).toBe(400);
    expect(gif.json().msg).toContain('png, jpg, pdf');

    await configure('upload', { maxSizeMb: 1 });
    const big = await upload(custA, 'big.png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]));
    expect(big.statusCode).toBe(413);
    expect(big.json().msg).toContain('1 MB');
    expect(filesUnder(bucketDir()).length).toBe(before);

    // The platform's own users keep the platform's rules and storage.
    const staff = await upload(admin, 'a.gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), null);
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data.url).toMatch(/^\/open-platform\/files\/\d{4}\//);
  });

  it('checks the referer whitelist on uploads and on downloads of the organisation’s files', async () => {
    const ok = await upload(custA, 'scan.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    expect(ok.statusCode).toBe(200);
    const url: string = ok.json().data.url;
    const before = filesUnder(bucketDir()).length;

    const evil = await upload(custA, 'scan.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'https://evil.example.com/page');
    expect(evil.statusCode).toBe(403);
    expect(evil.json().msg).toContain('*.hdzy-logistics.cn');
    // The reason reads as words in the caller's language, not as a code.
    expect(evil.json().msg).not.toMatch(/notWhitelisted|widgets\./);
    const empty = await upload(custA, 'scan.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), null);
    expect(empty.statusCode).toBe(403);
    expect(empty.json().msg).not.toMatch(/emptyReferer|widgets\./);
    expect(filesUnder(bucketDir()).length).toBe(before);

    expect((await t.app.inject({ method: 'GET', url, headers: { referer: 'https://evil.example.com/' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    // The console's own pages (same host) always pass.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url,
          headers: { host: 'console.example.net', referer: 'http://console.example.net/customerManage' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await upload(custA, 'scan.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'http://localhost:80/x')).statusCode).toBe(200);
    await configure('uploadReferer', { allowEmpty: true });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await upload(custA, 'scan.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), null)).statusCode).toBe(200);
  });

  it('keeps organisations apart when they name the same bucket and prefix: links, downloads and gateway keys', async () => {
    await configure('objectStorage', { bucket: 'hdzy-waybill', pathPrefix: 'waybill/' }, 'C1002');
    const res = await upload(custA, 'private.pdf', Buffer.from('%PDF-1.4\n% cust_a only\n%%EOF\n'));
    expect(res.statusCode).toBe(200);
    const [y, m, name] = res.json().data.url.split('?')[0].split('/').slice(-3);
    // cust_b names its own organisation in the address with cust_a's file name: nothing there.
    const link = await t.app.inject({
      method: 'GET',
      url: `/open-platform/files/o/C1002/${y}/${m}/${name}/link`,
      headers: { authorization: `Bearer ${custB.token}` },
    });
    expect(link.statusCode).toBe(404);
    // A link signed for C1002's address finds no file either (the signature covers the party's path).
    const signed = await signedLink(t.app.ctx, `/open-platform/files/o/C1002/${y}/${m}/${name}`, 3600);
    expect(
      (await t.app.inject({ method: 'GET', url: signed, headers: { host: 'console.example.net', referer: 'http://console.example.net/' } }))
        .statusCode,
    ).toBe(404);
    // The gateway's object storage of C1002 does not see C1001's files under the same bucket.
    const call = async (partyCode: string) =>
      objectStorage.get({
        ctx: t.app.ctx,
        partyCode,
        params: { key: `${y}/${m}/${name}` },
        settings: await serviceSettings(t.app.ctx, partyCode, 'objectStorage'),
      } as unknown as CallInput);
    expect((await call('C1002')).ok).toBe(false);
    expect((await call('C1001')).ok).toBe(true);
    // Their own link still works.
    const own = await t.app.inject({
      method: 'GET',
      url: `/open-platform/files/o/C1001/${y}/${m}/${name}/link`,
      headers: { authorization: `Bearer ${custA.token}` },
    });
    expect(own.statusCode).toBe(200);
  });
});
