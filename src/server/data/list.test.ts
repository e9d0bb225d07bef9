import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const DEPT = 'platformUser/department';
const TRIGGER = 'systemManage/riskTrigger';

type Dept = { id: number; code: string; name: string; sort: number; status: string; partyCode: string };
type ListData<T> = { list: T[]; total: number; totalCapped: boolean; page: number; size: number };

describe.each(dialects())('data API list on %s', (dialect) => {
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

  const list = async <T = Dept>(query: string, who = admin, page = DEPT) => dataOf<ListData<T>>(await who.get(page, `?${query}`));
  const codes = (d: ListData<Dept>) => d.list.map((r) => r.code).sort();

  it('pages through the records with page and size', async () => {
    const first = await list('size=4&page=1&sort=id');
    expect(first).toMatchObject({ total: 11, totalCapped: false, page: 1, size: 4 });
    expect(first.list).toHaveLength(4);
    const third = await list('size=4&page=3&sort=id');
    expect(third.list).toHaveLength(3);
    const second = await list('size=4&page=2&sort=id');
    const ids = [...first.list, ...second.list, ...third.list].map((r) => r.id);
    expect(new Set(ids).size).toBe(11);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const beyond = await list('size=4&page=9');
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(11);
    expect((await list('')).size).toBe(20);
  });

  it('accepts a size of 10,000 and refuses 10,001, 0 and non-numbers', async () => {
    expect((await list('size=10000')).size).toBe(10_000);
    for (const q of ['size=10001', 'size=0', 'size=abc', 'page=0', 'page=1.5', 'page=-1']) {
      const body = refusal(await admin.get(DEPT, `?${q}`), 400);
      expect(body.msg).toMatch(/page|size/);
    }
  });

  it('sorts by a sortable field, ascending or descending', async () => {
    const asc = (await list('sort=sort&size=50')).list.map((r) => r.sort);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(asc[0]).toBe(5);
    const desc = (await list('sort=-sort&size=50')).list.map((r) => r.sort);
    expect(desc).toEqual([...asc].reverse());
    const byId = (await list('sort=-id')).list.map((r) => r.id);
    expect(byId).toEqual([...byId].sort((a, b) => b - a));
    const byName = await list('sort=-name');
    expect(byName.list).toHaveLength(11);
  });

  it('refuses an unknown or non-sortable sort field with 400', async () => {
    for (const sort of ['nope', '-nope', 'leader', 'remark', 'passwordHash', 'id;drop table x']) {
      const body = refusal(await admin.get(DEPT, `?sort=${encodeURIComponent(sort)}`), 400);
      expect(body.msg).toMatch(/sort/i);
    }
  });

  it('filters an enum by equality and refuses a value outside the enum', async () => {
    expect(codes(await list('status=disabled'))).toEqual(['CS']);
    expect((await list('status=active')).total).toBe(10);
    const bad = refusal(await admin.get(DEPT, '?status=gone'), 400);
    expect(bad.msg).toContain('gone');
  });

  it('filters text by a case-insensitive substring, with % and _ taken literally', async () => {
    expect(codes(await list('name=调度'))).toEqual(['DISPATCH']);
    expect(codes(await list(`code=${encodeURIComponent('et')}`))).toEqual(['FLEET', 'SETTLE']);
    expect(codes(await list('code=ops'))).toEqual(['OPS']);
    expect((await list(`name=${encodeURIComponent('%')}`)).total).toBe(0);
    expect((await list(`code=${encodeURIComponent('_')}`)).total).toBe(0);
  });

  // Triggers of this test's own, written with a +08:00 offset as a Chinese client would.
  const TZ_ROWS = [
    { subjectCode: 'TZ-1', score: 15, triggeredAt: '2024-03-10T01:30:00+08:00' },
    { subjectCode: 'TZ-2', score: 45, triggeredAt: '2024-03-10T23:30:00+08:00' },
    { subjectCode: 'TZ-3', score: 55, triggeredAt: '2024-03-09T20:00:00+08:00' },
    { subjectCode: 'TZ-4', score: 95, triggeredAt: '2024-03-11T07:00:00+08:00' },
  ];
  const tz = async (query: string) =>
    (await list<{ subjectCode: string; score: number; triggeredAt: string }>(`subjectCode=TZ-&${query}`, admin, TRIGGER)).list;

  it('filters numbers by a range "from,to" with either side open', async () => {
    for (const row of TZ_ROWS) {
      dataOf(await admin.post(TRIGGER, '', { ...row, ruleCode: 'R_LOGIN_FAIL_IP', subjectType: 'user', level: 'low' }), 201);
    }
    const scores = async (range: string) => (await tz(`score=${encodeURIComponent(range)}`)).map((r) => r.score).sort((a, b) => a - b);
    expect(await scores('45,55')).toEqual([45, 55]);
    expect(await scores(',45')).toEqual([15, 45]);
    expect(await scores('50,')).toEqual([55, 95]);
    expect(await scores(',')).toEqual([15, 45, 55, 95]);
    for (const bad of ['abc,5', '1,x', '1.5,']) {
      expect(refusal(await admin.get(TRIGGER, `?score=${encodeURIComponent(bad)}`), 400).msg).toMatch(/filter value/i);
    }
    refusal(await admin.get(DEPT, '?parentId=abc'), 400);
    // Beyond the safe integer range is a bad value too (PostgreSQL's bigint would fail on it).
    refusal(await admin.get(DEPT, '?parentId=99999999999999999999'), 400);
    refusal(await admin.get(TRIGGER, `?score=${encodeURIComponent('99999999999999999999,')}`), 400);
  });

  it('filters and sorts date-times by instant, whatever offset they were written with', async () => {
    // Stored in UTC.
    expect((await tz('score=15,15'))[0].triggeredAt).toBe('2024-03-09T17:30:00.000Z');
    const chinaDay = encodeURIComponent('2024-03-10T00:00:00+08:00,2024-03-10T23:59:59+08:00');
    expect((await tz(`triggeredAt=${chinaDay}`)).map((r) => r.subjectCode).sort()).toEqual(['TZ-1', 'TZ-2']);
    // A date-only upper bound takes the whole (UTC) day.
    expect((await tz(`triggeredAt=${encodeURIComponent('2024-03-10,2024-03-10')}`)).map((r) => r.subjectCode).sort()).toEqual([
      'TZ-2',
      'TZ-4',
    ]);
    expect((await tz('sort=triggeredAt')).map((r) => r.subjectCode)).toEqual(['TZ-3', 'TZ-1', 'TZ-2', 'TZ-4']);
    expect((await list(`createdAt=${encodeURIComponent('2000-01-01,')}`)).total).toBe(11);
    expect((await list(`createdAt=${encodeURIComponent('2099-01-01,')}`)).total).toBe(0);
    refusal(await admin.get(DEPT, `?createdAt=${encodeURIComponent('yesterday,')}`), 400);
    refusal(await admin.get(TRIGGER, `?triggeredAt=${encodeURIComponent('2025-13-45,')}`), 400);
  });

  it('refuses an unknown filter field, a secret field and a repeated parameter with 400', async () => {
    expect(refusal(await admin.get(DEPT, '?colour=red'), 400).msg).toContain('colour');
    refusal(await admin.get(DEPT, '?passwordHash=x'), 400);
    refusal(await admin.get('platformUser/staffManage', '?password=Demo12345'), 400);
    refusal(await admin.get(DEPT, '?status=active&status=disabled'), 400);
    refusal(await admin.get(DEPT, `?name=${'x'.repeat(201)}`), 400);
  });

  it('searches the page’s search fields with q', async () => {
    expect(codes(await list(`q=${encodeURIComponent('运输')}`))).toEqual(['TRANS']);
    expect(codes(await list('q=ops'))).toEqual(['OPS']);
    expect(codes(await list(`q=${encodeURIComponent('蒋川')}`))).toEqual(['TRANS']);
    expect(codes(await list(`q=${encodeURIComponent('部')}&status=disabled`))).toEqual(['CS']);
    expect((await list(`q=${encodeURIComponent('%')}`)).total).toBe(0);
    refusal(await admin.get(DEPT, `?q=${'x'.repeat(101)}`), 400);
  });

  it('lists only the caller’s organisation for a customer, whatever the filters say', async () => {
    const own = await list('size=50', custA);
    expect(codes(own)).toEqual(['DISPATCH', 'FLEET', 'SETTLE']);
    expect(own.list.every((r) => r.partyCode === 'C1001')).toBe(true);
    expect((await list('partyCode=C1002', custA)).total).toBe(0);
    expect((await list('partyCode=C1002')).total).toBe(3);
  });

  it('counts a create and a delete in the very next total', async () => {
    const before = (await list('status=active&size=1')).total;
    expect((await list('status=active&size=1')).total).toBe(before);
    const rec = dataOf(await admin.post(DEPT, '', { code: 'CNT', name: '计数部', status: 'active' }), 201);
    expect((await list('status=active&size=1')).total).toBe(before + 1);
    dataOf(await admin.del(DEPT, `/${rec.id}`));
    expect((await list('status=active&size=1')).total).toBe(before);
  });

  it('caps the total past 10,000 matches', async () => {
    const db = t.app.ctx.database.db;
    const now = new Date().toISOString();
    const rows = Array.from({ length: 10_050 }, (_, i) => ({
      code: `B${i}`,
      name: `批量部门${i}`,
      leader: 'bulk',
      sort: i % 100,
      status: 'active',
      partyCode: 'P0001',
      version: 1,
      createdAt: now,
      updatedAt: now,
      createdBy: 'test',
      updatedBy: 'test',
    }));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += 1000)
        await trx
          .insertInto('org_department')
          .values(rows.slice(i, i + 1000))
          .execute();
    });
    const all = await list('size=5');
    expect(all).toMatchObject({ total: 10_000, totalCapped: true });
    expect(all.list).toHaveLength(5);
    expect(await list('leader=bulk&size=1')).toMatchObject({ total: 10_000, totalCapped: true });
    expect(await list('status=disabled')).toMatchObject({ total: 1, totalCapped: false });
    expect(await list(`name=${encodeURIComponent('批量部门99')}&size=1`)).toMatchObject({ total: 111, totalCapped: false });
    const last = await list('leader=bulk&size=200&page=51&sort=id');
    expect(last.list).toHaveLength(50);
  });
});
