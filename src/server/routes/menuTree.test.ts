import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, dialects, login, type TestApp } from '../test/harness.js';
import { boolParam } from '../db/connect.js';
import { TOKEN_INVALID } from '../errors.js';

interface Node {
  code: string;
  menuTitle: string;
  component: string | null;
  hidden: boolean;
  children: Node[];
}
const codes = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codes(n.children)]);

describe.each(dialects())('menu tree for the role editor on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    // One entry hidden from the navigation: it must still be grantable.
    await t.app.ctx.database.db
      .updateTable('sys_menu')
      .set({ hidden: boolParam(t.app.ctx.database, true) })
      .where('code', '=', 'platformUser/team')
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (token?: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url: '/open-platform/menuTree', headers: { ...(token ? bearer(token) : {}), 'accept-language': lang } });
  const setStaffGrants = (grants: Record<string, string[]>) =>
    t.app.ctx.database.db
      .updateTable('sys_role')
      .set({ grants: JSON.stringify(grants) })
      .where('code', '=', 'STAFF')
      .execute();

  it('gives administrators every entry, hidden ones included, with untranslated title keys', async () => {
    const res = await get(await login(t.app, 'admin'));
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as Node[];
    const all = await t.app.ctx.database.db.selectFrom('sys_menu').select('code').execute();
    expect(codes(tree).sort()).toEqual(all.map((r) => r.code).sort());
    const platformUser = tree.find((n) => n.code === 'platformUser')!;
    expect(platformUser.menuTitle).toBe('menu.platformUser.title');
    const team = platformUser.children.find((n) => n.code === 'platformUser/team')!;
    expect(team.hidden).toBe(true);
    expect(team.component).toBe('platformUser/team/index');
    expect(platformUser.children.find((n) => n.code === 'platformUser/roleManage')).toBeTruthy();
  });

  it('gives platform administrators the same tree', async () => {
    const admin = (await get(await login(t.app, 'admin'))).json().data;
    const res = await get(await login(t.app, 'operator'));
    expect(res.statusCode).toBe(200);
    expect(codes(res.json().data)).toEqual(codes(admin));
  });

  it('refuses users who may not update roles', async () => {
    for (const user of ['staff', 'cust_a']) {
      const res = await get(await login(t.app, user));
      expect(res.statusCode, user).toBe(403);
      expect(res.json().msg).toBe('Only users who may edit roles can see the full menu');
    }
    const zh = await get(await login(t.app, 'staff'), 'zh-CN');
    expect(zh.json().msg).toBe('只有可以编辑角色的用户才能查看完整菜单');
  });

  it('follows a role’s grants on the roles page: update or * opens it, read alone does not', async () => {
    const token = await login(t.app, 'staff');
    await setStaffGrants({ platformUser: ['read'], 'platformUser/roleManage': ['read'] });
    expect((await get(token)).statusCode).toBe(403);
    await setStaffGrants({ platformUser: ['read'], 'platformUser/roleManage': ['read', 'update'] });
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    // The whole menu, not only what the staff role itself can see.
    expect(codes(res.json().data)).toContain('systemManage/menu');
    await setStaffGrants({ 'platformUser/roleManage': ['*'] });
    expect((await get(token)).statusCode).toBe(200);
    await setStaffGrants({});
    expect((await get(token)).statusCode).toBe(403);
  });

  it('answers 21332 without a session', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(TOKEN_INVALID);
  });
});
