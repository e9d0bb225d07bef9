import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';
import { schemasWithFixture } from '../test/fixtureSchemas.js';
import { dynamicView } from '../db/connect.js';

const PLAN = 'billingDemo/pricePlan';
const NOTICE = 'billingDemo/planNotice';
const BANNER = 'systemManage/banner';
const PARTY = 'platformUser/partyManage';
const tiers = [{ fromCount: 0, unitPriceFen: 5 }];

describe.each(dialects())('cross-field rules, filtered references, delete states and row scoping on %s', (dialect) => {
  let t: TestApp;
  let fixture: ReturnType<typeof schemasWithFixture>;
  let admin: Caller;
  let custA: Caller;
  let custB: Caller;
  beforeAll(async () => {
    fixture = schemasWithFixture('billingDemo');
    t = await createTestApp(dialect, { schemasDir: fixture.dir });
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
    custB = await signIn(t.app, 'cust_b');
  });
  afterAll(async () => {
    await t?.close();
    fixture.remove();
  });
  const plan = (code: string, extra: Record<string, unknown> = {}) => ({ code, name: code, tiers, ...extra });
  const fieldErrors = (res: Awaited<ReturnType<Caller['post']>>) => refusal(res, 400).data.fieldErrors as Record<string, string>;

  it('refuses an end before its start, at the end field, and stores nothing (fixture and the banner page)', async () => {
    const before = await countRows(t, 'demo_price_plan');
    expect(
      Object.keys(fieldErrors(await admin.post(PLAN, '', plan('P_DATES', { validFrom: '2026-03-01', validTo: '2026-02-01' })))),
    ).toEqual(['validTo']);
    expect(await countRows(t, 'demo_price_plan')).toBe(before);
    // A period may end on the day it starts.
    dataOf(await admin.post(PLAN, '', plan('P_DATES', { validFrom: '2026-03-01', validTo: '2026-03-01' })), 201);

    const banner = {
      title: '规则测试',
      imageUrl: '/portal/banners/x.webp',
      position: 'portalHome',
      sort: 1,
      status: 'offline',
      startAt: '2026-05-02T00:00:00.000Z',
      endAt: '2026-05-01T00:00:00.000Z',
    };
    const res = await t.app.inject({
      method: 'POST',
      url: `/open-platform/data/${encodeURIComponent(BANNER)}`,
      headers: { authorization: `Bearer ${admin.token}`, 'accept-language': 'zh-CN' },
      payload: banner,
    });
    const errors = refusal(res, 400).data.fieldErrors;
    expect(errors).toEqual({ endAt: '下线时间 须晚于（大于）上线时间' });
    const id = dataOf(await admin.post(BANNER, '', { ...banner, endAt: '2026-06-01T00:00:00.000Z' }), 201).id;
    // The edit is checked on the record as it would be stored: moving only the start past the end is refused too.
    const current = dataOf(await admin.get(BANNER, `/${id}`));
    expect(
      Object.keys(fieldErrors(await admin.put(BANNER, `/${id}`, { startAt: '2026-07-01T00:00:00.000Z', version: current.version }))),
    ).toEqual(['endAt']);
  });

  it('says what is expected: a sample for a pattern, money limits in yuan', async () => {
    const before = await countRows(t, 'demo_price_plan');
    const money = fieldErrors(await admin.post(PLAN, '', plan('P_MONEY', { tiers: [{ fromCount: 0, unitPriceFen: 100_000_001 }] })));
    expect(money['tiers.0.unitPriceFen']).toContain('¥1,000,000.00');
    expect(money['tiers.0.unitPriceFen']).not.toContain('100000000');
    const en = refusal(await admin.post(PLAN, '', plan('P_MONEY', { monthlyFeeFen: -1 }), { 'accept-language': 'en' }), 400).data
      .fieldErrors;
    expect(en.monthlyFeeFen).toMatch(/ must be at least ¥0\.00$/);
    // The shipper code's pattern ^HZ\d{5}$ with the form's placeholder as the sample.
    const shipper = refusal(await admin.post('tms/base/shipper', '', { code: 'X1' }, { 'accept-language': 'en' }), 400).data.fieldErrors;
    expect(shipper.code).toMatch(/expected something like HZ10001$/);
    expect(await countRows(t, 'demo_price_plan')).toBe(before);
  });

  it('requires a value when another field says so, and applies the page’s own rules', async () => {
    const need = fieldErrors(await admin.post(PLAN, '', plan('P_DISC', { discountPct: 10 })));
    expect(need).toEqual({ discountReason: expect.stringContaining('discountPct > 0') });
    dataOf(await admin.post(PLAN, '', plan('P_DISC', { discountPct: 10, discountReason: '年度框架协议' })), 201);
    const big = fieldErrors(await admin.post(PLAN, '', plan('P_BIG', { discountPct: 60, discountReason: '战略客户' })));
    expect(big).toEqual({ approvedBy: 'pages.billingDemo.pricePlan.rules.bigDiscount' });
    const ok = dataOf(
      await admin.post(PLAN, '', plan('P_BIG', { discountPct: 60, discountReason: '战略客户', approvedBy: '李总', monthlyFeeFen: 10_000 })),
      201,
    );
    expect(ok.yearlyFeeFen).toBe(48_000);
    expect(await countRows(t, 'demo_price_plan', { code: 'P_BIG' })).toBe(1);
  });

  it('offers and accepts only references the field’s filter allows', async () => {
    const options = dataOf(await admin.get(PARTY, '/options?kind=customer')) as { value: string }[];
    expect(options.length).toBeGreaterThan(1);
    expect(options.map((o) => o.value)).not.toContain('P0001');
    expect((dataOf(await admin.get(PARTY, '/options')) as { value: string }[]).map((o) => o.value)).toContain('P0001');
    expect(Object.keys(fieldErrors(await admin.post(PLAN, '', plan('P_PLATFORM', { partyCodes: ['C1001', 'P0001'] }))))).toEqual([
      'partyCodes',
    ]);
    dataOf(await admin.post(PLAN, '', plan('P_CUSTOMERS', { partyCodes: ['C1001', 'C1002'] })), 201);
  });

  it('deletes only in the states the schema allows', async () => {
    const draft = dataOf(await admin.post(PLAN, '', plan('P_GONE')), 201);
    const live = dataOf(await admin.post(PLAN, '', plan('P_LIVE', { partyCodes: ['C1002'] })), 201);
    dataOf(await admin.post(PLAN, `/${live.id}/transitions/publish`, {}));
    refusal(await admin.del(PLAN, `/${live.id}`), 409);
    // One undeletable record in a bulk delete refuses the whole request.
    refusal(await admin.post(PLAN, '/bulk-delete', { ids: [draft.id, live.id] }), 409);
    expect(await countRows(t, 'demo_price_plan', { code: 'P_GONE' })).toBe(1);
    dataOf(await admin.del(PLAN, `/${draft.id}`));
    expect(await countRows(t, 'demo_price_plan', { code: 'P_GONE' })).toBe(0);
  });

  it('shows a customer the rows that name its organisation, read-only', async () => {
    const mine = (dataOf(await custA.get(PLAN, '?size=100')).list as { code: string }[]).map((r) => r.code).sort();
    expect(mine).toEqual(['API_FREE', 'API_STD', 'P_CUSTOMERS']);
    const theirs = (dataOf(await custB.get(PLAN, '?size=100')).list as { code: string }[]).map((r) => r.code).sort();
    expect(theirs).toEqual(['API_FREE', 'P_CUSTOMERS', 'P_LIVE']);
    const liveId = await idOf(t, 'demo_price_plan', { code: 'P_LIVE' });
    refusal(await custA.get(PLAN, `/${liveId}`), 404);
    const std = await idOf(t, 'demo_price_plan', { code: 'API_STD' });
    expect(dataOf(await custA.get(PLAN, `/${std}`)).code).toBe('API_STD');
    refusal(await custA.put(PLAN, `/${std}`, { name: '改名', version: 1 }), 403);
    refusal(await custA.post(PLAN, '', plan('P_CUST')), 403);
    refusal(await custA.del(PLAN, `/${std}`), 403);
    expect(dataOf(await custA.get(PLAN, `/${std}`)).name).toBe('标准接口计费');
    const schema = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `/open-platform/schemas/${encodeURIComponent(PLAN)}`,
        headers: { authorization: `Bearer ${custA.token}` },
      }),
    );
    expect(schema.actions.sort()).toEqual(['export', 'read']);
    // The totals follow the same scope.
    const totals = dataOf(await custA.get(PLAN)).totals as { field: string; op: string; value: number }[];
    expect(totals.find((x) => x.op === 'count')!.value).toBe(3);
    expect(totals.find((x) => x.op === 'sum')!.value).toBe(10_000);
    expect(totals.find((x) => x.op === 'avg')!.value).toBe(5_000);
  });

  it('creates a record as a transition’s effect, and rolls the transition back when an effect is refused', async () => {
    const made = dataOf(await admin.post(PLAN, '', plan('P_NOTICE', { partyCodes: ['C1001'] })), 201);
    dataOf(await admin.post(PLAN, `/${made.id}/transitions/publish`, {}));
    const notices = dataOf(await admin.get(NOTICE, '?planCode=P_NOTICE')).list;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ planCode: 'P_NOTICE', text: 'P_NOTICE', publishedBy: 'admin', createdBy: 'admin' });
    const history = dataOf(await admin.get(NOTICE, `/${notices[0].id}/history`));
    expect(history.map((h: { action: string }) => h.action)).toEqual([`effect:${PLAN}#publish`]);

    // The discount transition copies the reason into the notice; a one-letter reason breaks the notice's rule.
    const draft = dataOf(await admin.post(PLAN, '', plan('P_ROLLBACK', { discountPct: 5, discountReason: 'x' })), 201);
    await dynamicView(t.app.ctx.database.db)
      .insertInto('demo_plan_notice')
      .values({
        planCode: 'P_ROLLBACK',
        text: '原公告',
        version: 1,
        createdAt: 'x',
        updatedAt: 'x',
        createdBy: 'admin',
        updatedBy: 'admin',
      })
      .execute();
    const refused = fieldErrors(await admin.post(PLAN, `/${draft.id}/transitions/discount`, { discountPct: 8 }));
    expect(Object.keys(refused)).toEqual(['text']);
    expect(dataOf(await admin.get(PLAN, `/${draft.id}`))).toMatchObject({ discountPct: 5, version: draft.version });
    expect((dataOf(await admin.get(NOTICE, '?planCode=P_ROLLBACK')).list as { text: string }[]).map((n) => n.text)).toEqual(['原公告']);
    // A transition is checked against the rules too: a discount with no reason is refused at the reason.
    const bare = dataOf(await admin.post(PLAN, '', plan('P_BARE')), 201);
    expect(Object.keys(fieldErrors(await admin.post(PLAN, `/${bare.id}/transitions/discount`, { discountPct: 8 })))).toEqual([
      'discountReason',
    ]);
  });
});
