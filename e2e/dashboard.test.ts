import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, motionEnded, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

async function api(server: Running, b: Browser, path: string) {
  const token = (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
  return (await (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()).data;
}

describe.runIf(hasChromium())('dashboard and to-do workflow in Chromium', () => {
  let server: Running;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  for (const user of ['admin', 'cust_a']) {
    it(`renders four charts with real figures for ${user}`, async () => {
      await signIn(b.page, server.url, user);
      const data = await api(server, b, '/open-platform/dashboard?tzOffset=-480');
      expect(data.figures.waybillsTotal).toBeGreaterThan(100);
      for (const chart of ['bar', 'line', 'pie', 'radar']) {
        await b.page.getByTestId(`chart-${chart}`).locator('svg').first().waitFor();
      }
      const inTransit = await b.page.getByTestId('figure-waybillsInTransit').locator('.ant-statistic-content').textContent();
      expect(inTransit?.replace(/\D/g, '')).toBe(String(data.figures.waybillsInTransit));
      await screenshot(b.page, `dashboard-${user}`);
      await b.page.getByTestId('user-menu').click();
      await b.page.getByRole('menuitem', { name: /退出登录|Log out/ }).dispatchEvent('click');
      await b.page.waitForURL(/#\/login/);
    });
  }

  it('follows a counter to its filtered list, and approving a review takes one off the counter', async () => {
    await signIn(b.page, server.url, 'admin');
    const before = (await api(server, b, '/open-platform/todoCount')).auth_shipper_count;
    expect(before).toBeGreaterThan(0);
    // At 1366 px the shortcuts are folded into one button with the total.
    await b.page.getByTestId('todo-compact').click();
    // Clicked once the menu has stopped sliding in: in a full run, a click made while it moved left
    // the menu open and the address unchanged.
    await b.page.getByTestId('todo-auth_shipper_count').waitFor();
    await motionEnded(b.page);
    await b.page.getByTestId('todo-auth_shipper_count').click();
    await b.page.waitForURL(/#\/tms\/review\/shipperReview\?todo=1/);
    const list = b.page.locator('.keep-alive--active');
    await list.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => list.locator('.list-toolbar__title .muted').textContent()).toContain(String(before));
    await list.locator('.ant-table-row').first().getByRole('button', { name: '通过' }).click();
    await b.page
      .locator('.ant-modal')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await b.page.getByText('操作成功').waitFor();
    await expect.poll(async () => (await api(server, b, '/open-platform/todoCount')).auth_shipper_count).toBe(before - 1);
    await b.page.getByTestId('todo-compact').click();
    await expect.poll(() => b.page.getByTestId('todo-auth_shipper_count').textContent(), { timeout: 10_000 }).toContain(String(before - 1));
    await b.page.keyboard.press('Escape');
  });

  it('had no console errors or failed requests', () => {
    expect(b.problems).toEqual([]);
  });
});
