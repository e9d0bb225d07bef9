import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { schemasWithFixture } from '../test/fixtureSchemas.js';
import { parseCsv } from '../test/csv.js';
import { dynamicView } from '../db/connect.js';

const PLAN = 'billingDemo/pricePlan';
const RULE = 'systemManage/riskRule';
const en = { 'accept-language': 'en' };
const zh = { 'accept-language': 'zh-CN' };

type Tier = { fromCount: number; toCount?: number; unitPriceFen: number };

describe.each(dialects())('arrays of objects (sub-tables) on %s', (dialect) => {
  let t: TestApp;
  let fixture: ReturnType<typeof schemasWithFixture>;
  let admin: Caller;
  beforeAll(async () => {
    fixture = schemasWithFixture('billingDemo');
    t = await createTestApp(dialect, { schemasDir: fixture.dir });
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    fixture.remove();
  });

  const planBody = (code: string, tiers: unknown) => ({ code, name: `计划 ${code}`, tiers });

  it('stores the rows as JSON and returns them as they were sent, in order', async () => {
    const tiers: Tier[] = [
      { fromCount: 0, toCount: 1000, unitPriceFen: 12 },
      { fromCount: 1001, unitPriceFen: 9 },
    ];
    const made = dataOf(await admin.post(PLAN, '', planBody('P_ORDER', tiers)), 201);
    expect(made.tiers).toEqual(tiers);
    const raw = await dynamicView(t.app.ctx.database.db)
      .selectFrom('demo_price_plan')
      .select('tiers')
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(raw.tiers))).toEqual(tiers);
    // Reordering is a write of the array in its new order.
    const swapped = dataOf(await admin.put(PLAN, `/${made.id}`, { tiers: [tiers[1], tiers[0]], version: made.version }));
    expect(swapped.tiers.map((x: Tier) => x.fromCount)).toEqual([1001, 0]);
    expect(dataOf(await admin.get(PLAN, `/${made.id}`)).tiers).toEqual([tiers[1], tiers[0]]);
    // The demo rows came in through the same columns.
    const demo = dataOf(await admin.get(PLAN, '?code=API_STD')).list[0];
    expect(demo.tiers).toEqual([
      { fromCount: 0, toCount: 10000, unitPriceFen: 10 },
      { fromCount: 10001, unitPriceFen: 8 },
    ]);
  });

  it('refuses bad cells with one message per cell naming the row and the column, and stores nothing', async () => {
    const before = await countRows(t, 'demo_price_plan');
    const bad = refusal(
      await admin.post(
        PLAN,
        '',
        planBody('P_BAD', [
          { fromCount: -1, unitPriceFen: 'ten' },
          { toCount: 5 },
          { fromCount: 0, unitPriceFen: 1, channel: 'fax', bogus: 1 },
        ]),
      ),
      400,
    );
    expect(Object.keys(bad.data.fieldErrors).sort()).toEqual(
      ['tiers.0.fromCount', 'tiers.0.unitPriceFen', 'tiers.1.fromCount', 'tiers.1.unitPriceFen', 'tiers.2.bogus', 'tiers.2.channel'].sort(),
    );
    expect(await countRows(t, 'demo_price_plan')).toBe(before);
    // In the caller's language, with the row counted from 1 and the column's own title.
    const res = await t.app.inject({
      method: 'POST',
      url: `/open-platform/data/${encodeURIComponent(RULE)}`,
      headers: { ...en, authorization: `Bearer ${admin.token}` },
      payload: {
        strategyCode: 'LOGIN_BRUTE_FORCE',
        code: 'R_SUBTABLE',
        name: '子表',
        metric: 'loginFailures',
        operator: 'gte',
        threshold: 1,
        windowMinutes: 5,
        score: 10,
        status: 'active',
        extraConditions: [
          { metric: 'smsRequests', operator: 'gte', threshold: 2 },
          { metric: 'smsRequests', operator: 'about', threshold: -3 },
        ],
      },
    });
    const body = refusal(res, 400);
    expect(body.data.fieldErrors['extraConditions.1.operator']).toBe(
      'Additional conditions (all must hold), row 2: Operator has a value that is not allowed',
    );
    expect(body.data.fieldErrors['extraConditions.1.threshold']).toBe(
      'Additional conditions (all must hold), row 2: Threshold must be at least 0',
    );
    expect(body.data.fieldErrors['extraConditions.0.operator']).toBeUndefined();
    expect(await countRows(t, 'risk_rule', { code: 'R_SUBTABLE' })).toBe(0);
  });

  it('checks references inside cells and the row limit', async () => {
    const missing = refusal(
      await admin.post(
        PLAN,
        '',
        planBody('P_REF', [
          { fromCount: 0, unitPriceFen: 1, partyCode: 'C1001' },
          { fromCount: 1, unitPriceFen: 1, partyCode: 'NOPE' },
        ]),
      ),
      400,
    );
    expect(Object.keys(missing.data.fieldErrors)).toEqual(['tiers.1.partyCode']);
    const many = Array.from({ length: 11 }, (_, i) => ({ fromCount: i, unitPriceFen: 1 }));
    expect(Object.keys(refusal(await admin.post(PLAN, '', planBody('P_MANY', many)), 400).data.fieldErrors)).toEqual(['tiers']);
    refusal(await admin.post(PLAN, '', planBody('P_SHAPE', [5])), 400);
    refusal(await admin.post(PLAN, '', planBody('P_SHAPE', { fromCount: 0 })), 400);
    expect(await countRows(t, 'demo_price_plan', { code: 'P_REF' })).toBe(0);
    dataOf(await admin.post(PLAN, '', planBody('P_REF', [{ fromCount: 0, unitPriceFen: 1, partyCode: 'C1001' }])), 201);
  });

  it('exports one row per item where the schema says so, and readable text in one cell otherwise', async () => {
    const rows = parseCsv((await admin.get(PLAN, '/export?format=csv&code=API_STD', en)).body.slice(1));
    expect(rows[0].slice(0, 5)).toEqual([
      'pages.billingDemo.pricePlan.fields.code',
      'pages.billingDemo.pricePlan.fields.name',
      'pages.billingDemo.pricePlan.fields.tiers · pages.billingDemo.pricePlan.fields.fromCount',
      'pages.billingDemo.pricePlan.fields.tiers · pages.billingDemo.pricePlan.fields.toCount',
      'pages.billingDemo.pricePlan.fields.tiers · pages.billingDemo.pricePlan.fields.unitPrice',
    ]);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual([
      ['API_STD', '标准接口计费', '0', '10000', '0.10'],
      ['API_STD', '标准接口计费', '10001', '', '0.08'],
    ]);

    const ruleRows = parseCsv((await admin.get(RULE, '/export?format=csv&code=R_WITHDRAW_SINGLE', zh)).body.slice(1));
    const col = ruleRows[0].indexOf('附加条件（同时满足）');
    expect(col).toBeGreaterThan(0);
    expect(ruleRows[1][col]).toBe('监控指标 登录失败次数, 比较方式 大于等于, 阈值 3; 监控指标 验证码请求次数, 比较方式 大于, 阈值 5');
    expect(ruleRows).toHaveLength(2);
    void idOf;
  });
});
