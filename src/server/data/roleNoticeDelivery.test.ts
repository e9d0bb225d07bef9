import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../test/harness.js';
import { dataOf, refusal, signIn, type Caller } from '../test/dataApi.js';

const NOTICE = 'customerManage/roleNotice';
const INBOX = 'systemManage/news/roleNotice';

describe.each(dialects())('role notices reaching the accounts holding the role on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let custA: Caller;
  let dispatcher: Caller;
  let opsB: Caller;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- list rows are JSON
  const inbox = async (c: Caller, query = ''): Promise<any[]> => dataOf(await c.get(INBOX, `?size=50${query}`)).list;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    [admin, custA, dispatcher, opsB] = await Promise.all(['admin', 'cust_a', 'cust_a_dispatch', 'cust_b_ops'].map((u) => signIn(t.app, u)));
  });
  afterAll(async () => t?.close());

  it('shows each account only the messages addressed to it', async () => {
    const mine = await inbox(dispatcher);
    expect(mine.map((r) => r.recipient)).toEqual(['cust_a_dispatch', 'cust_a_dispatch']);
    expect((await inbox(opsB)).map((r) => r.title)).toEqual(['短信拦截记录周报']);
    expect(await inbox(custA)).toHaveLength(0);
    expect((await inbox(admin)).length).toBe(3);
    const other = (await inbox(admin, '&recipient=cust_b_ops'))[0];
    refusal(await dispatcher.get(INBOX, `/${other.id}`), 404);
    refusal(await dispatcher.post(INBOX, '', { title: 'x' }), 403);
  });

  it('delivers a sent notice to the holders in the message centre and by SMS, and marks it withdrawn', async () => {
    const before = t.sms.sent.length;
    const n = dataOf(
      await custA.post(NOTICE, '', {
        roleCode: 'C1001_DISPATCHER',
        title: '装车时效提醒',
        content: '请在约定装车时间前 2 小时确认车辆到场。',
        channels: ['site', 'sms'],
      }),
      201,
    );
    expect(await inbox(dispatcher, '&title=装车时效提醒')).toHaveLength(0);
    const sent = dataOf(await custA.post(NOTICE, `/${n.id}/transitions/send`, { version: n.version, sentAt: new Date().toISOString() }));
    const got = await inbox(dispatcher, '&title=装车时效提醒');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ noticeId: n.id, roleCode: 'C1001_DISPATCHER', status: 'sent', partyCode: 'C1001' });
    const texts = t.sms.sent.slice(before);
    expect(texts).toEqual([{ phone: '13900000011', content: '装车时效提醒：请在约定装车时间前 2 小时确认车辆到场。' }]);
    expect(await inbox(opsB, '&title=装车时效提醒')).toHaveLength(0);
    dataOf(await custA.post(NOTICE, `/${n.id}/transitions/withdraw`, { version: sent.version }));
    expect((await inbox(dispatcher, '&title=装车时效提醒'))[0].status).toBe('withdrawn');
  });

  it('reaches nobody for a role no account holds, and only site messages without the SMS channel', async () => {
    const before = t.sms.sent.length;
    const n = dataOf(
      await custA.post(NOTICE, '', { roleCode: 'C1001_DEVELOPER', title: '接口升级', content: '下周起启用新版签名。', channels: ['site'] }),
      201,
    );
    dataOf(await custA.post(NOTICE, `/${n.id}/transitions/send`, { version: n.version, sentAt: new Date().toISOString() }));
    expect(await inbox(admin, '&title=接口升级')).toHaveLength(0);
    expect(t.sms.sent.length).toBe(before);
  });
});
