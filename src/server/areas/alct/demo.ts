import type { AppContext } from '../../context.js';
import type { PageSchema } from '../../../shared/schema/types.js';
import { toStored } from '../../data/rows.js';
import { sandbox, vinCheckChar, type AlctAnswer, type AlctCredentials } from './connector.js';
import { freightDataset } from '../../demo/freight.js';
import { Rng } from '../../sampleData/rng.js';
import type { DemoGenerator } from '../../db/demoGenerators.js';
import { dynamicView } from '../../db/connect.js';

type Row = Record<string, unknown>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The demo configurations (src/schemas/alct/config.json) and their default tax items. */
const CONFIGS: (AlctCredentials & { partyCode: string; taxItemNo: string; taxCode: string })[] = [
  {
    partyCode: 'C1001',
    enterpriseCode: 'HDZY31011501',
    appKey: 'hdzyAlct2025Key01',
    taxItemNo: 'SM202501010001',
    taxCode: '3010102020100000000',
  },
  {
    partyCode: 'C1002',
    enterpriseCode: 'XNTD51010701',
    appKey: 'xntdAlctSandbox02',
    taxItemNo: 'SM202503150001',
    taxCode: '3010102020100000000',
  },
];
const TYPE_CODES: Record<string, string> = {
  tractor: 'Q11',
  heavyVan: 'H12',
  refrigerated: 'H12',
  flatbed: 'H15',
  dump: 'H17',
  mediumVan: 'H22',
  lightVan: 'H32',
};
const WMI = ['LZZ', 'LFW', 'LGA', 'LFN', 'LZG'];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

const ms = (v: unknown) => (v instanceof Date ? v.getTime() : v ? Date.parse(String(v)) : NaN);
const iso = (t: number) => new Date(t).toISOString();

function vin(rng: Rng): string {
  const body = rng.pick(WMI) + Array.from({ length: 5 }, () => rng.pick(VIN_CHARS.split(''))).join('');
  const rest = rng.pick(['P', 'R', 'S']) + rng.pick(VIN_CHARS.split('')) + rng.digits(6);
  const draft = `${body}0${rest}`;
  return `${body}${vinCheckChar(draft)}${rest}`;
}

/** Freight rows of a page: the stored ones when that table is already filled, else the dataset this start inserts. */
async function freightRows(ctx: AppContext, pageId: string): Promise<Row[]> {
  const page = ctx.schemas.pages.get(pageId);
  if (!page?.resource) return [];
  const stored = await dynamicView(ctx.database.db)
    .selectFrom(page.resource.table)
    .selectAll()
    .where(
      'partyCode',
      'in',
      CONFIGS.map((c) => c.partyCode),
    )
    .execute();
  return stored.length ? stored : (freightDataset(ctx).tables[pageId] ?? []);
}

interface AlctDemo {
  tables: Record<string, Row[]>;
}

/**
 * The ALCT registry of the two demo customers, made by running the sandbox connector over their
 * own freight: recent waybills are pushed (accepted when signed for, pushed while in transit), their
 * vehicles and drivers synchronised first; one driver is left unsynchronised, so a waybill of theirs
 * is rejected and retried, one extra vehicle carries a mistyped VIN and fails, and one waybill waits
 * to be pushed. Every call is in the log with the connector's answer.
 */
