import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, idOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';

const DEPT = 'platformUser/department';
const TRIGGER = 'systemManage/riskTrigger';
const PARTIES = 'platformUser/partyManage';

describe.each(dialects())('hostile request shapes on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  const manyKeys = (n: number, extra: Record<string, unknown> = {}) => {
    const body: Record<string, unknown> = { ...extra };
    for (let i = 0; i < n; i++) body[`junk${i}`] = i;
    return body;
  };

  it('answers a body of 4,000 unknown keys with one short message, storing nothing', async () => {
    const before = await countRows(t, 'org_department');
    const dept = await idOf(t, 'org_department', { code: 'OPS' });
    for (const res of [
      await admin.post(DEPT, '', manyKeys(4_000, { code: 'FLOOD', name: '洪水', status: 'active' })),
      await admin.put(DEPT, `/${dept}`, manyKeys(4_000, { version: 1 })),
      await admin.post(TRIGGER, '/1/transitions/handle', manyKeys(4_000)),
      await admin.post(PARTIES, '/1/actions/resetPassword', manyKeys(4_000)),
    ]) {
      const body = refusal(res, 400);
      expect(res.body.length).toBeLessThan(1000);
      expect(body.msg).toMatch(/at most 200 fields/);
      expect(body.msg).not.toMatch(/junk/);
    }
    expect(await countRows(t, 'org_department')).toBe(before);
  });

  it('refuses a body of 100,000 keys before parsing it, and answers /healthz meanwhile', async () => {
    const flood = JSON.stringify(manyKeys(100_000, { code: 'FLOOD', name: '洪水', status: 'active' }));
    const form = Array.from({ length: 100_000 }, (_, i) => `k${i}=${i}`).join('&');
    const started = performance.now();
    const health: number[] = [];
    const probe = (async () => {
      // /healthz asked again and again while the floods are sent: each answer's own time is measured.
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
        health.push(performance.now() - t0);
      }
    })();
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: pageUrl(DEPT),
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json', 'accept-language': 'en' },
        payload: flood,
      }),
      t.app.inject({
        method: 'POST',
        url: '/open-platform/authorize',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: flood,
      }),
      t.app.inject({
        method: 'POST',
        url: '/open-platform/authorize',
        remoteAddress: '10.150.0.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
        payload: form,
      }),
    ]);
    await probe;
    expect(answers.map((r) => [r.statusCode, r.json().msg])).toEqual([
      [413, 'The request body holds more than 10000 values'],
      [413, 'The request body holds more than 10000 values'],
      [413, 'The request body holds more than 1000 values'],
    ]);
    // Counting two bytes over 2 MB takes a few milliseconds; parsing and walking the keys took over a second.
    expect(performance.now() - started).toBeLessThan(1000);
    expect(Math.max(...health)).toBeLessThan(250);
  });

  it('names at most the first few unknown keys of a body within the bound', async () => {
    for (const res of [
      await admin.post(DEPT, '', manyKeys(150, { code: 'FLOOD', name: '洪水', status: 'active' })),
      await admin.put(DEPT, `/${await idOf(t, 'org_department', { code: 'OPS' })}`, manyKeys(150, { version: 1 })),
      await admin.post(
        PARTIES,
        `/${await idOf(t, 'sys_party', { code: 'C1001' })}/actions/resetPassword`,
        manyKeys(150, { newPassword: 'Reset2025ok' }),
      ),
    ]) {
      const body = refusal(res, 400);
      expect(res.body.length).toBeLessThan(1000);
      expect(body.msg).toMatch(/^150 fields do not belong to this page, such as junk0, junk1, junk2$/);
      expect(Object.keys(body.data.fieldErrors)).toEqual(['junk0', 'junk1', 'junk2']);
    }
    // One or two unknown keys are still reported with the other fields' errors.
    const few = refusal(await admin.post(DEPT, '', { code: 'FEW', status: 'active', colour: 'red' }), 400);
    expect(Object.keys(few.data.fieldErrors).sort()).toEqual(['colour', 'name']);
  });

  it('refuses a value nested too deep to store, with a field error', async () => {
    const deep = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
    const role = await idOf(t, 'sys_role', { code: 'STAFF' });
    const res = await t.app.inject({
      method: 'PUT',
      url: pageUrl('platformUser/roleManage', `/${role}`),
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: `{"version":1,"description":${deep}}`,
    });
    expect(Object.keys(refusal(res, 400).data.fieldErrors)).toEqual(['description']);
  });

  it('serves a request whose language cookie is a malformed escape', async () => {
    for (const url of ['/', pageUrl(DEPT), '/open-platform/nothing']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: 'language=%E0%A4%A', authorization: `Bearer ${admin.token}` },
      });
      expect(res.statusCode).toBeLessThan(500);
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: pageUrl(DEPT),
      headers: { cookie: 'language=%E0%A4%A', authorization: `Bearer ${admin.token}` },
    });
    expect(dataOf(listed).list.length).toBeGreaterThan(0);
    const zh = await t.app.inject({ method: 'GET', url: pageUrl('nope/page'), headers: { cookie: 'theme=%ZZ; language=zh' } });
    expect(zh.json().msg).toMatch(/登录/);
  });

  it('answers a page id with a literal % as an unknown page, not as a server error', async () => {
    for (const url of [
      '/open-platform/data/%25',
      '/open-platform/data/%25E0%25A4%25A',
      '/open-platform/data/%25/1',
      '/open-platform/schemas/%25',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
      expect(refusal(res, 404).msg).toMatch(/There is no page %/);
    }
    // The id is decoded once: an encoded slash still names the page.
    expect(
      dataOf(
        await t.app.inject({
          method: 'GET',
          url: '/open-platform/data/platformUser%2Fdepartment',
          headers: { authorization: `Bearer ${admin.token}` },
        }),
      ).list.length,
    ).toBeGreaterThan(0);
  });
});
