import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, pageUrl, refusal, signIn, zipEntry, type Caller } from '../test/dataApi.js';
import { multipart, residentId, xlsxFile } from '../test/sheets.js';
import { toRecord } from '../data/rows.js';

const DRIVER = 'tms/base/driver';
const PHONES = 'systemManage/phoneWhitelist';
const IPS = 'systemManage/ipBlacklist';

describe.each(dialects())('import from XLSX and CSV, on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let staff: Caller;
  let carrier: { code: string; name: string };
  beforeAll(async () => {
    t = await createTestApp(dialect, { importMaxBytes: 256 * 1024 });
    [admin, custA, staff] = await Promise.all(['admin', 'cust_a', 'staff'].map((u) => signIn(t.app, u)));
    // Platform staff keep the base data of every organisation; customers only read theirs.
    carrier = (await t.app.ctx.database.db
      .selectFrom('tms_carrier')
      .select(['code', 'name'])
      .where('partyCode', '=', 'C1001')
      .orderBy('id')
      .executeTakeFirstOrThrow()) as typeof carrier;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (who: Caller, page: string, name: string, content: Buffer | string, query = '') => {
    const { payload, headers } = multipart(name, content);
    return t.app.inject({
      method: 'POST',
      url: pageUrl(page, `/import${query}`),
      headers: { ...headers, authorization: `Bearer ${who.token}`, 'accept-language': 'en' },
      payload,
    });
  };

  it('offers a template with translated headers, required marks and an example row', async () => {
    const res = await staff.get(DRIVER, '/import/template?format=xlsx', { 'accept-language': 'zh' });
    expect(res.statusCode).toBe(200);
    const sheet = zipEntry(res.rawPayload, 'xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('姓名 *');
    expect(sheet).toContain('身份证号 *');
    expect(sheet).toContain('所属组织');
    refusal(await custA.get(DRIVER, '/import/template?format=xlsx'), 403);
    const csv = await admin.get(PHONES, '/import/template?format=csv', { 'accept-language': 'en' });
    const [header, example] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toMatch(/Mobile number \*/);
    expect(example.split(',').length).toBe(header.split(',').length);
    // Accounts need a password, which no file holds: that page offers no import.
    refusal(await admin.get('platformUser/staffManage', '/import/template'), 404);
  });

  it('a dry run reports every bad value with its row and column, and writes nothing', async () => {
    const before = await countRows(t, 'tms_driver');
    const csv = [
      'Full name,Resident ID number,Mobile number,Carrier,Licence class,Licence valid until,Status,Organisation',
      `张三,${residentId(1)},13812345678,${carrier.name},A2,2027/3/1,Active,C1001`,
      `李四,${residentId(2)},12345,${carrier.code},Z9,2027-02-30,Active,C1001`,
      `王五,${residentId(1)},13812345679,No such carrier,B1,45000,Nope,C1001`,
      '',
      `赵六,${residentId(3)},13812345670,${carrier.code},C1,2027年3月1日,,C1001`,
    ].join('\r\n');
    const report = dataOf(await upload(staff, DRIVER, 'drivers.csv', csv, '?dryRun=1'));
    expect(report.rows).toBe(4);
    expect(report.valid).toBe(2);
    const byRow = (r: number) =>
      report.errors
        .filter((e: { row: number }) => e.row === r)
        .map((e: { field: string }) => e.field)
        .sort();
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual(['Licence class', 'Licence valid until', 'Mobile number'].sort());
    expect(byRow(4)).toEqual(['Carrier', 'Resident ID number', 'Status'].sort());
    expect(byRow(6)).toEqual([]);
    expect(report.errors.every((e: { msg: string }) => e.msg && !e.msg.startsWith('ops.'))).toBe(true);
    expect(await countRows(t, 'tms_driver')).toBe(before);
    // Without dryRun the same file is refused whole.
    const refused = refusal(await upload(staff, DRIVER, 'drivers.csv', csv), 400);
    refusal(await upload(custA, DRIVER, 'drivers.csv', csv), 403);
    expect(refused.data.errors.length).toBe(report.errors.length);
    expect(await countRows(t, 'tms_driver')).toBe(before);
  });

  it('imports a clean XLSX in one go: labels, references by name, Excel dates; every row audited', async () => {
    const before = await countRows(t, 'tms_driver');
    const file = await xlsxFile([
      ['姓名', 'idcard', 'Teléfono móvil', '承运商', '准驾车型', 'licenseExpireAt', 'remark', 'partyCode'],
      ['钱七', residentId(11), '13900001111', carrier.name, 'A1', 46447, 'a & b <c>', 'C1001'],
      ['孙八', residentId(12), 13900002222, carrier.code, 'B2 (heavy truck)', '2027-11-23', null, 'C1001'],
      ['周九', residentId(13), '13900003333', carrier.code, 'C1', '2027/1/5', null, 'C1001'],
    ]);
    const dry = dataOf(await upload(staff, DRIVER, 'drivers.xlsx', file, '?dryRun=1'));
    expect(dry).toEqual({ rows: 3, valid: 3, errors: [] });
    const done = dataOf(await upload(staff, DRIVER, 'drivers.xlsx', file));
    expect(done.imported).toBe(3);
    expect(await countRows(t, 'tms_driver')).toBe(before + 3);
    const rows = await t.app.ctx.database.db
      .selectFrom('tms_driver')
      .selectAll()
      .where('idcard', 'in', [residentId(11), residentId(12), residentId(13)])
      .orderBy('idcard')
      .execute();
    expect(rows.map((r) => [r.name, r.phone, r.carrierCode, r.licenseExpireAt, r.status, r.partyCode, r.createdBy])).toEqual([
      ['钱七', '13900001111', carrier.code, '2027-03-01', 'active', 'C1001', 'staff'],
      ['孙八', '13900002222', carrier.code, '2027-11-23', 'active', 'C1001', 'staff'],
      ['周九', '13900003333', carrier.code, '2027-01-05', 'active', 'C1001', 'staff'],
    ]);
    expect(rows[0].remark).toBe('a & b <c>');
    const audits = await t.app.ctx.database.db
      .selectFrom('sys_audit')
      .select(['recordId', 'action', 'after'])
      .where('page', '=', DRIVER)
      .where(
        'recordId',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
    expect(audits.length).toBe(3);
    expect(audits.every((a) => a.action === 'create' && JSON.parse(String(a.after)).id === Number(a.recordId))).toBe(true);
    // Each audit holds the created record, as a read of that row gives it.
    const page = t.app.ctx.schemas.pages.get(DRIVER)!;
    for (const row of rows)
      expect(JSON.parse(String(audits.find((a) => Number(a.recordId) === Number(row.id))!.after))).toEqual(toRecord(page, row));
    // The same file again: every row is now a duplicate, and nothing more is written.
    const again = refusal(await upload(staff, DRIVER, 'drivers.xlsx', file), 400);
    expect(again.data.errors.map((e: { row: number }) => e.row)).toEqual([2, 4, 5]);
    expect(await countRows(t, 'tms_driver')).toBe(before + 3);
  });

  it('imports the phone whitelist with money-free enum labels and local date-times; the IP blacklist too', async () => {
    const csv =
      '\uFEFFMobile number,Holder,Purpose,Expires at\r\n13700000001,测试甲,Relaxed SMS sign-in,2026-12-31 18:00\r\n"13700000002","测试, 乙","风控豁免",\r\n';
    const dry = dataOf(await upload(admin, PHONES, 'phones.csv', csv, '?dryRun=1&tzOffset=-480'));
    expect(dry.errors).toEqual([]);
    dataOf(await upload(admin, PHONES, 'phones.csv', csv, '?tzOffset=-480'));
    const rows = await t.app.ctx.database.db
      .selectFrom('sec_phone_whitelist')
      .select(['phone', 'holderName', 'purpose', 'expiresAt'])
      .where('phone', 'in', ['13700000001', '13700000002'])
      .orderBy('phone')
      .execute();
    expect(rows).toEqual([
      { phone: '13700000001', holderName: '测试甲', purpose: 'smsLogin', expiresAt: '2026-12-31T10:00:00.000Z' },
      { phone: '13700000002', holderName: '测试, 乙', purpose: 'riskExempt', expiresAt: null },
    ]);
    const ips = await xlsxFile([
      ['IP or CIDR range', 'Reason'],
      ['10.1.2.3', 'scanner'],
      ['10.9.0.0/16', 'abuse'],
    ]);
    expect(dataOf(await upload(admin, IPS, 'ips.xlsx', ips)).imported).toBe(2);
    refusal(await upload(staff, IPS, 'ips.xlsx', ips), 403);
  });

  it('refuses bad files with a clear message and writes nothing', async () => {
    const before = await countRows(t, 'tms_driver');
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect(refusal(await upload(staff, DRIVER, 'a.xlsx', png), 400).msg).toMatch(/Excel/);
    expect(refusal(await upload(staff, DRIVER, 'a.xlsx', Buffer.from('PK\u0003\u0004garbage')), 400).msg).toMatch(/Excel/);
    expect(refusal(await upload(staff, DRIVER, 'a.txt', 'x'), 400).msg).toMatch(/\.txt/);
    expect(refusal(await upload(staff, DRIVER, 'a.csv', png), 400).msg).toMatch(/CSV/);
    expect(refusal(await upload(staff, DRIVER, 'a.csv', ''), 400).msg).toMatch(/empty/);
    expect(
      refusal(
        await upload(staff, DRIVER, 'a.csv', 'Full name,Resident ID number,Mobile number,Carrier,Licence class,Licence valid until\r\n'),
        400,
      ).msg,
    ).toMatch(/empty/);
    const big = `Full name\r\n${'x'.repeat(300 * 1024)}\r\n`;
    expect(refusal(await upload(staff, DRIVER, 'a.csv', big), 413).msg).toMatch(/MB/);
    const headers = dataOf(await upload(staff, DRIVER, 'a.csv', 'Full name,Shoe size\r\nx,42\r\n', '?dryRun=1'));
    expect(headers.errors.map((e: { row: number; msg: string }) => `${e.row}:${e.msg}`).join('\n')).toMatch(
      /1:.*Shoe size[\s\S]*1:.*Resident ID number/,
    );
    expect(await countRows(t, 'tms_driver')).toBe(before);
  });
});
