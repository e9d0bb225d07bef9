import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { countRows, dataOf, idOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const ROLES = 'platformUser/roleManage';

/** resource.deletableWhen: records for which the expression is false are refused on delete, alone or in a bulk. */
describe.each(dialects())('resource.deletableWhen on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to delete a built-in role with 409 and its name, alone or among others, and deletes a custom one', async () => {
    const builtIn = await idOf(t, 'sys_role', { code: 'STAFF' });
    expect(refusal(await admin.del(ROLES, `/${builtIn}`), 409).msg).toMatch(/平台员工/);
    const custom = dataOf(await admin.post(ROLES, '', { code: 'TEMP_ROLE', name: '临时角色', status: 'active', grants: {} }), 201);
    refusal(await admin.post(ROLES, '/bulk-delete', { ids: [custom.id, builtIn] }), 409);
    expect(await countRows(t, 'sys_role', { code: 'TEMP_ROLE' })).toBe(1);
    dataOf(await admin.del(ROLES, `/${custom.id}`));
    expect(await countRows(t, 'sys_role', { code: 'TEMP_ROLE' })).toBe(0);
    expect(await countRows(t, 'sys_role', { code: 'STAFF' })).toBe(1);
  });
});
