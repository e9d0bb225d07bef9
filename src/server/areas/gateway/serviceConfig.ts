import type { AppContext } from '../../context.js';
import type { ServiceSettings } from '../../connectors/types.js';
import { cachedRead } from '../../services/tableCache.js';
import { parseIpRule, type IpRule } from '../../security/ipMatch.js';
import { normalizeAlgorithm, type SignAlgorithm } from './sign.js';
import { dynamicView } from '../../db/connect.js';

export interface DigestSettings {
  algorithm: SignAlgorithm;
  toleranceSec: number;
  ipWhitelist: IpRule[];
}

export const DEFAULT_TOLERANCE_SEC = 300;

/** Table of a customerConfig/<service> page if that page exists. */
function customerConfigTable(ctx: AppContext, service: string): string | null {
  return ctx.schemas.pages.get(`customerConfig/${service}`)?.resource?.table ?? null;
}

/** The strictest of two limits where 0 means unlimited. */
function strictest(a: number, b: number): number {
  if (!a) return b;
  if (!b) return a;
  return Math.min(a, b);
}

const num = (v: unknown) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : Number(v) >= 0 ? Math.floor(Number(v)) : 0;

function jsonValue(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/**
 * How the gateway sees a customer's configuration, resolved from:
 * - customerManage/config (table cm_service_open): the platform opens a service to a customer,
 *   with quotas and the connector (sandbox or the generic HTTP adapter);
 * - customerConfig/<service> (tables cust_cfg_*), when those pages exist: the customer's own
 *   provider, status, quotas, price and validity;
 * - customerConfig/interfaceDigest: signature algorithm, timestamp tolerance and IP whitelist.
 * Reads are cached by table and emptied on writes (services/tableCache.ts), so a change applies
 * to the next call.
 */
export async function serviceSettings(
  ctx: AppContext,
  partyCode: string,
  service: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<ServiceSettings> {
  const cfgTable = customerConfigTable(ctx, service);
  const tables = ['cm_service_open', ...(cfgTable ? [cfgTable] : [])];
  const [open, cfg] = await cachedRead(ctx.database, 'serviceSettings', tables, `${partyCode}|${service}`, async () => {
    const db = ctx.database.db;
    const o = ctx.schemas.pages.has('customerManage/config')
      ? await db
          .selectFrom('cm_service_open')
          .selectAll()
          .where('partyCode', '=', partyCode)
          .where('service', '=', service)
          .executeTakeFirst()
      : undefined;
    const c = cfgTable
      ? await dynamicView(db).selectFrom(cfgTable).selectAll().where('partyCode', '=', partyCode).executeTakeFirst()
      : undefined;
    return [o ?? null, c ?? null] as const;
  });
  const enabledFlag = open ? open.enabled === true || open.enabled === 1 : false;
  const connector = open?.connector === 'http' ? 'http' : 'sandbox';
  const settings: ServiceSettings = {
    enabled: enabledFlag,
    dailyQuota: strictest(num(open?.dailyQuota), num(cfg?.dailyQuota)),
    qpsLimit: strictest(num(open?.qpsLimit), num(cfg?.qpsLimit)),
    provider: typeof cfg?.provider === 'string' && cfg.provider ? cfg.provider : connector,
    connector,
    unitPriceFen:
      cfg && cfg.unitPriceFen !== null && cfg.unitPriceFen !== undefined && Number.isInteger(Number(cfg.unitPriceFen))
        ? Number(cfg.unitPriceFen)
        : null,
    customerConfig: cfg && cfg.status !== 'disabled' ? cfg : null,
  };
  if (!open) settings.reason = 'notOpened';
  else if (!enabledFlag) settings.reason = 'disabled';
  else if (cfg && cfg.status === 'disabled') settings.reason = 'disabled';
  else if (cfg?.validFrom && String(cfg.validFrom).slice(0, 10) > today) settings.reason = 'notYetValid';
  else if (cfg?.validTo && String(cfg.validTo).slice(0, 10) < today) settings.reason = 'expired';
  if (settings.reason) settings.enabled = false;
  if (connector === 'http' && typeof open?.httpUrl === 'string' && open.httpUrl) {
    const mapping = jsonValue(open.httpMapping);
    settings.http = {
      url: open.httpUrl,
      authHeader: typeof open.httpAuthHeader === 'string' && open.httpAuthHeader ? open.httpAuthHeader : null,
      mapping: mapping && typeof mapping === 'object' && !Array.isArray(mapping) ? (mapping as Record<string, unknown>) : null,
    };
  }
  return settings;
}

/** Signature settings of a customer: customerConfig/interfaceDigest when it exists and is enabled, else the defaults. */
export async function digestSettings(ctx: AppContext, partyCode: string): Promise<DigestSettings> {
  const table = customerConfigTable(ctx, 'interfaceDigest');
  const defaults: DigestSettings = { algorithm: 'hmac-sha256', toleranceSec: DEFAULT_TOLERANCE_SEC, ipWhitelist: [] };
  if (!table) return defaults;
  // Kept as settings, not as the row: the whitelist is parsed once, not on every call.
  return cachedRead(ctx.database, 'digestSettings', [table], partyCode, async () => {
    const row = await dynamicView(ctx.database.db).selectFrom(table).selectAll().where('partyCode', '=', partyCode).executeTakeFirst();
    if (!row || row.status === 'disabled') return defaults;
    const tolerance = Number(row.tsToleranceSec);
    const list = jsonValue(row.ipWhitelist);
    const entries = Array.isArray(list) ? list.map(String) : typeof list === 'string' ? list.split(/[\s,;]+/) : [];
    return {
      algorithm: normalizeAlgorithm(row.algorithm),
      toleranceSec: Number.isInteger(tolerance) && tolerance > 0 ? Math.min(tolerance, 3600) : DEFAULT_TOLERANCE_SEC,
      ipWhitelist: entries.map(parseIpRule).filter((r): r is IpRule => r !== null),
    };
  });
}
