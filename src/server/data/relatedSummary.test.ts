import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const CUSTOMER = 'customerManage/customer';
const ALERT = 'customerConfig/alert';
const BANK = 'customerConfig/bank';

interface Line {
  page: string;
  title: string;
  count: number;
  canCreate: boolean;
  latest: { id: number; cells: Record<string, { value: unknown; text: unknown; color?: string }> } | null;
}

describe.each(dialects())('a relation group as one detail tab on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let c1001: number;
  let c1002: number;
  const summary = (who: Caller, id: number, name = 'services') => who.get(CUSTOMER, `/${id}/related-summary/${name}`);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
    custA = await signIn(t.app, 'cust_a');
    c1001 = await idOf(t, 'sys_party', { code: 'C1001' });
    c1002 = await idOf(t, 'sys_party', { code: 'C1002' });
  });
  afterAll(async () => t?.close());

  it('answers one line per service page with the customer’s own count, latest record and its provider and status', async () => {
    const group = t.app.ctx.schemas.pages.get(CUSTOMER)!.relationGroups![0];
    const answer = dataOf(await summary(admin, c1001));
    expect(answer.columns.map((c: { field: string }) => c.field)).toEqual(['provider', 'status']);
    expect(answer.lines.map((l: Line) => l.page)).toEqual(group.pages);
    for (const line of answer.lines as Line[]) {
      const list = dataOf(await admin.get(line.page, '?parent=C1001&size=5'));
      expect({ page: line.page, count: line.count }).toEqual({ page: line.page, count: list.total });
      expect(line.latest?.id ?? null).toBe(list.list[0]?.id ?? null);
      if (line.latest) expect(line.latest.cells.status.value).toBe(list.list[0].status);
    }
    const alert = (answer.lines as Line[]).find((l) => l.page === ALERT)!;
    expect(alert).toMatchObject({
      count: 1,
      canCreate: true,
      latest: { cells: { status: { value: 'enabled', color: expect.any(String) } } },
    });
  });

  it('says a service is not configured once its record is gone, and offers to configure it', async () => {
    const id = await idOf(t, 'cust_cfg_alert', { partyCode: 'C1002' });
    dataOf(await admin.del(ALERT, `/${id}`));
    const alert = (dataOf(await summary(admin, c1002)).lines as Line[]).find((l) => l.page === ALERT)!;
    expect(alert).toMatchObject({ count: 0, latest: null, canCreate: true });
  });

  it('refuses an unknown group and a record the caller cannot read', async () => {
    refusal(await summary(admin, c1001, 'nothing'), 404);
    refusal(await summary(admin, 999999), 404);
    // Customers have no grant on the customer list at all.
    refusal(await summary(custA, c1001), 403);
  });

  it('leaves out pages the caller may not read and never counts another organisation’s records', async () => {
    const db = t.app.ctx.database.core;
    const role = await db.selectFrom('sys_role').select(['grants']).where('code', '=', 'CUSTOMER_ADMIN').executeTakeFirstOrThrow();
    const grants = JSON.parse(String(role.grants)) as Record<string, string[]>;
    const changed: Record<string, string[]> = { ...grants, [CUSTOMER]: ['read'] };
    delete changed[BANK];
    await db
      .updateTable('sys_role')
      .set({ grants: JSON.stringify(changed) })
      .where('code', '=', 'CUSTOMER_ADMIN')
      .execute();
    try {
      const lines = dataOf(await summary(custA, c1001)).lines as Line[];
      expect(lines.map((l) => l.page)).not.toContain(BANK);
      expect(lines.length).toBe(t.app.ctx.schemas.pages.get(CUSTOMER)!.relationGroups![0].pages.length - 1);
      for (const line of lines) expect(line.count).toBe(dataOf(await custA.get(line.page, '?size=1')).total);
      // Another organisation's record is not theirs to summarise, even by its id.
      refusal(await summary(custA, c1002), 404);
    } finally {
      await db
        .updateTable('sys_role')
        .set({ grants: JSON.stringify(grants) })
        .where('code', '=', 'CUSTOMER_ADMIN')
        .execute();
    }
  });

  it('sends the group in the schema answer with its title’s message, and the child pages name the customer as parent', async () => {
    const bundle = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `/open-platform/schemas/${encodeURIComponent(CUSTOMER)}`,
        headers: { authorization: `Bearer ${admin.token}` },
      }),
    );
    expect(bundle.page.relationGroups[0]).toMatchObject({ name: 'services', field: 'partyCode' });
    expect(bundle.messages[bundle.page.relationGroups[0].title]).toBeTruthy();
    expect(bundle.page.relations.map((r: { name: string }) => r.name)).not.toContain('alerts');
    const alert = dataOf(
      await t.app.inject({
        method: 'GET',
        url: `/open-platform/schemas/${encodeURIComponent(ALERT)}`,
        headers: { authorization: `Bearer ${admin.token}` },
      }),
    );
    expect(alert.parents.map((p: { page: string }) => p.page)).toContain(CUSTOMER);
  });
});
