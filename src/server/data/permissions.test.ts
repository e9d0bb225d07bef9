import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { caller, countRows, dataOf, idOf, pageUrl, refusal, signIn, type Caller } from '../test/dataApi.js';

const DEPT = 'platformUser/department';
const TEAM = 'platformUser/team';
const BANNER = 'systemManage/banner';
const ROLES = 'platformUser/roleManage';

describe.each(dialects())('data API permissions and reference options on %s', (dialect) => {
  let t: TestApp;
  let staff: Caller;
  let custA: Caller;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    staff = await signIn(t.app, 'staff');
    custA = await signIn(t.app, 'cust_a');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets STAFF create and update teams but not delete them', async () => {
    const team = dataOf(await staff.post(TEAM, '', { code: 'STAFF-01', name: '员工新建组', businessLine: 'ltl' }), 201);
    expect(team).toMatchObject({ partyCode: 'P0001', createdBy: 'staff' });
    expect(dataOf(await staff.put(TEAM, `/${team.id}`, { version: 1, name: '员工改名组' })).name).toBe('员工改名组');
    expect(refusal(await staff.del(TEAM, `/${team.id}`), 403).msg).toMatch(/delete/);
    refusal(await staff.post(TEAM, '/bulk-delete', { ids: [team.id] }), 403);
    expect(dataOf(await staff.get(TEAM, `/${team.id}`)).name).toBe('员工改名组');
  });

  it('lets STAFF create and update banners but only read departments', async () => {
    const banner = dataOf(
      await staff.post(BANNER, '', {
        title: '春运保障',
        imageUrl: '/portal/banners/spring.webp',
        position: 'consoleHome',
        sort: 5,
        status: 'offline',
      }),
      201,
    );
    expect(dataOf(await staff.put(BANNER, `/${banner.id}`, { version: 1, status: 'online' })).status).toBe('online');
    refusal(await staff.del(BANNER, `/${banner.id}`), 403);

    const ops = await idOf(t, 'org_department', { code: 'OPS' });
    const before = await countRows(t, 'org_department');
    expect(dataOf(await staff.get(DEPT, `/${ops}`)).code).toBe('OPS');
    refusal(await staff.post(DEPT, '', { code: 'STF', name: '员工部门', status: 'active' }), 403);
    refusal(await staff.put(DEPT, `/${ops}`, { version: 1, name: '改名' }), 403);
    refusal(await staff.del(DEPT, `/${ops}`), 403);
    refusal(await staff.get(DEPT, '/export?format=csv'), 403);
    expect(await countRows(t, 'org_department')).toBe(before);
    expect(dataOf(await staff.get(DEPT, `/${ops}`))).toMatchObject({ name: '运营中心', version: 1 });
  });

  it('refuses pages without a grant with 403, for reading as much as writing', async () => {
    for (const page of [ROLES, 'platformUser/partyManage', 'systemManage/requestLog', 'systemManage/menu', 'systemManage/systemConfig']) {
      const res = refusal(await custA.get(page), 403);
      expect(res.msg).toMatch(/read/);
      refusal(await custA.get(page, '/1'), 403);
      refusal(await custA.post(page, '', {}), 403);
    }
    refusal(await staff.get(ROLES), 403);
    refusal(await staff.get('platformUser/userLoginManage'), 403);
    expect(dataOf(await staff.get('systemManage/requestLog')).list).toBeDefined();
  });

  it('answers 21332 with HTTP 401 without a valid token', async () => {
    const anonymous = caller(t.app, '');
    const forged = caller(t.app, 'x'.repeat(43));
    for (const who of [anonymous, forged]) {
      for (const res of [
        await who.get(DEPT),
        await who.get(DEPT, '/1'),
        await who.post(DEPT, '', { code: 'X1' }),
        await who.get(ROLES, '/options?q=a'),
        await who.get(DEPT, '/export'),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json().status).toBe(21332);
        expect(res.json().msg).toMatch(/log in/);
      }
    }
  });

  it('answers 404 for an unknown page, with or without a token', async () => {
    for (const page of ['nope/page', 'platformUser/nope', 'platformUser', '../etc/passwd']) {
      const res = refusal(await admin.get(page), 404);
      expect(res.msg).toContain(page);
      refusal(await admin.post(page, '', {}), 404);
    }
    refusal(await admin.get('systemManage/riskTrigger', '/1/transitions'), 404);
    const route = await t.app.inject({ method: 'GET', url: '/open-platform/nothing-here' });
    expect(route.statusCode).toBe(404);
  });

  it('gives a customer the role options of the staff form although it may not list roles', async () => {
    refusal(await custA.get(ROLES), 403);
    refusal(await custA.get(ROLES, '/1'), 403);
    const found = dataOf(await custA.get(ROLES, `/options?q=${encodeURIComponent('客户')}`));
    expect(found).toEqual(
      expect.arrayContaining([
        { value: 'CUSTOMER_ADMIN', label: '客户管理员' },
        { value: 'CUSTOMER_USER', label: '客户员工' },
      ]),
    );
    expect(found).toHaveLength(2);
    const labelled = dataOf(await custA.get(ROLES, '/options?ids=STAFF,CUSTOMER_ADMIN')) as { value: string; label: string }[];
    expect(labelled.map((o) => o.value).sort()).toEqual(['CUSTOMER_ADMIN', 'STAFF']);
    expect(labelled.find((o) => o.value === 'STAFF')!.label).toBe('平台员工');
    const all = dataOf(await custA.get(ROLES, '/options')) as unknown[];
    expect(all.length).toBe(5);
  });

  it('keeps reference options within the caller’s organisation, and limits q', async () => {
    const theirs = await idOf(t, 'org_department', { code: 'WH', partyCode: 'C1002' });
    const mine = await idOf(t, 'org_department', { code: 'FLEET', partyCode: 'C1001' });
    const opts = dataOf(await custA.get(DEPT, `/options?q=${encodeURIComponent('部')}`)) as { value: number; label: string }[];
    expect(opts.map((o) => o.label).sort()).toEqual(['车队管理部', '调度部', '运费结算部'].sort());
    expect(dataOf(await custA.get(DEPT, `/options?ids=${theirs},${mine}`))).toEqual([{ value: mine, label: '车队管理部' }]);
    expect(dataOf(await admin.get(DEPT, `/options?ids=${theirs}`))).toEqual([{ value: theirs, label: '仓储部' }]);
    for (const ids of ['abc', '1.5', '99999999999999999999', ',,'])
      expect(dataOf(await custA.get(DEPT, `/options?ids=${ids}`))).toEqual([]);
    refusal(await custA.get(DEPT, `/options?q=${'x'.repeat(101)}`), 400);
    // STAFF may pick a team leader from the staff list through the team form.
    const leaders = dataOf(await staff.get('platformUser/staffManage', `/options?q=${encodeURIComponent('管理员')}`)) as {
      label: string;
    }[];
    expect(leaders.map((o) => o.label)).toContain('系统管理员');
  });

  it('refuses a role with a lapsed grant at once: an emptied role reads nothing', async () => {
    const role = await t.app.ctx.database.db
      .selectFrom('sys_role')
      .select(['id', 'version'])
      .where('code', '=', 'STAFF')
      .executeTakeFirstOrThrow();
    dataOf(await admin.put(ROLES, `/${role.id}`, { version: Number(role.version), grants: {} }));
    refusal(await staff.get(TEAM), 403);
    const res = await t.app.inject({ method: 'GET', url: pageUrl(TEAM), headers: { authorization: `Bearer ${staff.token}` } });
    expect(res.statusCode).toBe(403);
  });
});
