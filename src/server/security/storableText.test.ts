import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, pageUrl, signIn, type Caller } from '../test/dataApi.js';

const DEPT = 'platformUser/department';
const NUL = '\u0000';
const LONE = '\ud800';

/**
 * A zero byte or a lone surrogate in any text a request carries is a 400 naming the field, on both
 * databases: before, PostgreSQL answered 500 (sign-in without signing in, list and export searches,
 * JSON bodies).
 */
describe.each(dialects())('text the databases cannot store, on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const refusedNaming = (res: { statusCode: number; body: string; json(): { status: number; msg: string } }, field: string) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    expect(res.json().status).not.toBe(0);
    expect(res.json().msg).toBe(
      `The text sent contains invalid characters (a zero byte, a lone surrogate, or bytes that are not UTF-8): ${field}`,
    );
  };

  it('refuses a zero byte in a sign-in form before anything is looked up', async () => {
    const history = await countRows(t, 'sys_login_history');
    const res = await t.app.inject({
      method: 'POST',
      url: '/open-platform/authorize',
      remoteAddress: '10.140.0.1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'username=a%00b&password=x',
    });
    refusedNaming(res, 'username');
    expect(await countRows(t, 'sys_login_history')).toBe(history);
  });

  it('refuses a zero byte in the search of a list, options and export, and in other query values', async () => {
    const en = { 'accept-language': 'en' };
    refusedNaming(await admin.get(DEPT, '?q=%00', en), 'q');
    refusedNaming(await admin.get(DEPT, '/options?q=a%00', en), 'q');
    refusedNaming(await admin.get(DEPT, '/export?format=csv&q=%00', en), 'q');
    refusedNaming(await admin.get(DEPT, '/export?format=xlsx&q=%00', en), 'q');
    refusedNaming(await admin.get(DEPT, '?code=%00', en), 'code');
    refusedNaming(await admin.get(DEPT, '?q=%ED%A0%80', en), 'q');
  });

  it('refuses a zero byte or lone surrogate in a JSON body, its keys included, storing nothing', async () => {
    const before = await countRows(t, 'org_department');
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: pageUrl(DEPT),
        headers: { ...bearer(admin.token), 'content-type': 'application/json', 'accept-language': 'en' },
        payload,
      });
    refusedNaming(await post('{"code":"NUL1","name":"a\\u0000b","status":"active"}'), 'name');
    refusedNaming(await post('{"code":"NUL2","name":"ok","status":"active","extra":{"deep":["x","\\u0000"]}}'), 'extra.deep.1');
    refusedNaming(await post('{"code":"NUL3","name":"ok","status":"active","a\\u0000b":1}'), 'a?b');
    refusedNaming(await post('{"code":"NUL4","name":"\\udc00","status":"active"}'), 'name');
    expect(await countRows(t, 'org_department')).toBe(before);
  });

  it('refuses a zero byte in a header and in a path parameter', async () => {
    refusedNaming(
      await t.app.inject({
        method: 'GET',
        url: pageUrl(DEPT),
        headers: { ...bearer(admin.token), 'accept-language': 'en', 'x-client': `a${NUL}b` },
      }),
      'x-client',
    );
    refusedNaming(
      await t.app.inject({
        method: 'GET',
        url: `/open-platform/data/${encodeURIComponent(`platformUser/depart${NUL}ment`)}`,
        headers: { ...bearer(admin.token), 'accept-language': 'en' },
      }),
      'page',
    );
    refusedNaming(
      await t.app.inject({
        method: 'GET',
        url: `/open-platform/data/${encodeURIComponent(DEPT)}/1%00`,
        headers: { ...bearer(admin.token), 'accept-language': 'en' },
      }),
      'id',
    );
  });

  it('answers every documented operation given a zero byte or lone surrogate in each query parameter and a header with a 400 naming it', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/open-platform/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
    };
    const sample: Record<string, string> = {
      page: encodeURIComponent(DEPT),
      id: '1',
      name: 'x',
      service: 'sms',
      operation: 'send',
      code: 'x',
      file: 'x',
    };
    let probes = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      const url = path.replace(/\{(\w+)\}/g, (_, p: string) => sample[p] ?? 'x');
      for (const [method, op] of Object.entries(ops)) {
        for (const q of (op.parameters ?? []).filter((p) => p.in === 'query')) {
          for (const bad of [NUL, LONE]) {
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url: `${url}?${q.name}=${encodeURIComponent(bad === NUL ? NUL : 'x').replace('x', '%ED%A0%80')}`,
              headers: { ...bearer(admin.token), 'accept-language': 'en' },
            });
            if (res.statusCode === 429) continue;
            expect(res.statusCode, `${method} ${path} ?${q.name}: ${res.body.slice(0, 200)}`).toBe(400);
            expect(res.json().msg.endsWith(`: ${q.name}`), `${method} ${path} ?${q.name}: ${res.json().msg}`).toBe(true);
            probes++;
          }
        }
        // Every operation, any body, with a zero byte in a header.
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { ...bearer(admin.token), 'accept-language': 'en', 'user-agent': `x${NUL}` },
        });
        // Sign-in and registration count requests before reading them: past their rate, a 429.
        if (res.statusCode !== 429) refusedNaming(res, 'user-agent');
        probes++;
      }
    }
    expect(probes).toBeGreaterThan(100);
  });
});
