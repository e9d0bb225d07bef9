import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { pageUrl } from '../test/dataApi.js';

/** The routes of the sign-in, session, party, public, log, file, to-do, dashboard and menu-tree modules, and what each takes. */
const OWNED: [method: string, path: string, takes: 'body' | 'query' | 'params' | 'nothing'][] = [
  ['post', '/open-platform/authorize', 'body'],
  ['post', '/open-platform/getUserInfo', 'body'],
  ['get', '/open-platform/logout', 'nothing'],
  ['post', '/open-platform/switchRole', 'query'],
  ['get', '/healthz', 'nothing'],
  ['get', '/open-platform/party/validPhone', 'query'],
  ['post', '/ntocc-tps-api/sms/sendVerificationCode', 'query'],
  ['post', '/open-platform/party/register', 'query'],
  ['post', '/open-platform/party/updatePass', 'query'],
  ['post', '/open-platform/userLog', 'body'],
  ['get', '/open-platform/public/site', 'nothing'],
  ['get', '/open-platform/public/loginOptions', 'nothing'],
  ['post', '/open-platform/errorLog', 'body'],
  ['post', '/open-platform/files', 'body'],
  ['get', '/open-platform/files/{y}/{m}/{name}', 'params'],
  ['get', '/open-platform/todoCount', 'nothing'],
  ['get', '/open-platform/dashboard', 'query'],
  ['get', '/open-platform/menuTree', 'nothing'],
];

type Operation = {
  requestBody?: { content: Record<string, { schema: { properties?: object } }> };
  parameters?: { in: string; name: string }[];
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown> } }> }>;
};

describe('route contracts in the OpenAPI document', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    doc = (await t.app.inject({ method: 'GET', url: '/open-platform/docs/json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(OWNED)('%s %s declares its input and its 200 answer', (method, route, takes) => {
    const op = doc.paths[route]?.[method];
    expect(op, `${method} ${route} is documented`).toBeDefined();
    if (takes === 'body') expect(Object.keys(op.requestBody?.content ?? {}).length).toBeGreaterThan(0);
    if (takes === 'query') expect(op.parameters?.some((p) => p.in === 'query')).toBe(true);
    if (takes === 'params')
      expect(
        op.parameters
          ?.filter((p) => p.in === 'path')
          .map((p) => p.name)
          .sort(),
      ).toEqual(['m', 'name', 'y']);
    const ok = op.responses['200'];
    expect(ok).toBeDefined();
    const schema = Object.values(ok.content ?? {})[0]?.schema;
    expect(schema, 'a 200 response schema').toBeDefined();
    // Envelope routes describe {status, msg, data}; the download and the health check describe their own shape.
    if (route !== '/healthz' && !route.includes('{name}')) expect(Object.keys(schema!.properties ?? {})).toEqual(['status', 'msg', 'data']);
  });

  it('documents the form-encoded sign-in body with its fields', () => {
    const body = doc.paths['/open-platform/authorize'].post.requestBody!.content;
    expect(Object.keys(body)).toContain('application/x-www-form-urlencoded');
    expect(Object.keys(body['application/x-www-form-urlencoded'].schema.properties ?? {})).toEqual(
      expect.arrayContaining(['username', 'password', 'grant_type', 'phone', 'vCode']),
    );
  });
});

describe.each(dialects())('the shared contract pieces on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    token = await login(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (url: string, payload?: string, type = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), 'accept-language': 'en', ...(payload === undefined ? {} : { 'content-type': type }) },
      ...(payload === undefined ? {} : { payload }),
    });

  it('takes a missing body where the body may be left out, and refuses one of another type or too long', async () => {
    // No body: the handler's own check answers.
    expect((await post('/open-platform/switchRole')).json()).toMatchObject({ status: 400, msg: 'Please choose a role' });
    expect((await post('/open-platform/errorLog')).json()).toMatchObject({ status: 400, msg: 'The log entry is empty' });
    const notObject = await post('/open-platform/switchRole', '5');
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().msg).toMatch(/^body must be of type object/);
    const long = await post('/open-platform/switchRole', JSON.stringify({ role: 'R'.repeat(33) }));
    expect(long.json()).toMatchObject({ status: 400, msg: 'role must be at most 32 characters' });
    // A form body is read as the JSON one: a role the user does not hold is refused as such.
    const form = await post('/open-platform/switchRole', 'role=NOT_HELD', 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(403);
  });

  it('answers null as null, and the open objects with their undeclared fields', async () => {
    const info = (await post('/open-platform/getUserInfo')).json().data;
    expect(info.driver).toBeNull();
    // Nullable texts are null or text, never "" made from null.
    for (const key of ['avatar', 'introduction', 'phone', 'language', 'enterpriseLogo'])
      expect(info[key] === null || typeof info[key] === 'string', key).toBe(true);
    const row = await t.app.ctx.database.core
      .selectFrom('sys_user')
      .select(['avatar'])
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    expect(info.avatar).toBe(row.avatar);
    // resourceList entries are open objects: their menu fields pass through the serialiser.
    expect(Object.keys(info.resourceList[0])).toEqual(expect.arrayContaining(['code', 'menuTitle', 'children']));
    expect(info.resourceList[0].children.length).toBeGreaterThan(0);
    expect(Object.keys(info.resourceList[0].children[0]).length).toBeGreaterThan(2);
  });
});

describe.each(dialects())('compressed answers on %s', (dialect) => {
  let t: TestApp;
  let token: string;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'scop-dist-'));
  const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>t</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'app.js.br'), brotliCompressSync(script));
    fs.writeFileSync(path.join(dist, 'assets', 'app.js.gz'), gzipSync(script));
    t = await createTestApp(dialect, { distDir: dist });
    token = await login(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const info = (encoding?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/open-platform/getUserInfo',
      headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('compresses answers above 1 KiB with brotli or gzip, as the client accepts', async () => {
    const plain = await info();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await info('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gz = await info('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('leaves small answers as they are', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 0 });
  });

  it('still streams the CSV export, compressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: pageUrl('platformUser/department', '/export?format=csv'),
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const csv = gunzipSync(res.rawPayload).toString('utf8');
    expect(csv.split('\n').length).toBeGreaterThan(2);
  });

  it('sends the precompressed static files once, not compressed twice', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app.js', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(script);
    const none = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(none.body).toBe(script);
  });
});
