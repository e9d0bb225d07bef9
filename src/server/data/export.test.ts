import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, idOf, refusal, signIn, zipEntry, type Caller } from '../test/dataApi.js';
import { parseCsv } from '../test/csv.js';
import { areaList } from '@vant/area-data';

const DEPT = 'platformUser/department';
const TEAM = 'platformUser/team';

describe.each(dialects())('data API export on %s', (dialect) => {
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

  const zh = { 'accept-language': 'zh-CN,zh;q=0.9' };
  const csv = async (who: Caller, page: string, query: string, headers: Record<string, string> = zh) => {
    const res = await who.get(page, `/export?format=csv&${query}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    return { res, rows: parseCsv(res.body.slice(1)) };
  };

  it('exports CSV with the header in the caller’s language and enum labels translated', async () => {
    const { res, rows } = await csv(custA, DEPT, 'tzOffset=-480');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="platformUser-department-\d{4}-\d{2}-\d{2}\.csv"$/);
    // The import template's columns come first, with its headers (required ones marked), then the list's others.
    expect(rows[0].slice(0, 4)).toEqual(['部门编码 *', '部门名称 *', '上级部门', '负责人']);
    expect(rows[0]).toHaveLength(9);
    const body = rows.slice(1);
    const status = rows[0].indexOf('状态');
    expect(status).toBeGreaterThan(0);
    expect(new Set(body.map((r) => r[status]))).toEqual(new Set(['启用']));
    // Times are the caller's local time (UTC+8 here), without the ISO "T" and "Z".
    expect(body[0][rows[0].indexOf('更新时间')]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const en = await csv(custA, DEPT, '', { 'accept-language': 'en' });
    expect(en.rows[0].slice(0, 2)).toEqual(['Department code *', 'Department name *']);
    expect(en.rows.slice(1).map((r) => r[status])).toContain('Active');
  });

  it('exports only the customer’s own organisation, whatever the filters ask', async () => {
    const { rows } = await csv(custA, DEPT, '');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['DISPATCH', 'FLEET', 'SETTLE']);
    const other = await csv(custA, DEPT, 'partyCode=C1002');
    expect(other.rows).toHaveLength(1);
    const all = await csv(admin, DEPT, '');
    expect(all.rows.slice(1).map((r) => r[0])).toEqual(expect.arrayContaining(['OPS', 'DISPATCH', 'WH']));
    expect(all.rows).toHaveLength(12);
    const staff = await csv(custA, 'platformUser/staffManage', '');
    expect(
      staff.rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['cust_a', 'cust_a_dispatch']);
    expect((await csv(custA, 'platformUser/staffManage', 'username=cust_b')).rows).toHaveLength(1);
    const filtered = await csv(admin, DEPT, 'status=disabled');
    expect(filtered.rows.slice(1).map((r) => r[0])).toEqual(['CS']);
  });

  it('shows references by their labels and neutralises formulas', async () => {
    const dispatch = await idOf(t, 'org_department', { code: 'DISPATCH' });
    const me = await idOf(t, 'sys_user', { username: 'cust_a' });
    dataOf(
      await custA.post(TEAM, '', {
        code: 'EXPORT-01',
        name: '=HYPERLINK("http://x")',
        businessLine: 'coldChain',
        departmentId: dispatch,
        leaderId: me,
        memberIds: [me],
      }),
      201,
    );
    const { rows } = await csv(custA, TEAM, 'code=EXPORT');
    expect(rows[1].slice(0, 6)).toEqual(['EXPORT-01', '\'=HYPERLINK("http://x")', '冷链', '调度部', '华东管理员', '华东管理员']);
  });

  it('exports XLSX: a ZIP whose sheet holds the translated header and only the caller’s rows', async () => {
    const res = await custA.get(DEPT, '/export?format=xlsx&tzOffset=-480', zh);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/);
    const zip = res.rawPayload;
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    // The local header names its entry too (streaming readers and Excel's repair check rely on it).
    expect(zip.readUInt16LE(26)).toBe('[Content_Types].xml'.length);
    expect(zip.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
    const sheet = zipEntry(zip, 'xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<t xml:space="preserve">部门编码 *</t>');
    expect(sheet).toContain('调度部');
    expect(sheet).toContain('启用');
    expect(sheet).not.toContain('仓储部');
    expect(sheet).not.toContain('>active<');
    expect(sheet.match(/<row /g)).toHaveLength(4);
    expect(zipEntry(zip, 'xl/workbook.xml')).toContain('部门管理');
  });

  it('pages through many rows sharing sort values: each row once, in the sort order, either way', async () => {
    // 2,500 rows (more than two batches) over three times only: batches end inside runs of equal values.
    const base = Date.now() - 3 * 3600_000;
    const at = (i: number) => new Date(base + (i % 3) * 3600_000).toISOString();
    const rows = Array.from({ length: 2_500 }, (_, i) => ({
      username: `tie${String(i).padStart(4, '0')}`,
      loginType: 'password',
      success: dialect === 'sqlite' ? 1 : true,
      ip: '10.9.9.9',
      createdAt: at(i),
      updatedAt: at(i),
      createdBy: 'test',
      updatedBy: 'test',
    }));
    for (let i = 0; i < rows.length; i += 250)
      await t.app.ctx.database.db
        .insertInto('sys_login_history')
        .values(rows.slice(i, i + 250) as never)
        .execute();
    const since = encodeURIComponent(`${new Date(base - 60_000).toISOString()},`);
    for (const sort of ['-createdAt', 'createdAt']) {
      const { rows: out } = await csv(admin, 'platformUser/loginHistory', `createdAt=${since}&ip=10.9.9.9&sort=${sort}`);
      const user = out[0].indexOf('登录账号');
      const names = out.slice(1).map((r) => r[user]);
      expect(names).toHaveLength(2_500);
      expect(new Set(names).size).toBe(2_500);
      // The hour each row was written in, in export order: never going back.
      const hours = names.map((n) => Number(n.slice(3)) % 3);
      const ordered = sort.startsWith('-') ? [...hours].sort((a, b) => b - a) : [...hours].sort((a, b) => a - b);
      expect(hours).toEqual(ordered);
    }
  });

  it('follows the list’s sort, either way, and writes regions by name', async () => {
    const SHIPPER = 'tms/base/shipper';
    // Only the fields a list may sort by (an unindexed one is refused, as by the list).
    refusal(await admin.get(SHIPPER, '/export?format=csv&sort=-creditLimitFen'), 400);
    for (const sort of ['name', '-name', '-status']) {
      const listed = dataOf(await admin.get(SHIPPER, `?sort=${sort}&size=1000`)).list as { code: string }[];
      expect(listed.length).toBeGreaterThan(3);
      const { rows } = await csv(admin, SHIPPER, `sort=${sort}`);
      expect(rows.slice(1).map((r) => r[0])).toEqual(listed.map((r) => r.code));
    }
    const listed = dataOf(await admin.get(SHIPPER, '?sort=code&size=1000')).list as { code: string; region: string[] }[];
    const zhRows = (await csv(admin, SHIPPER, 'sort=code')).rows;
    const enRows = (await csv(admin, SHIPPER, 'sort=code', { 'accept-language': 'en' })).rows;
    const col = zhRows[0].findIndex((h) => h.startsWith('所在地区'));
    expect(col).toBeGreaterThan(0);
    const levels = [areaList.province_list, areaList.city_list, areaList.county_list] as Record<string, string>[];
    listed.forEach((r, i) => {
      const names = r.region.map((c, level) => levels[level][c]).filter((n, k, all) => k === 0 || n !== all[k - 1]);
      expect(zhRows[i + 1][col]).toBe(names.join(' '));
      expect(enRows[i + 1][col]).not.toMatch(/^\d{6}/);
    });
    expect(enRows.slice(1).some((r) => /^[A-Za-z][A-Za-z ,'-]+$/.test(r[col]))).toBe(true);
  });

  it('refuses a bad format or a bad filter before streaming anything, with 400', async () => {
    for (const q of [
      'format=pdf',
      'format=csv&colour=red',
      'format=csv&status=gone',
      `format=xlsx&updatedAt=${encodeURIComponent('2025-13-45,')}`,
    ]) {
      const res = refusal(await custA.get(DEPT, `/export?${q}`), 400);
      expect(res.msg).toBeTruthy();
    }
    refusal(await custA.get('platformUser/roleManage', '/export?format=csv'), 403);
    refusal(await custA.get('nope/page', '/export?format=csv'), 404);
  });

  it('exports log pages for customers that hold the grant, still within their organisation', async () => {
    await signIn(t.app, 'cust_b');
    const { rows } = await csv(custA, 'platformUser/loginHistory', '');
    const user = rows[0].indexOf('账号') >= 0 ? rows[0].indexOf('账号') : 1;
    const names = new Set(rows.slice(1).map((r) => r[user]));
    expect(names.has('cust_a')).toBe(true);
    expect(names.has('cust_b')).toBe(false);
    expect(names.has('admin')).toBe(false);
  });
});
