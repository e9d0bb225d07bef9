import type { AppContext, SmsAbout } from '../../context.js';
import { Rng } from '../../sampleData/rng.js';
import { performCall } from './call.js';
import { GatewayError } from './codes.js';
import { sealSecret } from '../../security/secretBox.js';
import { secretHint } from './apps.js';
import { changeBalance } from './accounts.js';
import { SANDBOXES } from '../../connectors/index.js';
import { paramsFor } from './sampleParams.js';
import { DEMO_PARTIES } from '../../db/seed.js';
import { unlessBlacklisted } from '../../sms/blacklist.js';
import { callStatistics } from './callStatistics.js';

/** The README's demo app: a newcomer signs calls with this key and secret. */
export const DEMO_APP = { appKey: 'demo-c1001', secret: 'demo-secret-c1001', partyCode: 'C1001' };

/** Catalogue prices in fen per service operation (verification and OCR cost more than a push). */
const PRICES: Record<string, number> = {
  alert: 2,
  bank: 30,
  push: 1,
  ocr: 20,
  etc: 50,
  insurance: 0,
  goldField: 10,
  license: 0,
  objectStorage: 1,
  vehicleTrack: 8,
  sms: 4,
  upload: 1,
  uploadReferer: 0,
  vehicleCredit: 25,
  verification: 35,
  fuelCard: 5,
  eSign: 200,
  interfaceDigest: 0,
};
const NAMES: Record<string, string> = {
  'alert.raise': '告警通知',
  'bank.verify4': '银行卡四要素',
  'bank.balance': '对公账户余额',
  'push.send': 'App 推送',
  'ocr.drivingLicense': '驾驶证识别',
  'ocr.vehicleLicense': '行驶证识别',
  'ocr.idCard': '身份证识别',
  'etc.invoices': 'ETC 通行发票',
  'insurance.quote': '货运险报价',
  'insurance.insure': '货运险投保',
  'goldField.query': '金域企业查询',
  'license.verify': '授权校验',
  'objectStorage.put': '对象上传',
  'objectStorage.get': '对象下载',
  'vehicleTrack.locate': '车辆定位',
  'sms.send': '短信发送',
  'upload.upload': '文件上传',
  'uploadReferer.check': '来源校验',
  'vehicleCredit.query': '车辆信用查询',
  'verification.idCard2': '身份证二要素',
  'verification.mobile3': '手机三要素',
  'verification.bankCard4': '银行卡四要素',
  'fuelCard.recharge': '油卡充值',
  'fuelCard.balance': '油卡余额',
  'eSign.sign': '合同签署',
  'interfaceDigest.digest': '摘要计算',
};

const DAY = 86_400_000;

const now = () => new Date().toISOString();
const stamp = () => ({ version: 1, createdAt: now(), updatedAt: now(), createdBy: 'system', updatedBy: 'system' });

/**
 * Gateway demo data on a new demo database: the product catalogue, apps (the README's
 * demo-c1001 among them), service openings, price plans and funded accounts, then a few hundred
 * calls per service over the last 30 days made through the real metering code, so the logs,
 * consumption and totals show real figures.
 */
