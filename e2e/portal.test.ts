import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOLUTIONS } from '../src/portal/content/catalogue';
import { COMPONENTS } from '../src/portal/content/componentList';
import { SHOWCASE_MENU } from '../src/portal/content/showcase';
import { hasChromium, motionEnded, openBrowser, screenshot, startServer, type Browser, type Running } from './harness';

const SHOTS = path.resolve('test-results/e2e/portal');

/** Every portal route: each page kind, each variant, every catalogue entry and showcase leaf. */
const ROUTES = [
  '/',
  '/index',
  '/index?text=0',
  ...['1', '2', '3'].flatMap((id) => [`/index?id=${id}`, `/index?id=${id}&text=0`]),
  '/index/about',
  '/index/about?section=contact',
  '/index/about?section=ecology',
  ...COMPONENTS.map((c) => `/index/component/detail/${c.type}/${c.code}`),
  '/solution',
  ...SOLUTIONS.map((s) => `/solution/${s.id}`),
  '/solution/warehouse',
  '/portalShow',
  '/portalShow/index',
  ...SHOWCASE_MENU.flatMap((g) => g.leaves.map((l) => `/portalShow/index/${g.id}/${l.id}`)),
  '/index/nope',
];

/**
 * Opens a hash route and waits until the page area shows it (the previous page stays up while
 * the next one loads) with its texts and images in.
 */
async function visit(page: Page, base: string, route: string) {
  await page.goto(`${base}/#${route}`);
  const shown = route === '/' ? '/index' : route;
  await page.waitForFunction(
    (want) =>
      document.querySelector('.portal main')?.getAttribute('data-route') === want &&
      document.querySelector('.portal main h1') &&
      !document.querySelector('.p-page-loading') &&
      [...document.images].every((i) => i.complete),
    shown,
  );
}

