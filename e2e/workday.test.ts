import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, motionEnded, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

const LIST_PAGES = [
  '/platformUser/department',
  '/platformUser/staffManage',
  '/platformUser/roleManage',
  '/systemManage/dictionary',
  '/systemManage/ipBlacklist',
  '/systemManage/banner',
  '/platformUser/team',
  '/platformUser/partyManage',
  '/tms/base/shipper',
  '/tms/base/driver',
  '/tms/base/vehicle',
  '/tms/order/order_manage',
  '/tms/base/carrier',
  '/tms/waybill/waybill',
];
const LANGUAGES = ['zh', 'en', 'es', 'ja'] as const;

/** The shell as staff use it all day: a laptop at 1366 px and a phone at 390 px, in every language. */
describe.runIf(hasChromium())('the console at a working day’s pace', () => {
  let server: Running;
  let b: Browser;
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 768);
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });
  // The tests share one page: one that fails at phone width must not leave the next at phone width.
  afterEach(async () => {
    await b?.page.setViewportSize({ width: 1366, height: 768 });
  });
  const setLanguage = async (lang: string) => {
    await b.context.addCookies([{ name: 'language', value: lang, url: server.url }]);
    await b.page.reload();
    await b.page.locator('.console-header').waitFor();
  };
  const box = async (selector: string) => (await b.page.locator(selector).first().boundingBox())!;

  it('keeps fourteen open tabs reachable at 1366 px: the strip takes the free width, with arrows and a list of all', async () => {
    for (const p of LIST_PAGES) {
      await b.page.goto(`${server.url}/#${p}`);
      await b.page.locator('.keep-alive--active .ant-table-row, .keep-alive--active .ant-empty').first().waitFor();
    }
    const strip = await box('.tags-view');
    const subbar = await box('.console-subbar');
    // The to-do counters are folded: the tabs get most of the row.
    expect(strip.width).toBeGreaterThan(subbar.width * 0.75);
    expect(await b.page.getByTestId('todo-compact').count()).toBe(1);
    await b.page.getByTestId('tabs-left').waitFor();
    // The active (last opened) tab is in view; the first is reached with the arrow.
    const active = await box('.tags-view__tab--active');
    expect(active.x + active.width).toBeLessThanOrEqual(strip.x + strip.width);
    // Each click scrolls most of the strip's width back: how many it takes to reach the first tab
    // depends on the tabs' widths, so on the font. Clicked until the strip is at its start, each
    // click once the smooth scroll of the one before has ended.
    const tabs = b.page.locator('.tags-view__strip');
    let clicks = 0;
    for (; clicks < 20 && (await tabs.evaluate((el) => el.scrollLeft)) > 0; clicks++) {
      await tabs.evaluate((el) => {
        (window as unknown as { scrollEnded: Promise<void> }).scrollEnded = new Promise((done) =>
          el.addEventListener('scrollend', () => done(), { once: true }),
        );
      });
      await b.page.getByTestId('tabs-left').click();
      await b.page.evaluate(() => (window as unknown as { scrollEnded: Promise<void> }).scrollEnded);
    }
    expect(clicks).toBeGreaterThan(0);
    await expect.poll(() => b.page.getByTestId('tabs-left').isDisabled()).toBe(true);
    await expect.poll(async () => (await box('.tags-view__tab')).x).toBeGreaterThanOrEqual(strip.x);
    await b.page.getByTestId('tabs-all').click();
    await b.page
      .locator('.ant-dropdown-menu-item')
      .filter({ hasText: /部门管理/ })
      .click();
    await b.page.waitForURL(/#\/platformUser\/department$/);
    await screenshot(b.page, 'workday-tabs-1366');
  }, 300_000);

  for (const lang of LANGUAGES) {
    it(`keeps the header on one row at any depth in ${lang}, with the user name whole on one line`, async () => {
      await setLanguage(lang);
      await b.page.goto(`${server.url}/#/tms/waybill/waybill`);
      await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
      const header = await box('.console-header');
      expect(header.height).toBeLessThanOrEqual(57);
      // Every breadcrumb level on one line, and the name and role each one line box.
      const tops = await b.page
        .locator('.console-breadcrumb li')
        .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
      for (const sel of ['.user-menu__name', '.user-menu__role']) {
        expect(await b.page.locator(sel).evaluate((e) => e.getClientRects().length)).toBe(1);
        expect(await b.page.locator(sel).evaluate((e) => e.getBoundingClientRect().height)).toBeLessThan(30);
      }
      await screenshot(b.page, `workday-header-${lang}-1366`);
    });
  }

  it('on a phone: language switch and route search in the header, filters folded to one row', async () => {
    await setLanguage('zh');
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.goto(`${server.url}/#/tms/waybill/waybill`);
    await b.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
    const filters = await box('.keep-alive--active .list-filters');
    // The keyword box and the buttons: the first rows are on the first screen.
    expect(filters.height).toBeLessThan(200);
    const firstRow = await box('.keep-alive--active .ant-table-row');
    expect(firstRow.y).toBeLessThan(844);
    await screenshot(b.page, 'workday-list-390');
    await b.page.getByTestId('filters-more').click();
    await expect.poll(async () => (await box('.keep-alive--active .list-filters')).height).toBeGreaterThan(400);
    await b.page.getByTestId('filters-more').click();
    await b.page.getByTestId('route-search-button').click();
    // The search box takes the focus once the dialog has opened.
    await expect.poll(() => b.page.evaluate(() => document.activeElement?.closest('.route-search-modal') !== null)).toBe(true);
    await b.page.keyboard.type('部门');
    // The option is clicked once the dialog has stopped moving, as other option clicks are: with the
    // machine at a load average of 8 to 11, the click was made and the address never changed.
    const option = b.page.locator('.route-search__option', { hasText: '/platformUser/department' });
    await option.waitFor();
    await motionEnded(b.page);
    await option.click();
    await b.page.waitForURL(/#\/platformUser\/department/);
    await b.page
      .locator('.console-header__right')
      .getByRole('button', { name: /语言|Language/ })
      .click();
    await b.page.getByRole('menuitem', { name: 'English' }).dispatchEvent('click');
    // The page is in English once the switch is done (its short notice can be gone by then on a busy machine).
    await expect.poll(() => b.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await screenshot(b.page, 'workday-header-390');
    await b.page.setViewportSize({ width: 1366, height: 768 });
  });

  const active = () => b.page.locator('.keep-alive--active');
  const header = (title: string) => active().locator('.ant-table-thead th.ant-table-column-has-sorters', { hasText: title }).first();

  it('reverses any sort, the default one included: ascending, descending, then the default', async () => {
    await setLanguage('zh');
    await b.page.goto(`${server.url}/#/tms/waybill/waybill`);
    await active().locator('.ant-table-row').first().waitFor();
    expect(await header('创建时间').getAttribute('aria-sort')).toBe('descending');
    for (const [sort, aria] of [
      ['sort=createdAt', 'ascending'],
      ['sort=-createdAt', 'descending'],
    ]) {
      await header('创建时间').click();
      await b.page.waitForURL(new RegExp(`${sort}(&|$)`));
      await expect.poll(() => header('创建时间').getAttribute('aria-sort')).toBe(aria);
    }
    await header('创建时间').click();
    await expect.poll(() => b.page.url()).not.toContain('sort=');
    expect(await header('创建时间').getAttribute('aria-sort')).toBe('descending');
  });

  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    it(`shows the last data column beside the pinned actions at ${width} px`, async () => {
      await b.page.setViewportSize({ width, height });
      await b.page.goto(`${server.url}/#/tms/waybill/waybill`);
      await active().locator('.ant-table-row').first().waitFor();
      // Scrolled to the far right, the last data column ends where the actions column begins.
      await active()
        .locator('.ant-table-content')
        .evaluate((e) => {
          e.scrollLeft = e.scrollWidth;
        });
      const [last, actions] = await active()
        .locator('.ant-table-thead th')
        .evaluateAll((ths) => {
          const cells = ths.filter((th) => !th.classList.contains('ant-table-cell-scrollbar'));
          return cells.slice(-2).map((th) => {
            const r = th.getBoundingClientRect();
            return { left: r.left, right: r.right };
          });
        });
      expect(last.right).toBeLessThanOrEqual(actions.left + 1);
      expect(last.right - last.left).toBeGreaterThan(60);
      await screenshot(b.page, `workday-list-wide-${width}`);
      await b.page.setViewportSize({ width: 1366, height: 768 });
    });
  }

  const field = (label: string) =>
    active()
      .locator('.ant-formily-item')
      .filter({ has: b.page.locator('.ant-formily-item-label', { hasText: label }) })
      .locator('input, textarea')
      .first();
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    it(`closes a saved form's tab and opens the record at the top at ${width} px; a corrected field error lets Save send again`, async () => {
      await b.page.setViewportSize({ width, height });
      await b.page.goto(`${server.url}/#/platformUser/roleManage/add`);
      await field('角色编码').waitFor();
      const tabs = await b.page.locator('.tags-view__tab').count();
      // A code that exists: the server puts its error on the field.
      await field('角色编码').fill('STAFF');
      await field('角色名称').fill(`流程角色${width}`);
      await screenshot(b.page, `workday-form-${width}`);
      // Two columns on a laptop; one on a phone, each field the full width.
      const [code, name] = [await field('角色编码').boundingBox(), await field('角色名称').boundingBox()];
      if (width < 576) {
        expect(Math.abs(code!.x - name!.x)).toBeLessThan(2);
        expect(code!.width).toBeGreaterThan(250);
      } else expect(name!.x).toBeGreaterThan(code!.x + code!.width);
      await active()
        .getByRole('button', { name: /保\s*存/ })
        .click();
      const help = active().locator('.ant-formily-item-error-help, .ant-formily-item-help');
      await expect.poll(() => help.allTextContents()).not.toEqual([]);
      await field('角色编码').fill(`FLOW_${width}`);
      await expect.poll(() => help.count()).toBe(0);
      await active()
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await b.page.waitForURL(/roleManage\/detail\/\d+/);
      await active().getByText(`流程角色${width}`).first().waitFor();
      expect(await b.page.evaluate(() => window.scrollY)).toBe(0);
      // The add tab is gone: the detail took its place.
      const titles = await b.page.locator('.tags-view__tab').allTextContents();
      expect(titles.some((x) => x.includes('新增'))).toBe(false);
      expect(titles).toHaveLength(tabs);
      await screenshot(b.page, `workday-saved-detail-${width}`);
      await b.page.setViewportSize({ width: 1366, height: 768 });
    });
  }

  it('offers no delete for a built-in role', async () => {
    await b.page.goto(`${server.url}/#/platformUser/roleManage?code=STAFF`);
    const row = active().locator('.ant-table-row').first();
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('STAFF');
    expect(await row.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);
    expect(await row.getByRole('button', { name: /编\s*辑/ }).count()).toBe(1);
  });

  it('had no console errors or failed requests', () => {
    // The repeated role code is refused on purpose.
    expect(b.problems.filter((p) => !/status of (400|409)/.test(p))).toEqual([]);
  });
});
