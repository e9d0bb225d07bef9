import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

const companyName = (lang: string) => JSON.parse(fs.readFileSync(`src/i18n/locales/${lang}/auth.json`, 'utf8')).app.companyName as string;

async function setLanguage(b: Browser, server: Running, lang: string) {
  await b.context.addCookies([{ name: 'language', value: lang, url: server.url }]);
}

/** Each breadcrumb level keeps to its own box: none runs over the next, none shows text past its edge. */
async function breadcrumbOverlaps(page: Page) {
  return page.locator('.console-breadcrumb li').evaluateAll((items) => {
    const found: string[] = [];
    items.forEach((li, i) => {
      const box = li.getBoundingClientRect();
      const next = items[i + 1]?.getBoundingClientRect();
      if (next && box.right > next.left + 0.5) found.push(`"${li.textContent}" runs into "${items[i + 1].textContent}"`);
      if (li.scrollWidth > li.clientWidth + 1 && getComputedStyle(li).overflowX === 'visible')
        found.push(`"${li.textContent}" shows text past its edge`);
    });
    return found;
  });
}

const breadcrumb = (page: Page) => page.locator('.console-breadcrumb li:not(.ant-breadcrumb-separator)').allTextContents();

async function api(server: Running, b: Browser, path: string) {
  const token = (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
  return (await (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()).data;
}

/** The header, lists and dashboard where they were crowded: long languages, deep trails, phones. */
describe.runIf(hasChromium())('a crowded console in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 860);
    await setLanguage(b, server, 'es');
    await signIn(b.page, server.url, 'operator');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('keeps each breadcrumb level apart in Spanish and English as the operator', async () => {
    await b.page.goto(`${server.url}/#/tms/supervision/waybillUpload`);
    await active().locator('.ant-table-row').first().waitFor();
    await screenshot(b.page, 'breadcrumb-es-1366');
    expect(await breadcrumbOverlaps(b.page)).toEqual([]);
    await setLanguage(b, server, 'en');
    await b.page.reload();
    await active().locator('.ant-table-row').first().waitFor();
    expect(await breadcrumbOverlaps(b.page)).toEqual([]);
  });

  it('says a directory holding one page of the same name once', async () => {
    await b.page.goto(`${server.url}/#/tms/waybill/waybill/add`);
    await active().locator('.ant-formily-item').first().waitFor();
    expect(await breadcrumb(b.page)).toEqual(['Dashboard', 'Freight operations', 'Waybills', 'Add']);
    expect(await breadcrumbOverlaps(b.page)).toEqual([]);
  });

  it('names the group in the browser title in every language', async () => {
    for (const lang of ['en', 'es', 'ja', 'zh']) {
      await setLanguage(b, server, lang);
      await b.page.goto(`${server.url}/#/platformUser/department`);
      await b.page.reload();
      await active().locator('.ant-table-row').first().waitFor();
      await expect.poll(() => b.page.title()).toMatch(new RegExp(` - ${companyName(lang)}$`));
      if (lang === 'en' || lang === 'es') expect(await b.page.title()).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('shows and reverses a default sort on a field that is no column', async () => {
    await setLanguage(b, server, 'en');
    await b.page.goto(`${server.url}/#/tms/supervision/waybillUpload`);
    await b.page.reload();
    const toggle = active().getByTestId('sort-toggle');
    await expect.poll(() => toggle.textContent()).toBe('Sorted by Updated at, descending');
    const page = encodeURIComponent('tms/supervision/waybillUpload');
    const first = async () => await active().locator('.ant-table-row').first().getAttribute('data-row-key');
    const oldest = (await api(server, b, `/open-platform/data/${page}?sort=updatedAt&size=1`)).list[0].id;
    const newest = (await api(server, b, `/open-platform/data/${page}?sort=-updatedAt&size=1`)).list[0].id;
    expect(oldest).not.toBe(newest);
    await expect.poll(first).toBe(String(newest));
    await toggle.click();
    await b.page.waitForURL(/sort=updatedAt/);
    await expect.poll(first).toBe(String(oldest));
    expect(await toggle.textContent()).toBe('Sorted by Updated at, ascending');
    await toggle.click();
    await b.page.waitForURL(/sort=-updatedAt/);
    await expect.poll(first).toBe(String(newest));
  });

  it('lands a signed-in user opening /login on the console', async () => {
    await b.page.goto(`${server.url}/#/login`);
    await b.page.waitForURL(/#\/home$/);
    await b.page.locator('.console-layout').waitFor();
  });

  it('keeps the row actions on a phone’s screen', async () => {
    await b.page.setViewportSize({ width: 390, height: 844 });
    for (const lang of ['zh', 'en']) {
      await setLanguage(b, server, lang);
      await b.page.goto(`${server.url}/#/tms/waybill/waybill`);
      await b.page.reload();
      const cell = active().locator('.ant-table-row').first().locator('td').last();
      await cell.locator('a, button').first().waitFor();
      await expect
        .poll(async () => {
          const box = (await cell.boundingBox())!;
          return box.x >= 0 && box.x + box.width <= 390;
        })
        .toBe(true);
      await screenshot(b.page, `row-actions-${lang}-390`);
      // The first action answers where it is, without scrolling the table.
      await cell.locator('a, button').first().click();
      await b.page.waitForURL(/waybill\/detail\/\d+/);
    }
    await b.page.setViewportSize({ width: 1366, height: 860 });
  });

  it('shows the latest waybills’ time whole on a customer’s dashboard', async () => {
    const customer = await openBrowser(1366, 860);
    try {
      await signIn(customer.page, server.url, 'cust_a');
      for (const width of [1366, 390]) {
        await customer.page.setViewportSize({ width, height: 860 });
        await customer.page.goto(`${server.url}/#/home`);
        const times = customer.page.locator('.dashboard-latest td.dashboard-latest__time');
        await times.first().waitFor();
        const cut = await customer.page.locator('.dashboard-latest').evaluate((table) => {
          const edge = table.closest('.ant-card')!.getBoundingClientRect().right;
          return [...table.querySelectorAll<HTMLElement>('td.dashboard-latest__time, th.dashboard-latest__time')]
            .filter((c) => c.getBoundingClientRect().right > edge + 0.5 || c.scrollWidth > c.clientWidth + 1)
            .map((c) => c.textContent);
        });
        expect(cut, `at ${width} px`).toEqual([]);
        await screenshot(customer.page, `dashboard-latest-${width}`);
      }
      expect(customer.problems).toEqual([]);
    } finally {
      await customer.close();
    }
  });

  it('had no console errors or failed requests', () => {
    expect(b.problems).toEqual([]);
  });
});
