import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dialects, type TestApp } from '../../test/harness.js';
import { dataOf, signIn, type Caller } from '../../test/dataApi.js';
import { performCall, type GatewayCall } from './call.js';
import { GatewayError } from './codes.js';
import { checkLowBalance } from './lowBalance.js';
import { logSmsSender } from '../../sms/sender.js';
import { sandbox as verification } from '../../connectors/verification/index.js';
import { dynamicView } from '../../db/connect.js';

const PARTY = 'C1001';
const REFERER = 'https://tms.hdzy-logistics.cn/receipt';
const ID = { name: '张建军', idNo: '11010519491231002X' };

describe.each(dialects())('customer service configurations in the gateway on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  const db = () => t.app.ctx.database.db;
  const call = (service: string, operation: string, params: Record<string, unknown>, extra: Partial<GatewayCall> = {}) =>
    performCall(t.app.ctx, {
      partyCode: PARTY,
      partyName: '华东智运',
      appKey: null,
      service,
      operation,
      params,
      ip: '10.1.2.3',
      at: new Date(),
      ...extra,
    });
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof GatewayError ? e : Promise.reject(e)),
    );
  /** Changes the customer's configuration as a console user would (so cached reads are emptied). */
  const configure = async (service: string, patch: Record<string, unknown>) => {
    const page = `customerConfig/${service}`;
    const table = t.app.ctx.schemas.pages.get(page)!.resource!.table;
    const { id } = await dynamicView(db()).selectFrom(table).select('id').where('partyCode', '=', PARTY).executeTakeFirstOrThrow();
    const current = dataOf(await admin.get(page, `/${id}`));
    dataOf(await admin.put(page, `/${id}`, { ...patch, version: current.version }));
  };
  const balance = async () =>
    Number(
      (await db().selectFrom('cm_service_account').select('balanceFen').where('partyCode', '=', PARTY).executeTakeFirstOrThrow())
        .balanceFen,
    );

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await signIn(t.app, 'admin');
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  it('upload: a file over the organisation’s maxSizeMb or of an extension it refuses is a 400 naming the limit', async () => {
    const big = await call('upload', 'upload', { fileName: '回单.jpg', size: 21 * 1024 * 1024, referer: REFERER });
    expect({ result: big.result, code: big.code?.code, http: big.code?.http }).toEqual({ result: 'failure', code: 'badParams', http: 400 });
    expect(big.data.message).toContain('20 MB');
    const gif = await call('upload', 'upload', { fileName: '回单.gif', size: 1000, referer: REFERER });
    expect(gif.code?.http).toBe(400);
    expect(gif.data.message).toContain('jpg, png, pdf');

    await configure('upload', { maxSizeMb: 30, allowedExt: ['jpg', 'gif'] });
    expect((await call('upload', 'upload', { fileName: '回单.jpg', size: 21 * 1024 * 1024, referer: REFERER })).result).toBe('success');
    expect((await call('upload', 'upload', { fileName: '回单.gif', size: 1000, referer: REFERER })).result).toBe('success');
    expect((await call('upload', 'upload', { fileName: '回单.pdf', size: 1000, referer: REFERER })).data.message).toContain('jpg, gif');

    // Without a configuration of its own the platform's rules apply (jpeg allowed, 20 MB).
    const { id } = await db().selectFrom('cust_cfg_upload').select('id').where('partyCode', '=', PARTY).executeTakeFirstOrThrow();
    expect((await admin.del('customerConfig/upload', `/${id}`)).statusCode).toBe(200);
    expect((await call('upload', 'upload', { fileName: 'a.jpeg', size: 1000, referer: REFERER })).result).toBe('success');
    expect((await call('upload', 'upload', { fileName: 'a.jpeg', size: 21 * 1024 * 1024, referer: REFERER })).data.message).toContain(
      '20 MB',
    );
  });

  it('upload: a referer off the whitelist, or an empty one unless allowEmpty, is refused with 403 and charged nothing', async () => {
    const before = await balance();
    const evil = await refusal(call('upload', 'upload', { fileName: 'a.jpg', size: 1000, referer: 'https://evil.example.com/' }));
    expect({ code: evil?.code, http: evil?.http }).toEqual({ code: 'refererRefused', http: 403 });
    expect(evil?.params.allowed).toContain('*.hdzy-logistics.cn');
    expect((await refusal(call('upload', 'upload', { fileName: 'a.jpg', size: 1000 })))?.code).toBe('refererRefused');
    expect(await balance()).toBe(before);
    await configure('uploadReferer', { allowEmpty: true });
    expect((await call('upload', 'upload', { fileName: 'a.jpg', size: 1000 })).result).toBe('success');
    // The check service answers from the same whitelist.
    expect((await call('uploadReferer', 'check', { referer: 'https://ops.hdzy-logistics.cn/x' })).data).toMatchObject({
      allowed: true,
      rule: '*.hdzy-logistics.cn',
    });
    expect((await call('uploadReferer', 'check', { referer: 'https://tms.hdzy-logistics.com/x' })).data).toMatchObject({ allowed: false });
  });

  it('sms: messages go out with the customer’s sign and templates, and the log records them', async () => {
    const verify = await call('sms', 'send', { phone: '13812340001', template: 'verify_code', content: '验证码 123456' });
    expect(verify.data).toMatchObject({ signName: '华东智运', template: 'SMS_2748001' });
    const notice = await call('sms', 'send', { phone: '13812340001', content: '运单已签收' });
    expect(notice.data).toMatchObject({ signName: '华东智运', template: 'SMS_2748002' });
    const log = await db()
      .selectFrom('cust_service_log')
      .select('responseSummary')
      .where('requestId', '=', notice.requestId)
      .executeTakeFirstOrThrow();
    expect(String(log.responseSummary)).toContain('SMS_2748002');

    // A low-balance alert to this customer uses its sign and notice template, as the SMS log shows.
    const ctx = { ...t.app.ctx, sms: logSmsSender(t.app.ctx.database, () => t.app.log) };
    await db()
      .updateTable('cm_service_account')
      .set({ alertThresholdFen: 1_000_000_000, alertPhone: '13812340009', lastAlertAt: null })
      .where('partyCode', '=', PARTY)
      .execute();
    expect(await checkLowBalance(ctx, PARTY, 100, new Date())).toBe(true);
    const sent = await t.app.ctx.database.core
      .selectFrom('sys_sms_log')
      .selectAll()
      .where('phone', '=', '13812340009')
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ partyCode: PARTY, signName: '华东智运', template: 'SMS_2748002' });
    expect(sent.content.startsWith('【华东智运】')).toBe(true);
  });

  it('sms: the per-phone daily and per-IP hourly limits refuse with 429 once reached', async () => {
    await configure('sms', { perPhoneDaily: 2, perIpHourly: 4 });
    const send = (phone: string, ip = '10.9.9.9') => call('sms', 'send', { phone, template: 'notice_sign', content: '运单已签收' }, { ip });
    expect((await send('13912340001')).result).toBe('success');
    expect((await send('13912340001')).result).toBe('success');
    const third = await refusal(send('13912340001'));
    expect({ code: third?.code, http: third?.http, limit: third?.params.limit }).toEqual({
      code: 'smsLimitExceeded',
      http: 429,
      limit: '2/phone/day',
    });
    const log = await db()
      .selectFrom('cust_service_log')
      .select(['result', 'errorCode'])
      .where('partyCode', '=', PARTY)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ result: 'refused', errorCode: 'smsLimitExceeded' });
    // Another number from the same address: the address's hourly limit (4, the refused call counted once for the phone only).
    expect((await send('13912340002')).result).toBe('success');
    expect((await send('13912340003')).result).toBe('success');
    expect((await refusal(send('13912340004')))?.params.limit).toBe('4/IP/hour');
    expect((await send('13912340004', '10.9.9.10')).result).toBe('success');
  });

  it('verification: a repeat within cacheDays answers from the cache (billed as any call), after cacheDays the provider is asked again', async () => {
    const provider = vi.spyOn(verification, 'idCard2');
    const before = await balance();
    const first = await call('verification', 'idCard2', ID);
    expect(first.data).toMatchObject({ passed: true });
    expect(first.data.cached).toBeUndefined();
    const again = await call('verification', 'idCard2', { ...ID, bizNo: 'YD1' }, { at: new Date(Date.now() + 29 * 86_400_000) });
    expect(again.data).toMatchObject({ passed: true, cached: true });
    expect(provider).toHaveBeenCalledTimes(1);
    expect(await balance()).toBe(before - first.feeFen - again.feeFen);
    expect(again.feeFen).toBe(first.feeFen);
    const log = await db()
      .selectFrom('cust_service_log')
      .select('responseSummary')
      .where('requestId', '=', again.requestId)
      .executeTakeFirstOrThrow();
    expect(String(log.responseSummary)).toContain('cached');

    const later = await call('verification', 'idCard2', ID, { at: new Date(Date.now() + 31 * 86_400_000) });
    expect(later.data.cached).toBeUndefined();
    expect(provider).toHaveBeenCalledTimes(2);
    // cacheDays 0 turns the cache off.
    await configure('verification', { cacheDays: 0 });
    await call('verification', 'idCard2', ID);
    expect(provider).toHaveBeenCalledTimes(3);
  });

  it('objectStorage: objects go under DATA_DIR/<bucket>/<party>/<pathPrefix>/', async () => {
    const put = await call('objectStorage', 'put', { key: 'receipts/YD1.txt', contentBase64: Buffer.from('回单').toString('base64') });
    expect(put.result).toBe('success');
    expect(fs.readFileSync(path.join(t.config.dataDir, 'hdzy-waybill', 'C1001', 'waybill', 'receipts', 'YD1.txt'), 'utf8')).toBe('回单');
    expect((await call('objectStorage', 'get', { key: 'receipts/YD1.txt' })).data.contentBase64).toBe(
      Buffer.from('回单').toString('base64'),
    );
    await configure('objectStorage', { bucket: 'hdzy-archive', pathPrefix: '' });
    await call('objectStorage', 'put', { key: 'a.txt', contentBase64: 'eA==' });
    expect(fs.existsSync(path.join(t.config.dataDir, 'hdzy-archive', PARTY, 'a.txt'))).toBe(true);
    // A bucket named like one of the platform's own directories stays in the customer's sandbox folder.
    await configure('objectStorage', { bucket: 'uploads' });
    await call('objectStorage', 'put', { key: 'b.txt', contentBase64: 'eA==' });
    expect(fs.existsSync(path.join(t.config.dataDir, 'object-storage', PARTY, 'b.txt'))).toBe(true);
  });
});