export async function seedGatewayDemo(ctx: AppContext, log: (msg: string) => void): Promise<void> {
  if (!ctx.config.seedDemo || !ctx.schemas.pages.has('customerManage/appInfo')) return;
  const db = ctx.database.db;
  if (await db.selectFrom('cm_app').select('id').where('appKey', '=', DEMO_APP.appKey).executeTakeFirst()) return;
  if (!(await db.selectFrom('sys_party').select('id').where('code', '=', DEMO_APP.partyCode).executeTakeFirst())) return;
  const rng = new Rng(20261123);

  const products = Object.values(SANDBOXES).flatMap((c) =>
    Object.keys(c.operations).map((op) => ({
      service: c.service,
      operation: op,
      name: NAMES[`${c.service}.${op}`] ?? op,
      unitPriceFen: PRICES[c.service] ?? 0,
      billing: c.service === 'verification' || c.service === 'bank' ? 'perCall' : 'perSuccess',
      status: 'online',
      ...stamp(),
    })),
  );
  await db
    .insertInto('cm_product')
    .values(products)
    .onConflict((oc) => oc.columns(['service', 'operation']).doNothing())
    .execute();

  const apps = [
    {
      partyCode: 'C1001',
      appKey: DEMO_APP.appKey,
      appName: '华东智运 TMS',
      secret: DEMO_APP.secret,
      callbackUrl: 'https://tms.hdzy-logistics.com/api/callback',
    },
    {
      partyCode: 'C1001',
      appKey: 'AK20251101000001',
      appName: '华东智运 司机小程序',
      secret: 'hdzy-miniapp-demo-secret',
      callbackUrl: null,
    },
    {
      partyCode: 'C1002',
      appKey: 'AK20251101000002',
      appName: '西南通达 调度系统',
      secret: 'xntd-dispatch-demo-secret',
      callbackUrl: 'https://app.xntd-scm.cn/gateway/callback',
    },
  ];
  for (const a of apps) {
    await db
      .insertInto('cm_app')
      .values({
        partyCode: a.partyCode,
        appKey: a.appKey,
        appName: a.appName,
        callbackUrl: a.callbackUrl,
        status: 'active',
        secretSealed: await sealSecret(ctx, a.secret),
        secretHint: secretHint(a.secret),
        secretRotatedAt: new Date(Date.now() - 31 * DAY).toISOString(),
        ...stamp(),
      })
      .execute();
  }

  const services = Object.keys(SANDBOXES);
  const opened: Record<string, string[]> = {
    C1001: services,
    C1002: ['sms', 'ocr', 'verification', 'vehicleTrack', 'eSign', 'insurance', 'etc', 'fuelCard'],
  };
  for (const [partyCode, list] of Object.entries(opened)) {
    await db
      .insertInto('cm_service_open')
      .values(
        list.map((service) => ({
          partyCode,
          service,
          enabled: ctx.database.dialect === 'sqlite' ? 1 : true,
          dailyQuota: service === 'sms' ? 20_000 : 0,
          qpsLimit: service === 'vehicleTrack' ? 50 : 20,
          connector: 'sandbox',
          ...stamp(),
        })),
      )
      .execute();
  }
  await db
    .insertInto('cm_price_plan')
    .values([
      {
        partyCode: 'C1001',
        planName: '短信阶梯价 2025',
        service: 'sms',
        tiers: JSON.stringify([
          { fromCount: 1, toCount: 100, unitPriceFen: 5 },
          { fromCount: 101, toCount: 1000, unitPriceFen: 4 },
          { fromCount: 1001, toCount: null, unitPriceFen: 3 },
        ]),
        validFrom: '2025-01-01',
        status: 'active',
        ...stamp(),
      },
      {
        partyCode: 'C1001',
        planName: '核验套餐 2025',
        service: 'verification',
        tiers: JSON.stringify([
          { fromCount: 1, toCount: 200, unitPriceFen: 35 },
          { fromCount: 201, toCount: null, unitPriceFen: 28 },
        ]),
        validFrom: '2025-01-01',
        status: 'active',
        ...stamp(),
      },
    ])
    .execute();
  const accounts = [
    {
      partyCode: 'C1001',
      accountName: '华东智运 接口服务账户',
      creditLimitFen: 0,
      alertThresholdFen: 50_000,
      alertPhone: '13900000001',
      recharge: [300_000, 200_000],
    },
    {
      partyCode: 'C1002',
      accountName: '西南通达 接口服务账户',
      creditLimitFen: 20_000,
      alertThresholdFen: 20_000,
      alertPhone: '13900000002',
      recharge: [100_000],
    },
  ];
  for (const a of accounts) {
    await db
      .insertInto('cm_service_account')
      .values({
        partyCode: a.partyCode,
        accountName: a.accountName,
        balanceFen: 0,
        creditLimitFen: a.creditLimitFen,
        alertThresholdFen: a.alertThresholdFen,
        alertPhone: a.alertPhone,
        status: 'active',
        ...stamp(),
      })
      .execute();
    for (const [i, amountFen] of a.recharge.entries()) {
      await changeBalance(
        ctx,
        'system',
        a.partyCode,
        'recharge',
        { amountFen, channel: 'bankTransfer', voucherNo: `HD${20251020 + i * 9}${a.partyCode}`, remark: '对公转账充值' },
        new Date(Date.now() - (32 - i * 12) * DAY),
      );
    }
  }
  if (ctx.schemas.pages.has('systemManage/riskControl'))
    await db.updateTable('risk_strategy').set({ status: 'enabled' }).where('code', '=', 'API_ABUSE').execute();

  const trips = ctx.schemas.pages.has('tms/waybill/waybill')
    ? (
        await db.selectFrom('tms_waybill').select(['plate', 'waybillNo', 'partyCode']).where('plate', 'is not', null).limit(400).execute()
      ).map((r) => ({ plate: String(r.plate), waybillNo: String(r.waybillNo), partyCode: String(r.partyCode) }))
    : [];
  const names = Object.fromEntries(DEMO_PARTIES.map((p) => [p.code, p.name]));
  const start = Date.now() - 30 * DAY;
  const calls: { at: number; partyCode: string; service: string; op: string }[] = [];
  for (const [partyCode, list] of Object.entries(opened)) {
    for (const service of list) {
      const ops = Object.keys(SANDBOXES[service].operations);
      const n = partyCode === 'C1001' ? ctx.config.demoCallsPerService : Math.ceil(ctx.config.demoCallsPerService / 6);
      // Working hours on weekdays, a quieter weekend.
      for (let i = 0; i < n; i++) {
        const day = rng.int(0, 29);
        const hour = rng.weighted([
          [9, 3],
          [10, 4],
          [11, 4],
          [14, 4],
          [15, 4],
          [16, 3],
          [20, 1],
          [2, 0.2],
        ] as const);
        calls.push({ at: start + day * DAY + (hour - 8) * 3_600_000 + rng.int(0, 3_599_999), partyCode, service, op: rng.pick(ops) });
      }
    }
  }
  calls.sort((a, b) => a.at - b.at);
  const counts = { success: 0, failure: 0, refused: 0 };
  // Batches of calls in one transaction each: the same code path, without a commit per call.
  const BATCH = 400;
  for (let from = 0; from < calls.length; from += BATCH) {
    // Messages (low-balance alerts) go out after the batch commits: the sender writes outside it.
    const held: [string, string, SmsAbout | undefined][] = [];
    await db.transaction().execute(async (trx) => {
      const sms = {
        provider: ctx.sms.provider,
        send: async (phone: string, content: string, about?: SmsAbout) => void held.push([phone, content, about]),
      };
      const batchCtx: AppContext = { ...ctx, sms, database: { ...ctx.database, db: trx } };
      for (let i = from; i < Math.min(from + BATCH, calls.length); i++) {
        const c = calls[i];
        const own = trips.filter((t) => t.partyCode === c.partyCode);
        const trip = trips.length ? rng.pick(own.length ? own : trips) : undefined;
        const appKey =
          c.partyCode === 'C1001'
            ? c.service === 'vehicleTrack' || c.service === 'push'
              ? 'AK20251101000001'
              : DEMO_APP.appKey
            : 'AK20251101000002';
        try {
          const out = await performCall(batchCtx, {
            partyCode: c.partyCode,
            partyName: names[c.partyCode] ?? c.partyCode,
            appKey,
            service: c.service,
            operation: c.op,
            params: paramsFor(rng, c.service, c.op, trip),
            ip: c.partyCode === 'C1001' ? '116.228.50.' + (10 + (i % 5)) : '171.221.33.' + (20 + (i % 3)),
            at: new Date(c.at),
            requestId: `demo-${c.partyCode}-${String(i).padStart(5, '0')}`,
          });
          counts[out.result]++;
        } catch (err) {
          if (!(err instanceof GatewayError)) throw err;
          counts.refused++;
        }
      }
    });
    for (const [phone, content, about] of held) await ctx.sms.send(phone, content, about).catch(unlessBlacklisted);
  }
  log(
    `gateway demo: ${apps.length} apps, ${calls.length} calls (${counts.success} succeeded, ${counts.failure} failed, ${counts.refused} refused)`,
  );
  // The call statistics come from the same calls, by the job that keeps them afterwards.
  await callStatistics(ctx, { now: new Date(), log });
}