async function build(ctx: AppContext): Promise<AlctDemo> {
  const [waybills, vehicles, drivers, carriers] = await Promise.all(
    ['tms/waybill/waybill', 'tms/base/vehicle', 'tms/base/driver', 'tms/base/carrier'].map((id) => freightRows(ctx, id)),
  );
  const now = Date.now();
  const rng = new Rng(0xa1c7_2026);
  const tables: Record<string, Row[]> = { 'alct/shipment': [], 'alct/vehicle': [], 'alct/driver': [], 'alct/log': [] };
  const log = (cfg: AlctCredentials & { partyCode: string }, at: number, operation: string, bizNo: string, answer: AlctAnswer) => {
    tables['alct/log'].push({
      partyCode: cfg.partyCode,
      enterpriseCode: cfg.enterpriseCode,
      loggedAt: iso(at),
      operation,
      bizNo,
      requestId: `alct-demo-${String(tables['alct/log'].length + 1).padStart(4, '0')}`,
      result: answer.ok ? 'success' : 'failure',
      remoteId: answer.ok ? answer.remoteId : null,
      errorCode: answer.ok ? null : answer.errorCode,
      message: answer.message,
      durationMs: rng.int(80, 900),
      createdBy: 'system',
      createdAt: iso(at),
    });
  };
  for (const cfg of CONFIGS) {
    // Drivers under 58, so every one of them can be registered (ALCT refuses drivers of 60 and over).
    const young = (idcard: unknown) => new Date(now).getUTCFullYear() - Number(String(idcard).slice(6, 10)) < 58;
    const own = waybills
      .filter((w) => w.partyCode === cfg.partyCode && w.plate && young(w.driverIdcard) && Number(w.driverCostFen) > 0)
      .sort((a, b) => String(b.waybillNo).localeCompare(String(a.waybillNo)));
    const signed = own.filter((w) => w.status === 'signed' || w.status === 'settled');
    const moving = own.filter((w) => w.status === 'inTransit' || w.status === 'delivered').slice(0, 1);
    const pushed = [...signed.slice(0, 4), ...moving];
    const pushedDrivers = new Set(pushed.map((w) => w.driverIdcard));
    // A waybill of a driver not yet registered is refused; a later one waits to be pushed.
    const rejected = signed.slice(4).find((w) => !pushedDrivers.has(w.driverIdcard));
    const waiting = rejected && signed.slice(4).find((w) => w !== rejected && w.driverIdcard !== rejected.driverIdcard);
    if (!rejected || !waiting) continue;
    const unsynced = String(rejected.driverIdcard);
    const pushAt = (w: Row) => Math.min(now - 10 * 60_000, (ms(w.deliveredAt) || ms(w.loadedAt) || now - DAY) + HOUR);
    const firstUse = new Map<string, number>();
    for (const w of [...pushed, rejected])
      for (const k of [String(w.plate), String(w.driverIdcard)]) firstUse.set(k, Math.min(firstUse.get(k) ?? now, pushAt(w)));

    const vehicleIds = new Map<string, string>();
    const plates = [...new Set([...pushed, rejected, waiting].map((w) => String(w.plate)))];
    const extra = vehicles.find((v) => v.partyCode === cfg.partyCode && !plates.includes(String(v.plate)));
    for (const plate of [...plates, ...(extra ? [String(extra.plate)] : [])]) {
      const v = vehicles.find((x) => x.plate === plate);
      if (!v) continue;
      const carrier = carriers.find((c) => c.code === v.carrierCode);
      let code = vin(rng);
      // A VIN mistyped by one character: the check digit no longer fits.
      if (v === extra) code = code.slice(0, 16) + (code[16] === '7' ? '8' : '7');
      const row: Row = {
        partyCode: cfg.partyCode,
        enterpriseCode: cfg.enterpriseCode,
        plate,
        plateColor: v.plateColor ?? 'yellow',
        vehicleTypeCode: TYPE_CODES[String(v.vehicleType)] ?? 'H11',
        roadTransportCertNo: v.roadTransportCertNo,
        vin: code,
        owner: carrier?.name ?? '个体车主',
        loadKg: v.loadKg,
        retries: 0,
      };
      const at = (firstUse.get(plate) ?? now - 2 * DAY) - rng.int(2, 30) * DAY;
      const answer = await sandbox.registerVehicle(cfg, row as never, new Date(at));
      log(cfg, at, 'syncVehicle', plate, answer);
      if (answer.ok) vehicleIds.set(plate, answer.remoteId);
      Object.assign(
        row,
        answer.ok
          ? { syncStatus: 'synced', remoteVehicleId: answer.remoteId, syncedAt: iso(at) }
          : { syncStatus: 'failed', failReason: answer.message },
        { lastAttemptAt: iso(at), createdAt: iso(at - HOUR), updatedAt: iso(at) },
      );
      tables['alct/vehicle'].push(row);
    }

    const driverIds = new Map<string, string>();
    for (const idcard of [...new Set([...pushed, rejected, waiting].map((w) => String(w.driverIdcard)))]) {
      const d = drivers.find((x) => x.idcard === idcard);
      if (!d) continue;
      const row: Row = {
        partyCode: cfg.partyCode,
        enterpriseCode: cfg.enterpriseCode,
        idcard,
        name: d.name,
        mobile: d.phone,
        bankName: d.bankName,
        bankCard: d.bankCard,
        retries: 0,
        realNameVerified: false,
      };
      const at = (firstUse.get(idcard) ?? now - 2 * DAY) - rng.int(2, 30) * DAY;
      if (idcard === unsynced) {
        Object.assign(row, { syncStatus: 'pending', createdAt: iso(now - 3 * DAY), updatedAt: iso(now - 3 * DAY) });
      } else {
        const answer = await sandbox.registerDriver(cfg, row as never, new Date(at));
        log(cfg, at, 'syncDriver', String(d.name), answer);
        if (answer.ok) driverIds.set(idcard, answer.remoteId);
        Object.assign(
          row,
          answer.ok
            ? {
                syncStatus: 'synced',
                remoteDriverId: answer.remoteId,
                syncedAt: iso(at),
                realNameVerified: true,
                agreementSignedAt: iso(at + 20 * 60_000),
              }
            : { syncStatus: 'failed', failReason: answer.message },
          { lastAttemptAt: iso(at), createdAt: iso(at - HOUR), updatedAt: iso(at) },
        );
      }
      tables['alct/driver'].push(row);
    }

    for (const w of [...pushed, rejected, waiting]) {
      const row: Row = {
        partyCode: cfg.partyCode,
        enterpriseCode: cfg.enterpriseCode,
        waybillNo: w.waybillNo,
        taxItemNo: cfg.taxItemNo,
        plate: w.plate,
        driverIdcard: w.driverIdcard,
        amountFen: Number(w.driverCostFen),
        status: 'pending',
        retries: 0,
      };
      const at0 = pushAt(w);
      row.createdAt = iso(at0 - 30 * 60_000);
      row.updatedAt = row.createdAt;
      // The rejected one is pushed, refused, retried once a day later and refused again.
      const attempts = w === waiting ? [] : w === rejected ? [at0, at0 + DAY] : [at0];
      for (const [i, at] of attempts.entries()) {
        const answer = await sandbox.pushShipment(
          cfg,
          {
            waybillNo: String(w.waybillNo),
            waybillStatus: String(w.status),
            plate: String(w.plate),
            vehicleRemoteId: vehicleIds.get(String(w.plate)) ?? null,
            driverIdcard: String(w.driverIdcard),
            driverRemoteId: driverIds.get(String(w.driverIdcard)) ?? null,
            amountFen: Number(w.driverCostFen),
            taxCode: cfg.taxCode,
          },
          new Date(Math.min(at, now - 60_000)),
        );
        log(cfg, Math.min(at, now - 60_000), i ? 'retryShipment' : 'pushShipment', String(w.waybillNo), answer);
        Object.assign(
          row,
          { retries: i, lastAttemptAt: iso(Math.min(at, now - 60_000)), updatedAt: iso(Math.min(at, now - 60_000)) },
          answer.ok
            ? {
                status: answer.status,
                remoteId: answer.remoteId,
                pushedAt: iso(at),
                acceptedAt: answer.status === 'accepted' ? iso(at) : null,
                errorCode: null,
                error: null,
              }
            : { status: 'rejected', errorCode: answer.errorCode, error: answer.message },
        );
      }
      tables['alct/shipment'].push(row);
    }
  }
  return { tables };
}

const demos = new WeakMap<AppContext, Promise<AlctDemo>>();

async function insert(ctx: AppContext, page: PageSchema, rows: Row[]): Promise<number> {
  if (!rows.length) return 0;
  const stored = rows.map((r) => ({
    ...toStored(ctx.database, page, r),
    partyCode: r.partyCode,
    version: 1,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt ?? r.createdAt,
    createdBy: r.createdBy ?? 'system',
    updatedBy: 'system',
  }));
  await dynamicView(ctx.database.db).insertInto(page.resource!.table).values(stored).execute();
  return stored.length;
}

const generate: DemoGenerator = async (ctx, page) => {
  let demo = demos.get(ctx);
  if (!demo) demos.set(ctx, (demo = build(ctx)));
  return insert(ctx, page, (await demo).tables[page.id] ?? []);
};

export const alctGenerators: Record<string, DemoGenerator> = Object.fromEntries(
  ['alct/shipment', 'alct/vehicle', 'alct/driver', 'alct/log'].map((id) => [id, generate]),
);
