import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { incomeCapFixture, type IncomeCapFixture } from '../test/incomeCapFixture.js';

const SETTLEMENT = 'tms/settlement/settlement';
type Row = Record<string, unknown>;

/** The ¥120,000 personal income cap holds further settlements of a driver at the cap and alerts the organisation's administrators. */
describe.each(dialects())('the annual personal income cap on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  let cap: IncomeCapFixture;
  let van: Row;
  const yearIncome = () => cap.yearIncome();
  const settlementOf = (income: number) => cap.settlementOf(income);
  const confirm = (s: Row) => cap.confirm(s);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    cap = await incomeCapFixture(t, admin, 'first');
    van = cap.van;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('confirms settlements up to the cap, then holds the next one, naming driver, income and cap, and messages the administrators', async () => {
    const before = await yearIncome();
    expect(before).toBeLessThan(12_000_000);
    // Exactly up to the cap is allowed.
    const upTo = await settlementOf(12_000_000 - before);
    expect(dataOf(await confirm(upTo)).status).toBe('confirmed');
    expect(await yearIncome()).toBe(12_000_000);

    const over = await settlementOf(50_000);
    const inbox = () =>
      db()
        .selectFrom('news_role_notice')
        .select(['recipient', 'title', 'content'])
        .where('partyCode', '=', 'C1001')
        .where('title', 'like', `%${String(over.settlementNo)}%`)
        .execute();
    expect(await inbox()).toEqual([]);
    const res = refusal(await confirm(over), 400);
    expect(Object.keys(res.data.fieldErrors)).toEqual(['confirmedAt']);
    expect(res.data.fieldErrors.confirmedAt).toContain(String(van.driverIdcard));
    expect(res.data.fieldErrors.confirmedAt).toContain('120500');
    expect(res.data.fieldErrors.confirmedAt).toMatch(/annual cap of ¥120000/);
    // Held: still pending, unconfirmed, and the year's income unchanged.
    expect(dataOf(await admin.get(SETTLEMENT, `/${over.id}`))).toMatchObject({ status: 'pending', confirmedAt: null });
    expect(await yearIncome()).toBe(12_000_000);
    // The organisation's administrator (cust_a) hears of it in the message centre, in Chinese.
    const messages = await inbox();
    expect(messages.map((m) => m.recipient)).toContain('cust_a');
    expect(messages[0].content).toMatch(/年度上限 120000 元/);
    const custA = await signIn(t.app, 'cust_a');
    const own = dataOf(await custA.get('systemManage/news/roleNotice', '?size=50')).list as Row[];
    expect(own.some((m) => String(m.title).includes(String(over.settlementNo)))).toBe(true);
  });

  it('leaves no demo driver above the cap: settlements past it stay pending, and no monthly aggregate is over the limit', async () => {
    const rows = await db()
      .selectFrom('tms_settlement')
      .select(['partyCode', 'driverIdcard', 'confirmedAt', 'incomeFen'])
      .where('taxWithheld', '=', dialect === 'sqlite' ? (1 as never) : (true as never))
      .where('status', 'in', ['confirmed', 'paid'])
      .execute();
    const totals = new Map<string, number>();
    for (const r of rows) {
      const key = `${r.partyCode}|${r.driverIdcard}|${new Date(Date.parse(String(r.confirmedAt)) + 8 * 3_600_000).getUTCFullYear()}`;
      totals.set(key, (totals.get(key) ?? 0) + Number(r.incomeFen));
    }
    expect(rows.length).toBeGreaterThan(300);
    expect([...totals.values()].filter((v) => v > 12_000_000)).toEqual([]);
    const held = await db()
      .selectFrom('tms_settlement')
      .select('settlementNo')
      .where('status', '=', 'pending')
      .where('remark', 'like', '%年度上限%')
      .execute();
    expect(held.length).toBeGreaterThan(0);
    const over = await db()
      .selectFrom('tax_personal_aggregate')
      .select('id')
      .where('overLimit', '=', dialect === 'sqlite' ? (1 as never) : (true as never))
      .execute();
    expect(over).toEqual([]);
  });
});
