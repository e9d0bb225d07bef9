import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boolParam } from '../src/server/db/connect';
import { hasChromium, openBrowser, pageSettled, signIn, startServer, type Browser, type Running } from './harness';

/**
 * Spec §2.1, §2.2, §2.6, §4 and §8 between the portal and the console, in both directions, as a
 * signed-out and as a signed-in visitor.
 */

/** The portal shows this route in its page area (the previous page stays while the next loads). */
async function portalShows(page: Page, route: RegExp) {
  await expect
    .poll(
      () =>
        page
          .locator('.portal main')
          .getAttribute('data-route')
          .catch(() => null),
      { timeout: 20_000 },
    )
    .toMatch(route);
}

const hash = (page: Page) => new URL(page.url()).hash;

describe.runIf(hasChromium())('navigation rules in Chromium', () => {
  let server: Running;
  beforeAll(async () => {
    server = await startServer();
    const db = server.app.ctx.database;
    // An entry hidden from the navigation, and one whose page file does not exist.
    await db.db
      .updateTable('sys_menu')
      .set({ hidden: boolParam(db, true) })
      .where('code', '=', 'platformUser/team')
      .execute();
    await db.db.updateTable('sys_menu').set({ component: 'nowhere/page' }).where('code', '=', 'platformUser/loginHistory').execute();
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('signed out', () => {
    let b: Browser;
    beforeAll(async () => {
      b = await openBrowser();
      await b.context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
    });
    afterAll(async () => b?.close());

    it('opens /index, /portalShow and a component detail without a login', async () => {
      await b.page.goto(`${server.url}/#/index`);
      await portalShows(b.page, /^\/index$/);
      await b.page.goto(`${server.url}/#/portalShow`);
      await portalShows(b.page, /^\/portalShow$/);
      await b.page.goto(`${server.url}/#/index/component/detail/freight/TMS02`);
      await portalShows(b.page, /^\/index\/component\/detail\//);
      expect(hash(b.page)).not.toMatch(/login/);
    });

    it('shows the sign-in screen on /login and sends a console path there with the redirect', async () => {
      await b.page.goto(`${server.url}/#/login`);
      await b.page.locator('#username').waitFor();
      await b.page.goto(`${server.url}/#/platformUser/department`);
      await b.page.waitForURL(/#\/login\?redirect=/);
      expect(decodeURIComponent(b.page.url())).toContain('redirect=/platformUser/department');
    });

    it('goes from the portal to the console sign-in by a link, and back by the browser', async () => {
      await b.page.goto(`${server.url}/#/index`);
      await portalShows(b.page, /^\/index$/);
      await b.page.evaluate(() => {
        window.location.hash = '#/home';
      });
      await b.page.locator('#username').waitFor();
      await b.page.goBack();
      await portalShows(b.page, /^\/index$/);
    });
  });

  describe.each(['admin', 'cust_a'])('signed in as %s', (user) => {
    let b: Browser;
    beforeAll(async () => {
      b = await openBrowser();
      await b.context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
      await signIn(b.page, server.url, user);
    });
    afterAll(async () => b?.close());

    it('lands on the console’s dashboard, not /404 or the portal, when opening /login', async () => {
      // Moved inside the console, and opened afresh.
      await b.page.goto(`${server.url}/#/login`);
      await b.page.waitForURL(/#\/home$/);
      await b.page.locator('.console-layout').waitFor();
      await b.page.goto(`${server.url}/#/login`);
      await b.page.reload();
      await b.page.waitForURL(/#\/home$/);
      await b.page.locator('.console-layout').waitFor();
    });

    it('opens the showcase from the avatar menu "Home", and comes back to the console', async () => {
      await b.page.goto(`${server.url}/#/home`);
      // The reload of the test before may still be bringing the console up: a menu opened meanwhile can close again.
      await pageSettled(b.page, '/home');
      await b.page.getByTestId('user-menu').click();
      await b.page.getByRole('menuitem', { name: '首页' }).dispatchEvent('click');
      await portalShows(b.page, /^\/portalShow$/);
      await b.page.locator('.p-show').waitFor();
      expect(hash(b.page)).toBe('#/portalShow');
      // Back to the console through the portal's own address change.
      await b.page.evaluate(() => {
        window.location.hash = '#/home';
      });
      await b.page.locator('.console-sider').waitFor();
      await b.page.goBack();
      await portalShows(b.page, /^\/portalShow$/);
    });

    it('opens the showcase from the sidebar entry "System demo"', async () => {
      await b.page.goto(`${server.url}/#/home`);
      await b.page.locator('.console-sider').getByText('系统演示').click();
      await portalShows(b.page, /^\/portalShow$/);
      expect(hash(b.page)).not.toMatch(/404/);
    });

    it('keeps /portalShow as the affixed "home" tab, first in the strip, without a close button', async () => {
      await b.page.goto(`${server.url}/#/home`);
      const first = b.page.getByTestId('tab').first();
      await expect.poll(() => first.textContent()).toBe('首页');
      expect(await first.locator('.tags-view__close').count()).toBe(0);
      await first.click();
      await portalShows(b.page, /^\/portalShow$/);
    });
  });

  describe('signed in (console rules)', () => {
    let b: Browser;
    beforeAll(async () => {
      b = await openBrowser();
      await b.context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
      await signIn(b.page, server.url, 'admin');
    });
    afterAll(async () => b?.close());

    it('shows a hidden menu item only while it is selected', async () => {
      const sider = b.page.locator('.console-sider');
      await b.page.goto(`${server.url}/#/platformUser/department`);
      await sider.getByText('部门管理').waitFor();
      expect(await sider.getByText('团队管理').count()).toBe(0);
      await b.page.goto(`${server.url}/#/platformUser/team`);
      await sider.getByText('团队管理').waitFor();
      await b.page.goto(`${server.url}/#/platformUser/department`);
      await expect.poll(() => sider.getByText('团队管理').count()).toBe(0);
    });

    it('logs a missing page file as MODULE_NOT_FOUND and shows the default page', async () => {
      const logged: string[] = [];
      b.page.on('console', (m) => {
        if (m.type() === 'error') logged.push(m.text());
      });
      await b.page.goto(`${server.url}/#/platformUser/loginHistory`);
      await b.page.getByText('页面暂不可用').waitFor();
      await expect(b.page.locator('.keep-alive--active').textContent()).resolves.toContain('MODULE_NOT_FOUND');
      await expect.poll(() => logged.join('\n')).toMatch(/Cannot find module 'nowhere\/page'.*MODULE_NOT_FOUND/);
      expect(hash(b.page)).toBe('#/platformUser/loginHistory');
    });

    it('says "Compiling the theme" when the theme colour changes', async () => {
      await b.page.goto(`${server.url}/#/home`);
      await b.page.getByTestId('settings-button').click();
      await b.page.locator('.theme-swatch[data-color="#006d75"]').click();
      await b.page.getByText('正在编译主题').waitFor();
      await b.page.locator('.theme-swatch[data-color="#1668dc"]').click();
    });

    it('closes the loading overlay by itself while the user info is still on its way', async () => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => {
        release = r;
      });
      await b.page.route('**/open-platform/getUserInfo', async (route) => {
        await held;
        await route.continue().catch(() => undefined);
      });
      await b.page.goto(`${server.url}/#/platformUser/department`);
      await b.page.reload();
      const overlay = b.page.locator('.page-loading--full');
      await overlay.getByText('正在加载...').waitFor();
      await expect.poll(() => overlay.count(), { timeout: 10_000, interval: 250 }).toBe(0);
      release();
      await b.page.unroute('**/open-platform/getUserInfo');
      await b.page.locator('.console-sider').waitFor();
    });
  });
});
