import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, signIn, type Caller } from '../../test/dataApi.js';
import { activePlan } from './pricing.js';

const GROUP = 'customerManage/partyGroupConfig';

describe.each(dialects())('price plans inherited from customer groups on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => t?.close());

  it('prices a customer without a plan of its own by its group’s default plan at the group’s discount', async () => {
    // G003 (C1001 and C1002, 95%) defaults to C1001's verification plan: 35 fen to 200 calls, then 28.
    expect(await activePlan(t.app.ctx, 'C1002', 'verification', today)).toEqual([
      { fromCount: 1, toCount: 200, unitPriceFen: 33 },
      { fromCount: 201, toCount: null, unitPriceFen: 27 },
    ]);
    // A plan of the customer's own comes first; a service no group plan prices has none.
    expect((await activePlan(t.app.ctx, 'C1001', 'verification', today))?.[0].unitPriceFen).toBe(35);
    expect(await activePlan(t.app.ctx, 'C1002', 'ocr', today)).toBeNull();
  });

  it('stops inheriting at once when the group is disabled', async () => {
    const g = dataOf(await admin.get(GROUP, '?groupCode=G003')).list[0];
    dataOf(await admin.put(GROUP, `/${g.id}`, { ...g, status: 'disabled' }));
    expect(await activePlan(t.app.ctx, 'C1002', 'verification', today)).toBeNull();
  });

  it('refuses a disabled plan as a group default', async () => {
    const plan = dataOf(await admin.get('customerManage/pricePlan', '?planName=核验套餐 2025'.replace(' ', '%20'))).list[0];
    dataOf(await admin.put('customerManage/pricePlan', `/${plan.id}`, { ...plan, status: 'disabled' }));
    const res = await admin.post(GROUP, '', {
      groupCode: 'G010',
      groupName: '测试分组',
      members: ['C1002'],
      defaultPlanId: plan.id,
      status: 'active',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('defaultPlanId');
  });
});