describe.runIf(hasChromium())('public portal in Chromium', () => {
  let server: Running;
  let b: Browser;
  const badResponses: string[] = [];

  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser();
    await b.context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
    b.page.on('response', (r) => {
      if (r.status() >= 400) badResponses.push(`${r.status()} ${r.url()}`);
    });
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  for (const width of [1366, 390]) {
    it(`renders every route at ${width} px without console errors, failed requests or sideways scrolling`, async () => {
      await b.page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      for (const route of ROUTES) {
        await visit(b.page, server.url, route);
        const scrollWidth = await b.page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, route).toBeLessThanOrEqual(width);
        const name = route.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'root';
        await screenshot(b.page, `${width}-${name}`, { dir: SHOTS, fullPage: true });
      }
      expect(b.problems).toEqual([]);
      expect(badResponses).toEqual([]);
    });
  }

  it('fits every route into 360 px without sideways scrolling', async () => {
    await b.page.setViewportSize({ width: 360, height: 740 });
    for (const route of ROUTES) {
      await visit(b.page, server.url, route);
      const scrollWidth = await b.page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, route).toBeLessThanOrEqual(360);
    }
    expect(b.problems).toEqual([]);
  });

  it('has the header links of spec §2.3 and opens the back office in new tabs', async () => {
    await b.page.setViewportSize({ width: 1366, height: 800 });
    await visit(b.page, server.url, '/index');
    const nav = b.page.getByRole('navigation', { name: '主导航' });
    const links = await nav.getByRole('link').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual(
      expect.arrayContaining([
        ['首页', '#/index'],
        ['八大核心组件', '#/index?id=1'],
        ['AI 智能体', '#/index?id=2'],
        ['全量组件', '#/index?id=3'],
        ['关于我们', '#/index/about'],
        ['系统演示', '#/portalShow'],
      ]),
    );
    const [login] = await Promise.all([b.context.waitForEvent('page'), b.page.getByRole('button', { name: '登录' }).click()]);
    expect(login.url()).toBe(`${server.url}/#/login`);
    await login.close();
  });

  it('follows the configured consultation link from the header image', async () => {
    const site = (await (await fetch(`${server.url}/open-platform/public/site`)).json()) as { data: { consultUrl: string } };
    const consultUrl = site.data.consultUrl;
    await visit(b.page, server.url, '/index');
    const image = b.page.getByRole('img', { name: '在线咨询' });
    if (/^https?:/.test(consultUrl)) {
      // A chat service opens in a new window; it is answered locally, the test never leaves the machine.
      await b.context.route(`${consultUrl}**`, (r) => r.fulfill({ contentType: 'text/html', body: '<title>chat</title>' }));
      const [chat] = await Promise.all([b.context.waitForEvent('page'), image.click()]);
      await chat.waitForLoadState();
      expect(chat.url()).toBe(consultUrl);
      await chat.close();
    } else {
      await image.click();
      await b.page.waitForURL(/#\/index\/about\?section=contact$/);
    }
  });

  it('shows the ICP number and © 2016-2025 in the footer', async () => {
    await visit(b.page, server.url, '/index');
    const footer = await b.page.getByRole('contentinfo').textContent();
    expect(footer).toMatch(/ICP备/);
    expect(footer).toContain('© 2016-2025');
  });

  it('shows the hotline on hover and on keyboard focus, and scrolls back to the top', async () => {
    await visit(b.page, server.url, '/index');
    const tip = b.page.getByRole('tooltip');
    await expect(tip.isVisible()).resolves.toBe(false);
    await b.page.getByRole('button', { name: '服务热线' }).hover();
    await tip.waitFor({ state: 'visible' });
    await b.page.mouse.move(10, 400);
    await tip.waitFor({ state: 'hidden' });
    await b.page.getByRole('button', { name: '服务热线' }).focus();
    await tip.waitFor({ state: 'visible' });
    await b.page.keyboard.press('Escape');
    await tip.waitFor({ state: 'hidden' });
    await b.page.mouse.wheel(0, 2000);
    await b.page.waitForFunction(() => window.scrollY > 500);
    await b.page.getByRole('button', { name: '返回顶部' }).click();
    await b.page.waitForFunction(() => window.scrollY === 0);
  });

  it('on a phone puts the service buttons in a bar of their own, over no text, and its hotline opens by tap', async () => {
    await b.page.setViewportSize({ width: 390, height: 844 });
    try {
      await phoneSideBar();
    } finally {
      // The tests after this one read the desktop layout, also when this one failed.
      await b.page.setViewportSize({ width: 1366, height: 800 });
    }
  });

  async function phoneSideBar() {
    await visit(b.page, server.url, '/index/component/detail/freight/TMS01');
    const bar = await b.page.locator('.p-side').boundingBox();
    expect(bar!.width).toBe(390);
    expect(bar!.y + bar!.height).toBeGreaterThan(840);
    // Scrolled to the end, the footer's last line ends above the bar.
    await b.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastText = await b.page.locator('footer').evaluate((f) => {
      const texts = [...f.querySelectorAll('*')].filter((e) => e.children.length === 0 && e.textContent?.trim());
      return Math.max(...texts.map((e) => e.getBoundingClientRect().bottom));
    });
    expect(lastText).toBeLessThanOrEqual(bar!.y + 1);
    await b.page.getByRole('button', { name: '服务热线' }).click();
    // The tip grows into place: measured once it has stopped moving.
    await motionEnded(b.page);
    const tip = await b.page.getByRole('tooltip').boundingBox();
    expect(tip!.y + tip!.height).toBeLessThanOrEqual(bar!.y);
    expect(tip!.x).toBeGreaterThanOrEqual(0);
    await screenshot(b.page, '390-side-bar', { dir: SHOTS });
  }

  it('navigates the showcase menu and shows a component detail page', async () => {
    await visit(b.page, server.url, '/portalShow');
    const menu = b.page.getByRole('navigation', { name: '演示菜单' });
    await expect(menu.getByRole('link').count()).resolves.toBe(15);
    await menu.getByRole('link', { name: '车辆定位' }).click();
    await b.page.waitForURL(/#\/portalShow\/index\/iot\/I04_03$/);
    await b.page.getByRole('heading', { level: 1, name: '车辆定位' }).waitFor();
    await visit(b.page, server.url, '/index/component/detail/finance/PAY01');
    await b.page.getByRole('heading', { level: 1, name: '结算支付' }).waitFor();
    await expect(b.page.getByRole('heading', { level: 2, name: '核心能力' }).isVisible()).resolves.toBe(true);
    expect(b.problems).toEqual([]);
  });

  it('switches language in place', async () => {
    await visit(b.page, server.url, '/index');
    await b.page.getByLabel('语言').selectOption('ja');
    await b.page.getByRole('navigation', { name: 'メインナビゲーション' }).waitFor();
    expect((await b.context.cookies()).find((c) => c.name === 'language')?.value).toBe('ja');
    await b.page.getByLabel('言語').selectOption('zh');
    await b.page.getByRole('navigation', { name: '主导航' }).waitFor();
    expect(b.problems).toEqual([]);
  });
});
