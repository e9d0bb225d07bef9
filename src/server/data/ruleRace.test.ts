import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { incomeCapFixture, type IncomeCapFixture } from '../test/incomeCapFixture.js';

const CAP = 12_000_000;
type Row = Record<string, unknown>;

/**
 * A limit over other records (`rules[].aggregate`) holds under concurrent writes: each write checks it
 * again inside its transaction, behind a lock of the group it counts against (docs/SCHEMAS.md).
 */
describe.each(dialects())('aggregate rules under concurrent writes on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  let cap: IncomeCapFixture;
  const yearIncome = () => cap.yearIncome();
  const settlementOf = (income: number) => cap.settlementOf(income);
  const confirm = (s: Row) => cap.confirm(s);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    cap = await incomeCapFixture(t, admin, 'last');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('confirms, of six concurrent settlements that together pass the annual income cap, exactly the three that fit, holds the rest with an alert, and never exceeds the cap', async () => {
    const before = await yearIncome();
    expect(before).toBeLessThan(CAP);
    // Room for exactly three settlements of `each` after a first one that leaves it.
    const each = Math.floor((CAP - before) / 4);
    const first = await settlementOf(CAP - before - 3 * each);
    expect(dataOf(await confirm(first)).status).toBe('confirmed');
    expect(await yearIncome()).toBe(CAP - 3 * each);

    const pending: Row[] = [];
    for (let i = 0; i < 6; i++) pending.push(await settlementOf(each));
    const answers = await Promise.all(pending.map(confirm));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 200))
      expect(refusal(a, 400).data.fieldErrors.confirmedAt).toMatch(/annual cap of ¥120000/);
    expect(await yearIncome()).toBe(CAP);

    const held = pending.filter((_, i) => answers[i].statusCode !== 200);
    const states = await db()
      .selectFrom('tms_settlement')
      .select(['settlementNo', 'status', 'confirmedAt'])
      .where(
        'id',
        'in',
        held.map((s) => Number(s.id)),
      )
      .execute();
    expect(states.every((s) => s.status === 'pending' && s.confirmedAt === null)).toBe(true);
    // Each held settlement was announced to the organisation's administrators, including those refused inside the transaction.
    for (const s of held) {
      const notes = await db()
        .selectFrom('news_role_notice')
        .select('recipient')
        .where('partyCode', '=', 'C1001')
        .where('title', 'like', `%${String(s.settlementNo)}%`)
        .execute();
      expect(notes.map((n) => n.recipient)).toContain('cust_a');
    }
  });
});
