import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

const RULE = 'systemManage/riskRule';

/** A sub-table edited in a real form, and a totals row under a money list, at desktop and phone widths. */
describe.runIf(hasChromium())('sub-tables and totals in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
    await signIn(b.page, server.url, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  async function ruleId(code: string): Promise<number> {
    const token = (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
    const res = await fetch(`${server.url}/open-platform/data/${encodeURIComponent(RULE)}?code=${code}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await res.json()).data.list[0].id;
  }

  it('edits a row of a sub-table, saves, and the detail shows the rows as a table', async () => {
    const id = await ruleId('R_WITHDRAW_SINGLE');
    await b.page.goto(`${server.url}/#/${RULE}/edit/${id}`);
    const rows = active().locator('.sub-table tbody tr.ant-table-row');
    await rows.first().waitFor({ timeout: 30_000 });
    expect(await rows.count()).toBe(2);
    const threshold = rows.nth(1).getByRole('spinbutton');
    await threshold.fill('-4');
    await threshold.blur();
    // The cell refuses a negative threshold in place.
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect
      .poll(() => rows.nth(1).locator('.ant-formily-item-error, .ant-formily-item-feedback-layout-popover [class*=error]').count())
      .toBeGreaterThan(0);
    expect(b.page.url()).toContain('/edit/');
    await screenshot(b.page, 'subtable-cell-error-1366');
    await threshold.fill('12');
    await threshold.blur();
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await b.page.waitForURL(/riskRule\/detail\/\d+/);
    const table = active().locator('.items-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    expect(await table.locator('tbody tr.ant-table-row').count()).toBe(2);
    await expect.poll(() => table.locator('tbody tr.ant-table-row').nth(1).textContent()).toContain('12');
    await screenshot(b.page, 'subtable-detail-1366');
    const token = (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
    const saved = (
      await (
        await fetch(`${server.url}/open-platform/data/${encodeURIComponent(RULE)}/${id}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()
    ).data;
    expect(saved.extraConditions).toEqual([
      { metric: 'loginFailures', operator: 'gte', threshold: 3 },
      { metric: 'smsRequests', operator: 'gt', threshold: 12 },
    ]);
  });

  it('shows the totals of every matching settlement under the list, at 1366 and 390 px', async () => {
    await b.page.goto(`${server.url}/#/tms/settlement/settlement`);
    const totals = active().locator('.list-totals');
    await totals.waitFor({ timeout: 30_000 });
    await expect.poll(() => totals.textContent()).toMatch(/条数\s*\d+/);
    expect(await totals.textContent()).toMatch(/合计\s*¥[\d,]+\.\d\d/);
    await totals.scrollIntoViewIfNeeded();
    await screenshot(b.page, 'settlement-totals-1366');
    await b.page.setViewportSize({ width: 390, height: 844 });
    await b.page.reload();
    await active().locator('.list-totals').waitFor({ timeout: 30_000 });
    await active().locator('.list-totals').scrollIntoViewIfNeeded();
    await screenshot(b.page, 'settlement-totals-390');
    const id = await ruleId('R_WITHDRAW_SINGLE');
    await b.page.goto(`${server.url}/#/${RULE}/edit/${id}`);
    await active().locator('.sub-table tbody tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await screenshot(b.page, 'subtable-form-390');
    await b.page.setViewportSize({ width: 1366, height: 900 });
    expect(b.problems.filter((p) => !/favicon/.test(p))).toEqual([]);
  });
});
