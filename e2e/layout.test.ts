import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, pageSettled, screenshot, signIn, startServer, type Browser, type Running } from './harness';

describe.runIf(hasChromium())('back-office shell in Chromium', () => {
  let server: Running;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 860);
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });
  const cookie = async (name: string) => (await b.context.cookies()).find((c) => c.name === name)?.value;
  const tabs = () => b.page.getByTestId('tab').allTextContents();

  it('collapses and reopens the sidebar, remembering it in a cookie', async () => {
    const sider = b.page.locator('.console-sider');
    expect(Math.round((await sider.boundingBox())!.width)).toBe(210);
    await b.page.getByTestId('hamburger').click();
    await expect.poll(async () => Math.round((await sider.boundingBox())!.width)).toBe(64);
    expect(await cookie('sidebarStatus')).toBe('0');
    await b.page.getByTestId('hamburger').click();
    await expect.poll(async () => Math.round((await sider.boundingBox())!.width)).toBe(210);
    expect(await cookie('sidebarStatus')).toBe('1');
  });

  it('finds a page by title and by path, from the keyboard', async () => {
    await b.page.keyboard.press('Control+k');
    // Several pages hold roles (platform, customer roles, their notices and permissions): the whole title finds one.
    await b.page.keyboard.type('角色管理');
    await b.page.locator('.route-search__option').first().waitFor();
    await b.page.keyboard.press('Enter');
    await b.page.waitForURL(/#\/platformUser\/roleManage/);
    await b.page.keyboard.press('Control+k');
    await b.page.keyboard.type('ipBlack');
    await b.page.locator('.route-search__option', { hasText: '/systemManage/ipBlacklist' }).click();
    await b.page.waitForURL(/#\/systemManage\/ipBlacklist/);
  });

  it('opens tabs, keeps the same page with other parameters in a second tab, and closes them', async () => {
    await b.page.goto(`${server.url}/#/platformUser/department`);
    await b.page.goto(`${server.url}/#/home`);
    await b.page.goto(`${server.url}/#/platformUser/department?status=disabled`);
    await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
    expect((await tabs()).filter((t) => /部门管理/.test(t))).toHaveLength(2);
    // Close the active tab from the keyboard: the last remaining tab becomes active.
    await b.page.locator('.tags-view__tab--active .tags-view__title').focus();
    await b.page.keyboard.press('Delete');
    expect((await tabs()).filter((t) => /部门管理/.test(t))).toHaveLength(1);
    await b.page.locator('.tags-view__tab', { hasText: '部门管理' }).click({ button: 'right' });
    await b.page.getByRole('menuitem', { name: '关闭其他' }).dispatchEvent('click');
    expect(await tabs()).toEqual(['首页', '工作台', '部门管理']);
  });

  it('restores open tabs after a reload, and refreshes a tab from its menu', async () => {
    await b.page.goto(`${server.url}/#/systemManage/dictionary`);
    await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
    await b.page.reload();
    await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
    expect(await tabs()).toEqual(['首页', '工作台', '部门管理', '数据字典']);
    await b.page.locator('.tags-view__tab--active').click({ button: 'right' });
    await b.page.getByRole('menuitem', { name: '刷新' }).dispatchEvent('click');
    await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
    await b.page.locator('.tags-view__tab--active').click({ button: 'right' });
    await b.page.getByRole('menuitem', { name: '关闭所有' }).dispatchEvent('click');
    await b.page.waitForURL(/#\/home/);
    expect(await tabs()).toEqual(['首页', '工作台']);
  });

  it('switches the size: cached pages dropped, the route reloaded, and it says so', async () => {
    // The previous test closed every tab, so the dashboard is still loading: an item clicked while the
    // menu's opening animation waited on that busy page was missed, leaving the menu open.
    await pageSettled(b.page, '/home');
    await b.page.getByTestId('size-menu').click();
    await pageSettled(b.page);
    await b.page.getByRole('menuitem', { name: '小' }).dispatchEvent('click');
    await b.page.getByText('切换大小成功').waitFor();
    expect(await cookie('size')).toBe('small');
    await b.page.waitForURL(/#\/home/);
  });

  it('keeps the chosen theme colour across a reload, painted before the app starts', async () => {
    await b.page.getByTestId('settings-button').click();
    await b.page.locator('[data-color="#722ed1"]').click();
    await b.page.keyboard.press('Escape');
    expect(decodeURIComponent((await cookie('themeColor'))!)).toBe('#722ed1');
    await b.page.reload({ waitUntil: 'domcontentloaded' });
    expect(await b.page.evaluate(() => document.documentElement.style.getPropertyValue('--theme-color'))).toBe('#722ed1');
    await b.page.locator('.console-sider').waitFor();
    const bg = await b.page.locator('.tags-view__tab--active').evaluate((e) => getComputedStyle(e).backgroundColor);
    expect(bg).toBe('rgb(114, 46, 209)');
  });

  it('shows to-do counts equal to what the server counts', async () => {
    const token = await cookie('Admin-Token');
    const counts = (await (await fetch(`${server.url}/open-platform/todoCount`, { headers: { Authorization: `Bearer ${token}` } })).json())
      .data;
    expect(Object.keys(counts)).toHaveLength(10);
    // At 1366 px the counters fold into one button with their total; its menu shows each count.
    const total = Object.values<number>(counts).reduce((a, n) => a + n, 0);
    expect(await b.page.getByTestId('todo-compact').textContent()).toContain(String(total));
    await b.page.getByTestId('todo-compact').click();
    expect(await b.page.getByTestId('todo-valuating_count').textContent()).toContain(String(counts.valuating_count));
    await b.page.keyboard.press('Escape');
  });

  it('narrows text columns so a list a little wider than the screen keeps them beside the pinned actions', async () => {
    await b.page.goto(`${server.url}/#/platformUser/staffManage`);
    const header = (title: string) => b.page.locator('.keep-alive--active thead th', { hasText: title }).boundingBox();
    await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
    // The staff list declares about 1,200 px of columns; at 1366 px its box is about 1,070.
    await expect
      .poll(async () => {
        const [status, actions] = await Promise.all([header('状态'), header('操作')]);
        return Boolean(status && actions && status.x + status.width <= actions.x + 1);
      })
      .toBe(true);
    // A date keeps the width it reads in; a name gives some of its width, never below three quarters.
    const [changed, name] = await Promise.all([header('密码修改时间'), header('姓名')]);
    expect(Math.round(changed!.width)).toBe(170);
    expect(name!.width).toBeLessThan(150);
    expect(name!.width).toBeGreaterThanOrEqual(112);
  });

  it('switches language without a reload and says so', async () => {
    await b.page.locator('.console-header__right button', { hasText: '中文' }).click();
    await b.page.getByRole('menuitem', { name: 'English' }).dispatchEvent('click');
    await b.page.getByText('Switch Language Success').waitFor();
    await expect.poll(() => b.page.locator('.console-sider').textContent()).toMatch(/Platform users|Departments/);
    expect(await cookie('language')).toBe('en');
    await screenshot(b.page, 'console-english-1366');
  });

  it('at phone width hides the sidebar behind the menu button and closes it after navigating', async () => {
    await b.page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => b.page.locator('.console-layout--mobile').count()).toBe(1);
    expect(await b.page.locator('.console-sider:visible').count()).toBe(0);
    await b.page.getByTestId('hamburger').click();
    await b.page.getByTestId('mobile-sidebar').locator('button.side-nav__item').first().click();
    await b.page.getByTestId('mobile-sidebar').locator('a.side-nav__item').nth(1).click();
    await expect.poll(() => b.page.locator('.console-drawer.ant-drawer-open').count()).toBe(0);
    // The tab strip overflows at this width: the active tab is scrolled wholly into view, past the arrows.
    await b.page.goto(`${server.url}/#/platformUser/staffManage`);
    await b.page.goto(`${server.url}/#/platformUser/department`);
    await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
    await expect
      .poll(async () => {
        const strip = await b.page.locator('.tags-view__strip').boundingBox();
        const tab = await b.page.locator('.tags-view__tab--active').boundingBox();
        return Boolean(strip && tab && tab.x >= strip.x - 1 && tab.x + tab.width <= strip.x + strip.width + 1);
      })
      .toBe(true);
    await screenshot(b.page, 'console-mobile-390');
    await b.page.setViewportSize({ width: 1366, height: 860 });
  });

  it('hides the admin-only entries from staff', async () => {
    await b.page.getByTestId('user-menu').click();
    await b.page.getByRole('menuitem', { name: 'Log out' }).dispatchEvent('click');
    // Logging out finishes with the server call; only then is the login page shown to a signed-out visitor.
    await b.page.waitForURL(/#\/login/);
    await signIn(b.page, server.url, 'staff');
    await b.page.getByTestId('user-menu').click();
    const text = await b.page.locator('.ant-dropdown-menu').last().textContent();
    expect(text).toMatch(/Log out|退出登录/);
    expect(text).not.toMatch(/Management center|管理中心|Change password|修改密码/);
  });

  it('had no console errors or failed requests', () => {
    expect(b.problems).toEqual([]);
  });
});
