import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, signIn, type Caller } from '../test/dataApi.js';
import { parseCsv } from '../test/csv.js';
import { maskValue } from './masking.js';

const DRIVER = 'tms/base/driver';
const ALCT_DRIVER = 'alct/driver';
const MASKED_ID = /^\d{4}\*{10}[\dX]{4}$/;
const MASKED_CARD = /^\d{4}\*+\d{4}$/;

describe('maskValue', () => {
  it('keeps the first and last four of ID and bank numbers, a mobile’s prefix, a name’s first character', () => {
    expect(maskValue('idcard', '320102199001011234')).toBe('3201**********1234');
    expect(maskValue('bankcard', '6222021234567890123')).toBe('6222***********0123');
    expect(maskValue('mobile', '13800000001')).toBe('138****0001');
    expect(maskValue('name', '张三丰')).toBe('张**');
    expect(maskValue('idcard', '1234')).toBe('****');
    expect(maskValue('idcard', null)).toBe(null);
  });
});

describe.each(dialects())('masked fields in the data API on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let staff: Caller;
  let custA: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, staff, custA] = await Promise.all(['admin', 'staff', 'cust_a'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (who: Caller, page: string) => dataOf(await who.get(page, '?size=100')).list as Record<string, string>[];

  it('answers a customer’s list, detail and history masked; a platform role with the grant sees the real values', async () => {
    const mine = await list(custA, DRIVER);
    expect(mine.length).toBeGreaterThan(0);
    for (const d of mine) {
      expect(d.idcard).toMatch(MASKED_ID);
      if (d.bankCard) expect(d.bankCard).toMatch(MASKED_CARD);
    }
    const full = new Map<string, Record<string, string>>();
    for (const d of mine.slice(0, 5)) {
      const real = dataOf(await staff.get(DRIVER, `/${d.id}`));
      full.set(d.id, real);
      expect(real.idcard).toMatch(/^\d{17}[\dX]$/);
      expect(d.idcard).toBe(maskValue('idcard', real.idcard));
    }
    const one = dataOf(await custA.get(DRIVER, `/${mine[0].id}`));
    expect(one.idcard).toMatch(MASKED_ID);
    expect(dataOf(await admin.get(DRIVER, `/${mine[0].id}`)).idcard).toBe(full.get(mine[0].id)!.idcard);
  });

  it('finds a masked field by its whole value only, so typing part of a number reveals nothing', async () => {
    const mine = await list(custA, DRIVER);
    const real = dataOf(await staff.get(DRIVER, `/${mine[0].id}`)).idcard as string;
    const search = async (who: Caller, q: string) =>
      (dataOf(await who.get(DRIVER, `?q=${encodeURIComponent(q)}&size=100`)).list as { id: number }[]).map((r) => r.id);
    expect(await search(custA, real)).toEqual([mine[0].id]);
    expect(await search(custA, real.slice(0, 10))).not.toContain(mine[0].id);
    expect(await search(staff, real.slice(0, 10))).toContain(mine[0].id);
  });

  it('exports masked values to a customer and real ones to a role with the grant', async () => {
    const csv = async (who: Caller, page = DRIVER) => {
      const res = await who.get(page, '/export?format=csv');
      expect(res.statusCode).toBe(200);
      return parseCsv(res.body.slice(1)).slice(1).flat();
    };
    const custCells = await csv(custA, ALCT_DRIVER);
    // The ID number is a reference there, written as the driver's name; the bank card is masked.
    expect(custCells.some((c) => MASKED_CARD.test(c))).toBe(true);
    expect(custCells.some((c) => /^\d{16,19}$|^\d{17}X$/.test(c))).toBe(false);
    expect((await csv(staff)).some((c) => /^\d{17}[\dX]$/.test(c))).toBe(true);
  });

  it('a platform role without the grant on a page sees that page masked', async () => {
    const STAFF_PAGE = 'platformUser/staffManage';
    const someone = (await list(admin, STAFF_PAGE))[0];
    const idcard = '11010519491231002X';
    dataOf(await admin.put(STAFF_PAGE, `/${someone.id}`, { version: someone.version, idcard }));
    expect(dataOf(await staff.get(STAFF_PAGE, `/${someone.id}`)).idcard).toBe(maskValue('idcard', idcard));
    expect((await list(staff, STAFF_PAGE)).find((r) => r.id === someone.id)!.idcard).toBe('1101**********002X');
    expect(dataOf(await admin.get(STAFF_PAGE, `/${someone.id}`)).idcard).toBe(idcard);
  });

  it('keeps the stored values when a form sends the masked ones back, and refuses a made-up masked value', async () => {
    const mine = await list(custA, ALCT_DRIVER);
    expect(mine.length).toBeGreaterThan(0);
    const shown = dataOf(await custA.get(ALCT_DRIVER, `/${mine[0].id}`));
    expect(shown.idcard).toMatch(MASKED_ID);
    expect(shown.bankCard).toMatch(MASKED_CARD);
    const before = dataOf(await admin.get(ALCT_DRIVER, `/${shown.id}`));

    const body = {
      version: shown.version,
      idcard: shown.idcard,
      name: shown.name,
      mobile: shown.mobile,
      bankName: '中国建设银行',
      bankCard: shown.bankCard,
    };
    const saved = dataOf(await custA.put(ALCT_DRIVER, `/${shown.id}`, body));
    expect(saved.bankCard).toBe(shown.bankCard);
    expect(saved.bankName).toBe('中国建设银行');
    const after = dataOf(await admin.get(ALCT_DRIVER, `/${shown.id}`));
    expect(after.idcard).toBe(before.idcard);
    expect(after.bankCard).toBe(before.bankCard);

    const history = dataOf(await custA.get(ALCT_DRIVER, `/${shown.id}/history`)) as {
      before: Record<string, string> | null;
      after: Record<string, string> | null;
    }[];
    expect(history[0].after!.bankCard).toMatch(MASKED_CARD);
    expect(JSON.stringify(history)).not.toContain(before.bankCard);

    const forged = await custA.put(ALCT_DRIVER, `/${shown.id}`, { version: saved.version, bankCard: '6222*********9999' });
    expect(forged.statusCode).toBe(400);
    expect(dataOf(await admin.get(ALCT_DRIVER, `/${shown.id}`)).bankCard).toBe(before.bankCard);
  });
});
