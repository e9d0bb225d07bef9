import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, motionEnded, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

type Row = Record<string, unknown>;

/** A waybill form as a dispatcher fills it: the carrier narrows the drivers and sets the withholding. */
describe.runIf(hasChromium())('dependent and filling references in the waybill form, in Chromium', () => {
  let server: Running;
  let b: Browser;
  let enterprise: Row;
  let other: Row;
  let driversOfEnterprise: string[];
  const active = () => b.page.locator('.keep-alive--active');
  // The label's text may carry the required mark and a colon around the title.
  const item = (title: string) =>
    active()
      .locator('.ant-formily-item')
      .filter({ has: b.page.locator('.ant-formily-item-label', { hasText: new RegExp(`^\\*?\\s*${title}\\s*[:：]?$`) }) })
      .first();
  const options = () => b.page.locator('.ant-select-dropdown:visible .ant-select-item-option-content');

  beforeAll(async () => {
    server = await startServer();
    const db = server.app.ctx.database.db;
    // Two carriers of one organisation with drivers: an enterprise (no withholding) and another kind.
    enterprise = (await db
      .selectFrom('tms_carrier as c')
      .select(['c.code', 'c.name', 'c.partyCode'])
      .where('c.carrierType', '=', 'enterprise')
      .where((eb) => eb.exists(eb.selectFrom('tms_driver as d').select('d.id').whereRef('d.carrierCode', '=', 'c.code')))
      .orderBy('c.id')
      .executeTakeFirstOrThrow()) as Row;
    other = (await db
      .selectFrom('tms_carrier as c')
      .select(['c.code', 'c.name'])
      .where('c.carrierType', '!=', 'enterprise')
      .where('c.partyCode', '=', enterprise.partyCode as string)
      .where((eb) => eb.exists(eb.selectFrom('tms_driver as d').select('d.id').whereRef('d.carrierCode', '=', 'c.code')))
      .orderBy('c.id')
      .executeTakeFirstOrThrow()) as Row;
    driversOfEnterprise = (
      await db
        .selectFrom('tms_driver')
        .select('name')
        .where('carrierCode', '=', enterprise.code as string)
        .execute()
    ).map((d) => String(d.name));
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  async function pick(label: string, text: string) {
    const box = item(label).locator('.ant-select');
    await box.click();
    await b.page.keyboard.type(text);
    await options().filter({ hasText: text }).first().waitFor();
    await motionEnded(b.page);
    await options().filter({ hasText: text }).first().click();
    // The list closes with an animation: until it is gone its options would count as the next list's.
    await expect.poll(() => b.page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  }

  const TITLES = {
    zh: { carrier: '承运商', driver: '司机', withheld: '代征个人税费' },
    en: { carrier: 'Carrier', driver: 'Driver', withheld: 'Withhold taxes \\(individual driver\\)' },
  };
  for (const [lang, width, height] of [
    ['zh', 1366, 800],
    ['zh', 390, 844],
    ['en', 1366, 800],
    ['en', 390, 844],
  ] as const) {
    it(`offers the chosen carrier's drivers only, fills the withholding, and clears a driver the next carrier lacks, at ${width} px in ${lang}`, async () => {
      const title = TITLES[lang];
      b = await openBrowser(width, height);
      // The language first, so the console starts in it: no reload racing the sign-in's own navigation.
      await b.context.addCookies([{ name: 'language', value: lang, url: server.url }]);
      await signIn(b.page, server.url, 'admin');
      await b.page.goto(`${server.url}/#/tms/waybill/waybill/add`);
      await b.page.waitForURL(/#\/tms\/waybill\/waybill\/add/);
      await item(title.carrier).waitFor();
      const withheld = item(title.withheld).getByRole('switch');
      expect(await withheld.getAttribute('aria-checked')).toBe('true');
      await pick(title.carrier, String(enterprise.name));
      // An enterprise carrier issues its own invoice: nothing is withheld.
      await expect.poll(() => withheld.getAttribute('aria-checked')).toBe('false');
      await item(title.driver).locator('.ant-select').click();
      await expect.poll(async () => (await options().allTextContents()).length).toBeGreaterThan(0);
      const offered = await options().allTextContents();
      expect(offered.filter((o) => !driversOfEnterprise.includes(o))).toEqual([]);
      await motionEnded(b.page);
      await options().first().click();
      await expect.poll(() => item(title.driver).locator('.ant-select-selection-item').textContent()).toBe(offered[0]);
      await screenshot(b.page, `dependent-waybill-form-${lang}-${width}`);
      const scroll = await b.page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll).toBeLessThanOrEqual(width);
      await pick(title.carrier, String(other.name));
      await expect.poll(() => item(title.driver).locator('.ant-select-selection-item').count()).toBe(0);
      await expect.poll(() => withheld.getAttribute('aria-checked')).toBe('true');
      expect(b.problems).toEqual([]);
      await b.close();
    });
  }
});
