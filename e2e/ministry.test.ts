import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';

const PAGE = 'tms/supervision/waybillUpload';

/** Issue 19: a waybill upload the monitoring system rejected is fixed at its source record and resubmitted. */
describe.runIf(hasChromium())('fixing and resubmitting a rejected ministry upload in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  const field = (label: string) =>
    active()
      .locator('.ant-formily-item')
      .filter({ has: b.page.locator('.ant-formily-item-label', { hasText: label }) })
      .locator('input')
      .first();
  const uploads = async () => {
    const token = (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;
    const res = await fetch(`${server.url}/open-platform/data/${encodeURIComponent(PAGE)}?size=500`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return (await res.json()).data.list as { waybillNo: string; status: string; receiptId: string | null }[];
  };
  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
    await signIn(b.page, server.url, 'staff');
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('shows the reason, leads to the record to fix, and is accepted once resubmitted', async () => {
    await b.page.goto(`${server.url}/#/${PAGE}?todo=1`);
    const row = active().locator('.ant-table-row').first();
    await row.waitFor();
    const text = (await row.textContent())!;
    const tractor = /缺少牵引车 (\S+) 的挂车牌照号/.exec(text)?.[1];
    expect(tractor).toBeTruthy();
    const waybillNo = /YD\d{14}/.exec(text)![0];
    // A rejected upload offers "resubmit", not the first upload (actions[].when).
    expect(await row.getByRole('button', { name: '补正后重报' }).count()).toBe(1);
    expect(await row.getByRole('button', { name: '上报', exact: true }).count()).toBe(0);
    await screenshot(b.page, 'ministry-rejected');

    // The "fix at" link opens the vehicle, filtered to the tractor the ministry named.
    await row.locator('a[href*="tms/base/vehicle"]').click();
    await b.page.waitForURL(/#\/tms\/base\/vehicle\?plate=/);
    await active()
      .locator('.ant-table-row', { hasText: tractor })
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await b.page.waitForURL(/#\/tms\/base\/vehicle\/edit\/\d+/);
    await expect.poll(() => field('车牌号').inputValue()).toBe(tractor);
    await field('挂车牌照号').fill('苏D3821挂');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await b.page.waitForURL(/#\/tms\/base\/vehicle\/detail\/\d+/);
    // The address changes before the detail's pane is the active one; the list it came from also
    // shows the plate. The detail may show it more than once (its fields and a related summary).
    await b.page.locator('.keep-alive--active[data-page*="/detail/"]').getByText('苏D3821挂').first().waitFor();

    await b.page.goto(`${server.url}/#/${PAGE}?todo=1`);
    const again = active().locator('.ant-table-row', { hasText: waybillNo });
    await again.getByRole('button', { name: '补正后重报' }).click();
    const dialog = b.page.locator('.ant-modal').filter({ hasText: '确认已补正被拒原因' });
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    // The ministry's answer is shown: its receipt, not a second refusal.
    await b.page.locator('.ant-message-notice', { hasText: /JCYD\d+/ }).waitFor();
    await expect.poll(async () => (await uploads()).find((u) => u.waybillNo === waybillNo)?.status).toBe('accepted');
    expect((await uploads()).find((u) => u.waybillNo === waybillNo)?.receiptId).toMatch(/^JCYD\d+/);
    // Accepted, it leaves the to-do list.
    await b.page.goto(`${server.url}/#/${PAGE}?todo=1`);
    await active().locator('.ant-table-row').first().waitFor();
    await expect.poll(() => active().locator('.ant-table-row', { hasText: waybillNo }).count()).toBe(0);
    await screenshot(b.page, 'ministry-after-resubmit');
  });
});
