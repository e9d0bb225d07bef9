import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, idOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';

const DEPT = 'platformUser/department';
const TEAM = 'platformUser/team';
const STAFF = 'platformUser/staffManage';

describe.each(dialects())('data API writes on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => {
    await t.close();
  });

  const createDept = async (code: string, who = admin, extra: Record<string, unknown> = {}) =>
    dataOf(await who.post(DEPT, '', { code, name: `部门${code}`, status: 'active', ...extra }), 201);

  it('creates a record (201) with defaults and system fields, ignoring server-managed fields in the body', async () => {
    const rec = await createDept('QA', admin, { id: 9999, version: 7, createdBy: 'mallory', partyCode: 'P0001', leader: '质检' });
    expect(rec).toMatchObject({
      code: 'QA',
      name: '部门QA',
      leader: '质检',
      sort: 0,
      status: 'active',
      version: 1,
      partyCode: 'P0001',
      createdBy: 'admin',
    });
    expect(rec.id).not.toBe(9999);
    expect(Date.parse(rec.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(dataOf(await admin.get(DEPT, `/${rec.id}`))).toEqual(rec);
  });

  it('answers 404 for a missing record and 400 for a malformed id', async () => {
    const missing = refusal(await admin.get(DEPT, '/987654'), 404);
    expect(missing.msg).toContain('987654');
    refusal(await admin.get(DEPT, '/abc'), 400);
    refusal(await admin.get(DEPT, '/0'), 400);
    refusal(await admin.get(DEPT, '/1.5'), 400);
  });

  it('updates with the version read, bumps it, and answers 409 with the current record for a stale one', async () => {
    const rec = await createDept('UPD');
    const updated = dataOf(await admin.put(DEPT, `/${rec.id}`, { version: 1, name: '更新后', leader: '张三' }));
    expect(updated).toMatchObject({ id: rec.id, name: '更新后', leader: '张三', code: 'UPD', version: 2, updatedBy: 'admin' });

    const stale = refusal(await admin.put(DEPT, `/${rec.id}`, { version: 1, name: '覆盖' }), 409);
    expect(stale.data.current).toMatchObject({ id: rec.id, name: '更新后', version: 2 });
    expect(stale.msg).toMatch(/changed/i);
    expect(dataOf(await admin.get(DEPT, `/${rec.id}`)).name).toBe('更新后');

    // An emptied optional field becomes null; a field set only at creation cannot change.
    expect(dataOf(await admin.put(DEPT, `/${rec.id}`, { version: 2, leader: '' })).leader).toBeNull();
    const locked = refusal(await admin.put(DEPT, `/${rec.id}`, { version: 3, code: 'OTHER' }), 400);
    expect(Object.keys(locked.data.fieldErrors)).toEqual(['code']);
  });

  it('refuses an update without a usable version with 400', async () => {
    const rec = await createDept('NOVER');
    for (const body of [{ name: 'x' }, { version: '1', name: 'x' }, { version: null, name: 'x' }, { version: 1.5 }]) {
      expect(refusal(await admin.put(DEPT, `/${rec.id}`, body), 400).msg).toMatch(/version/i);
    }
    refusal(await admin.put(DEPT, '/987654', { version: 1, name: 'x' }), 404);
    expect(dataOf(await admin.get(DEPT, `/${rec.id}`))).toMatchObject({ name: '部门NOVER', version: 1 });
  });

  it('deletes a record, after which it is gone', async () => {
    const rec = await createDept('DEL');
    expect(dataOf(await admin.del(DEPT, `/${rec.id}`))).toEqual({ deleted: 1 });
    refusal(await admin.get(DEPT, `/${rec.id}`), 404);
    refusal(await admin.del(DEPT, `/${rec.id}`), 404);
  });

  it('bulk-deletes by ids and refuses malformed id lists with 400', async () => {
    const a = await createDept('BULK-A');
    const b = await createDept('BULK-B');
    const c = await createDept('BULK-C');
    expect(dataOf(await admin.post(DEPT, '/bulk-delete', { ids: [a.id, b.id, a.id] }))).toEqual({ deleted: 2 });
    refusal(await admin.get(DEPT, `/${a.id}`), 404);
    for (const body of [
      {},
      { ids: [] },
      { ids: String(c.id) },
      { ids: [0] },
      { ids: [1.5] },
      { ids: ['1'] },
      { ids: Array.from({ length: 201 }, (_, i) => i + 1) },
    ]) {
      expect(refusal(await admin.post(DEPT, '/bulk-delete', body), 400).msg).toMatch(/ids/);
    }
    expect(dataOf(await admin.get(DEPT, `/${c.id}`)).code).toBe('BULK-C');
  });

  it('bulk-deletes all or nothing: one id of another organisation deletes nothing (404)', async () => {
    const own = await createDept('MINE', custA);
    const theirs = await idOf(t, 'org_department', { code: 'WH', partyCode: 'C1002' });
    const before = await countRows(t, 'org_department');
    const res = refusal(await custA.post(DEPT, '/bulk-delete', { ids: [own.id, theirs] }), 404);
    expect(res.msg).toContain(String(theirs));
    expect(await countRows(t, 'org_department')).toBe(before);
    expect(dataOf(await custA.get(DEPT, `/${own.id}`)).code).toBe('MINE');
    expect(dataOf(await admin.get(DEPT, `/${theirs}`)).code).toBe('WH');
    const missing = refusal(await admin.post(DEPT, '/bulk-delete', { ids: [own.id, 987654] }), 404);
    expect(missing.msg).toContain('987654');
    expect(await countRows(t, 'org_department')).toBe(before);
  });

  it('validates the body with ajv: one message per field, nothing stored', async () => {
    const before = await countRows(t, 'org_department');
    const res = refusal(
      await admin.post(DEPT, '', {
        code: 123,
        phone: '12345',
        remark: 'x'.repeat(201),
        colour: 'red',
        sort: 'first',
        status: 'archived',
      }),
      400,
    );
    const fe = res.data.fieldErrors as Record<string, string>;
    expect(Object.keys(fe).sort()).toEqual(['code', 'colour', 'name', 'phone', 'remark', 'sort', 'status']);
    expect(fe.name).toMatch(/required/);
    expect(fe.code).toMatch(/type string/);
    expect(fe.phone).toMatch(/mobile/);
    expect(fe.remark).toMatch(/at most 200/);
    expect(fe.colour).toMatch(/does not belong/);
    expect(fe.sort).toMatch(/type integer/);
    expect(fe.status).toMatch(/not allowed/);
    expect(res.msg).toBeTruthy();
    expect(await countRows(t, 'org_department')).toBe(before);
  });

  it('validates updates too, and answers field errors in the caller’s language', async () => {
    const rec = await createDept('VAL');
    const res = await t.app.inject({
      method: 'PUT',
      url: pageUrl(DEPT, `/${rec.id}`),
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'zh-CN' },
      payload: { version: 1, name: 'y'.repeat(41), phone: '1380000000a' },
    });
    const body = refusal(res, 400);
    expect(Object.keys(body.data.fieldErrors).sort()).toEqual(['name', 'phone']);
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect(dataOf(await admin.get(DEPT, `/${rec.id}`))).toMatchObject({ name: '部门VAL', version: 1 });
  });

  it('refuses a body that is not a JSON object, or not JSON, with 4xx and a clear message', async () => {
    refusal(await admin.post(DEPT, '', [1, 2]), 400);
    const broken = await t.app.inject({
      method: 'POST',
      url: pageUrl(DEPT),
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: '{"code":',
    });
    refusal(broken, 400);
    const text = await t.app.inject({
      method: 'POST',
      url: pageUrl(DEPT),
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'text/plain' },
      payload: 'code=X',
    });
    expect(text.statusCode).toBeGreaterThanOrEqual(400);
    expect(text.statusCode).toBeLessThan(500);
    expect(text.json().msg).not.toMatch(/internal/i);
  });

  it('refuses a duplicate of a unique field with 400 and a field error, storing nothing', async () => {
    const users = await countRows(t, 'sys_user');
    const dup = refusal(
      await admin.post(STAFF, '', {
        username: 'cust_a',
        realName: '重名',
        phone: '13700000001',
        password: 'Passw0rd1',
        roles: ['STAFF'],
      }),
      400,
    );
    expect(Object.keys(dup.data.fieldErrors)).toEqual(['username']);
    expect(dup.data.fieldErrors.username).toContain('cust_a');
    const phone = refusal(
      await admin.post(STAFF, '', {
        username: 'newbie',
        realName: '新人',
        phone: '13900000002',
        password: 'Passw0rd1',
        roles: ['STAFF'],
      }),
      400,
    );
    expect(Object.keys(phone.data.fieldErrors)).toEqual(['phone']);
    expect(await countRows(t, 'sys_user')).toBe(users);
  });

  it('answers a double submit with one 201 and one duplicate 400, storing one record', async () => {
    const user = { username: 'twin_user', realName: '双击', phone: '13711119999', password: 'Passw0rd1', roles: ['STAFF'] };
    const users = await Promise.all([admin.post(STAFF, '', user), admin.post(STAFF, '', user)]);
    expect(users.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    // Both unique fields repeat; the checks run one by one while the first insert commits, so the
    // refusal names the username, the phone, or both.
    const named = Object.keys(refusal(users.find((r) => r.statusCode === 400)!, 400).data.fieldErrors);
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((f) => f !== 'username' && f !== 'phone')).toEqual([]);
    expect(await countRows(t, 'sys_user', { username: 'twin_user' })).toBe(1);
    const team = { code: 'TWIN', name: '双击组', businessLine: 'ftl' };
    const teams = await Promise.all([custA.post(TEAM, '', team), custA.post(TEAM, '', team)]);
    expect(teams.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await countRows(t, 'org_team', { code: 'TWIN' })).toBe(1);
  });

  it('lets one of two concurrent updates of the same version win; the other gets 409 with the current record', async () => {
    const rec = await createDept('RACE');
    const both = await Promise.all(['甲', '乙'].map((name) => admin.put(DEPT, `/${rec.id}`, { version: 1, name })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = dataOf(both.find((r) => r.statusCode === 200)!);
    const loser = refusal(both.find((r) => r.statusCode === 409)!, 409);
    expect(loser.data.current).toMatchObject({ id: rec.id, version: 2, name: winner.name });
  });

  it('keeps codes unique within an organisation only (uniqueTogether)', async () => {
    const teams = await countRows(t, 'org_team');
    const dup = refusal(await custA.post(TEAM, '', { code: 'SH-FTL-01', name: '重复', businessLine: 'ftl' }), 400);
    expect(Object.keys(dup.data.fieldErrors)).toEqual(['code']);
    expect(await countRows(t, 'org_team')).toBe(teams);
    // The same code in the platform's own organisation is another team.
    const other = dataOf(await admin.post(TEAM, '', { code: 'SH-FTL-01', name: '平台同名组', businessLine: 'ftl' }), 201);
    expect(other.partyCode).toBe('P0001');
    const mine = dataOf(await custA.post(TEAM, '', { code: 'SH-FTL-02', name: '第二组', businessLine: 'ftl' }), 201);
    // Names are not unique; only the code is.
    expect(dataOf(await custA.put(TEAM, `/${mine.id}`, { version: 1, name: '上海整车调度一组' })).name).toBe('上海整车调度一组');
  });
});
