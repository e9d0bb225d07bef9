import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { syncMenu, type MenuSeed } from './menuSync.js';

const DIR = 'mergeDemo';
const file = (title: string, icon: string, second = 'menu.mergeDemo.b'): MenuSeed[] => [
  {
    code: DIR,
    menuTitle: 'menu.mergeDemo.title',
    icon: 'SettingOutlined',
    children: [
      { code: `${DIR}/a`, menuTitle: title, path: `/${DIR}/a`, icon },
      { code: `${DIR}/b`, menuTitle: second, path: `/${DIR}/b` },
    ],
  },
];

describe.each(dialects())('menu.json merged into the menu on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t.close());
  const row = (code: string) =>
    t.app.ctx.database.core.selectFrom('sys_menu').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const edit = (code: string, set: { menuTitle?: string; icon?: string; fileValues?: null }) =>
    t.app.ctx.database.core.updateTable('sys_menu').set(set).where('code', '=', code).execute();

  it('adds new entries, then follows the file for fields no admin changed and keeps those an admin did', async () => {
    expect(await syncMenu(t.app.ctx, file('menu.mergeDemo.a', 'TeamOutlined'))).toEqual({ added: 3, updated: 0 });
    await edit(`${DIR}/a`, { icon: 'ShopOutlined' });
    expect(await syncMenu(t.app.ctx, file('menu.mergeDemo.a2', 'AppstoreOutlined'))).toEqual({ added: 0, updated: 1 });
    expect(await row(`${DIR}/a`)).toMatchObject({ menuTitle: 'menu.mergeDemo.a2', icon: 'ShopOutlined' });
    // Unchanged file: nothing to do.
    expect(await syncMenu(t.app.ctx, file('menu.mergeDemo.a2', 'AppstoreOutlined'))).toEqual({ added: 0, updated: 0 });
  });

  it('treats an entry stored before file values were kept as the file where equal and an admin edit where not', async () => {
    await edit(`${DIR}/a`, { fileValues: null });
    await edit(`${DIR}/b`, { fileValues: null, menuTitle: 'menu.mergeDemo.bByAdmin' });
    expect(await syncMenu(t.app.ctx, file('menu.mergeDemo.a2', 'AppstoreOutlined'))).toEqual({ added: 0, updated: 0 });
    expect(await syncMenu(t.app.ctx, file('menu.mergeDemo.a3', 'AppstoreOutlined', 'menu.mergeDemo.b2'))).toEqual({ added: 0, updated: 1 });
    expect(await row(`${DIR}/a`)).toMatchObject({ menuTitle: 'menu.mergeDemo.a3', icon: 'ShopOutlined' });
    expect(await row(`${DIR}/b`)).toMatchObject({ menuTitle: 'menu.mergeDemo.bByAdmin' });
  });
});
