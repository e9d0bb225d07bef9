import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, motionEnded, openBrowser, screenshot, signIn, startServer, type Browser, type Running } from './harness';
import { readSecret } from '../src/server/security/secrets';

/** Related records, locked child views, a customer's service configuration and a service log, as people use them. */
describe.runIf(hasChromium())('related records and customer services in Chromium', () => {
  let server: Running;
  let b: Browser;
  const active = () => b.page.locator('.keep-alive--active');
  const item = (label: string) =>
    active()
      .locator('.ant-formily-item')
      .filter({ has: b.page.locator('.ant-formily-item-label', { hasText: label }) })
      .first();
  const field = (label: string) => item(label).locator('input, textarea').first();
  const pick = async (label: string, option: string) => {
    await item(label).locator('.ant-select-selector').click();
    await motionEnded(b.page);
    await b.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  };
  const token = async () => (await b.context.cookies()).find((c) => c.name === 'Admin-Token')!.value;

  beforeAll(async () => {
    server = await startServer();
    b = await openBrowser(1366, 900);
  });
  afterAll(async () => {
    await b?.close();
    await server?.stop();
  });

  it('shows an organisation’s staff as a tab of its detail, paged and with their own actions', async () => {
    await signIn(b.page, server.url, 'admin');
    const id = (await server.app.ctx.database.db.selectFrom('sys_party').select('id').where('code', '=', 'C1001').executeTakeFirstOrThrow())
      .id;
    await b.page.goto(`${server.url}/#/platformUser/partyManage/detail/${id}`);
    const tab = active().getByTestId('related-users');
    await tab.locator('.ant-table-row').first().waitFor();
    expect(await tab.textContent()).toContain('cust_a');
    expect(await tab.textContent()).not.toContain('cust_b');
    await active().locator('.related-tabs').scrollIntoViewIfNeeded();
    await screenshot(b.page, 'related-tabs-1366');
  });

  it('opens the child list locked to its parent, and creates a child there with the parent filled in', async () => {
    await active().getByTestId('related-users').getByRole('button', { name: '查看全部' }).click();
    await b.page.waitForURL(/staffManage\?parent=C1001/);
    await active().getByTestId('locked-parent').getByText('华东智运物流有限公司').waitFor();
    await active().locator('.ant-table-row').first().waitFor();
    const names = await active().locator('.ant-table-row').allTextContents();
    expect(names.join(' ')).not.toContain('cust_b');
    await screenshot(b.page, 'related-locked-list-1366');
    await active()
      .getByRole('button', { name: /新\s*增/ })
      .click();
    await b.page.waitForURL(/staffManage\/add\?parent=C1001/);
    await active().getByTestId('locked-parent').getByText('华东智运物流有限公司').waitFor();
    expect(await active().getByTestId('party-picker').count()).toBe(0);
    await field('登录账号').fill('e2e_child');
    await field('姓名').fill('关联员工');
    await field('手机号').fill('13712345670');
    await item('登录密码').locator('input').first().fill('Demo12345');
    await pick('角色', '客户管理员');
    await screenshot(b.page, 'related-locked-form-1366');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await b.page.waitForURL(/staffManage\/detail\/\d+\?parent=C1001/);
    const made = await server.app.ctx.database.db
      .selectFrom('sys_user')
      .select('partyCode')
      .where('username', '=', 'e2e_child')
      .executeTakeFirstOrThrow();
    expect(made.partyCode).toBe('C1001');
  });

  it('summarises a customer’s 18 service configurations in one tab and configures a missing one held to the customer', async () => {
    const id = (await server.app.ctx.database.db.selectFrom('sys_party').select('id').where('code', '=', 'C1002').executeTakeFirstOrThrow())
      .id;
    await b.page.goto(`${server.url}/#/customerManage/customer/detail/${id}`);
    const tab = active().getByTestId('related-services');
    await tab.locator('.ant-table-row').first().waitFor();
    expect(await tab.locator('.ant-table-row').count()).toBe(18);
    const line = (title: string) => tab.locator('.ant-table-row').filter({ hasText: title }).first();
    expect(await line('告警配置').textContent()).toContain('启用');
    expect(await line('授权配置').textContent()).toContain('未配置');
    await active().locator('.related-tabs').scrollIntoViewIfNeeded();
    await screenshot(b.page, 'related-summary-1366');
    await line('授权配置').getByRole('button', { name: '去配置' }).click();
    await b.page.waitForURL(/customerConfig\/license\/add\?parent=C1002/);
    await active().getByTestId('locked-parent').waitFor();
    expect(await active().getByTestId('party-picker').count()).toBe(0);
  });

  it('lets a customer create and edit its service configuration, never showing the secret again', async () => {
    await b.close();
    b = await openBrowser(1366, 900);
    await signIn(b.page, server.url, 'cust_b');
    await b.page.goto(`${server.url}/#/customerConfig/license`);
    await active()
      .getByRole('button', { name: /新\s*增/ })
      .click();
    await b.page.waitForURL(/customerConfig\/license\/add/);
    await item('版本').waitFor();
    await pick('版本', '企业版');
    await item('密钥').locator('input').first().fill('top-secret-42');
    await field('授权域名').fill('not a domain');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect.poll(() => active().locator('.ant-formily-item-help, .ant-formily-item-error-help').allTextContents()).not.toEqual([]);
    expect(b.page.url()).toContain('/add');
    await field('授权域名').fill('*.xntd-scm.com');
    await screenshot(b.page, 'customer-config-form-1366');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await b.page.waitForURL(/customerConfig\/license\/detail\/\d+/);
    await active().getByText('*.xntd-scm.com').first().waitFor();
    expect(await active().textContent()).not.toContain('top-secret-42');
    const id = b.page.url().match(/detail\/(\d+)/)![1];
    const res = await fetch(`${server.url}/open-platform/data/${encodeURIComponent('customerConfig/license')}/${id}`, {
      headers: { Authorization: `Bearer ${await token()}` },
    });
    const record = (await res.json()).data;
    expect(record.partyCode).toBe('C1002');
    expect(record).not.toHaveProperty('secret');
    // Stored by the add, before the edit below, so a lost secret names the step that lost it.
    const created = await server.app.ctx.database.db
      .selectFrom('cust_cfg_license')
      .select('secret')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(readSecret(server.app.ctx, 'customerConfig/license', created, 'secret')).toBe('top-secret-42');
    await screenshot(b.page, 'customer-config-detail-1366');
    await active()
      .getByRole('button', { name: /编\s*辑/ })
      .click();
    await b.page.waitForURL(/license\/edit\/\d+/);
    expect(await item('密钥').locator('input').first().inputValue()).toBe('');
    await field('用户上限').fill('25');
    await active()
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await b.page.waitForURL(/license\/detail\/\d+/);
    const stored = await server.app.ctx.database.db
      .selectFrom('cust_cfg_license')
      .select(['secret', 'maxUsers'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    // Kept encrypted; the server reads it back for the connector.
    expect(stored.maxUsers).toBe(25);
    expect(String(stored.secret)).not.toContain('top-secret-42');
    expect(readSecret(server.app.ctx, 'customerConfig/license', stored, 'secret')).toBe('top-secret-42');
  });

  it('shows a service log’s fixed service and the time range it applies', async () => {
    await b.page.goto(`${server.url}/#/customerLog/sms`);
    await active().getByTestId('fixed-filter').getByText('sms').waitFor();
    const range = active().locator('.ant-picker-range input').first();
    await range.waitFor();
    expect(await range.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}/);
    await screenshot(b.page, 'customer-log-1366');
  });

  it('reads well on a phone', async () => {
    const phone = await openBrowser(390, 844);
    try {
      await signIn(phone.page, server.url, 'cust_a');
      await phone.page.goto(`${server.url}/#/customerConfig/sms`);
      await phone.page.locator('.keep-alive--active .ant-table-row').first().waitFor();
      await screenshot(phone.page, 'customer-config-list-390');
      await phone.page.locator('.keep-alive--active .ant-table-row').first().getByRole('button', { name: '详情' }).click();
      await phone.page.waitForURL(/sms\/detail\/\d+/);
      await phone.page.locator('.keep-alive--active .detail-section').first().waitFor();
      await screenshot(phone.page, 'customer-config-detail-390');
    } finally {
      await phone.close();
    }
  });
});
