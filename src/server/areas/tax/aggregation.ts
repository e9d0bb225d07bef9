import type { AppContext } from '../../context.js';
import { dynamicView, type Db } from '../../db/connect.js';
import type { PageSchema } from '../../../shared/schema/types.js';
import { computeValues } from '../../../shared/schema/computed.js';
import { toRecord, toStored, type Row } from '../../data/rows.js';
import type { JobHandler } from '../../jobs/types.js';

/** The cap of an organisation without an active business-income configuration (yuan 120,000 a year). */
export const DEFAULT_ANNUAL_CAP_FEN = 12_000_000;

const CST = 8 * 3_600_000;
const chinaDate = (d: Date) => new Date(d.getTime() + CST).toISOString().slice(0, 10);
const sum = (rows: Row[], f: string) => rows.reduce((s, r) => s + Number(r[f] ?? 0), 0);

function groupBy(rows: Row[], key: (r: Row) => string): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}

/** Document numbers: prefix + China date + a running number continuing the day's highest. */
async function numberer(trx: Db, table: string, field: string, prefix: string, width: number, now: Date) {
  const head = `${prefix}${chinaDate(now).replace(/-/g, '')}`;
  const top = await dynamicView(trx)
    .selectFrom(table)
    .select((eb) => eb.fn.max(field).as('top'))
    .where(field, 'like', `${head}%`)
    .executeTakeFirst();
  let n = top?.top ? Number(String(top.top).slice(head.length)) : 0;
  return () => `${head}${String(++n).padStart(width, '0')}`;
}

/**
 * The tax bookkeeping that follows the settlements, run on a schedule:
 * - a tax order for every confirmed settlement whose driver's taxes are withheld and that has none;
 * - for each month that has ended, the organisation's order declaration (created, or topped up while
 *   still to be filed) and each driver's personal declaration, always the exact sums of the orders;
 * - the personal aggregates per driver and month with the year's income to date, flagged when it
 *   passes the cap of the organisation's active business-income configuration.
 * Declarations already filed are never changed.
 */
export async function aggregateTaxes(ctx: AppContext, now: Date, log: (msg: string) => void = () => {}) {
  const pages = ctx.schemas.pages;
  const page = (id: string) => pages.get(id) as PageSchema;
  const [ORDER, DECL, PERSONAL, AGG] = ['taxOrder', 'orderDeclaration', 'personalDeclaration', 'personalAggregate'].map((p) =>
    page(`taxManage/${p}`),
  );
  const stamp = { createdAt: now.toISOString(), updatedAt: now.toISOString(), createdBy: 'system', updatedBy: 'system', version: 1 };
  const current = chinaDate(now).slice(0, 7);
  const insert = (trx: Db, p: PageSchema, row: Row) =>
    dynamicView(trx)
      .insertInto(p.resource!.table)
      .values({ ...toStored(ctx.database, p, { ...row, ...computeValues(p, row, 'stored') }), partyCode: row.partyCode, ...stamp })
      .execute();
  const update = (trx: Db, p: PageSchema, id: unknown, row: Row) =>
    dynamicView(trx)
      .updateTable(p.resource!.table)
      .set((eb) => ({ ...toStored(ctx.database, p, row), version: eb('version', '+', 1), updatedAt: stamp.updatedAt, updatedBy: 'system' }))
      .where('id', '=', Number(id))
      .execute();
  const all = async (trx: Db, p: PageSchema): Promise<Row[]> =>
    (await dynamicView(trx).selectFrom(p.resource!.table).selectAll().orderBy('id').execute()).map((r) => ({
      ...toRecord(p, r as Row),
      partyCode: (r as Row).partyCode,
    }));

  return ctx.database.db.transaction().execute(async (trx) => {
    const counts = { orders: 0, declarations: 0, personal: 0, aggregates: 0 };
    // 1. Tax orders for new confirmed settlements with withheld taxes.
    const settlementPage = page('tms/settlement/settlement');
    const known = new Set((await trx.selectFrom('tax_order').select('settlementNo').execute()).map((r) => String(r.settlementNo)));
    const settlements = (await all(trx, settlementPage))
      .filter((s) => s.taxWithheld === true && s.status !== 'pending' && s.confirmedAt && !known.has(String(s.settlementNo)))
      .sort((a, b) => String(a.confirmedAt).localeCompare(String(b.confirmedAt)));
    const names = new Map((await trx.selectFrom('tms_driver').select(['idcard', 'name']).execute()).map((d) => [String(d.idcard), d.name]));
    const nextOrder = await numberer(trx, 'tax_order', 'taxOrderNo', 'SD', 5, now);
    for (const s of settlements) {
      await insert(trx, ORDER, {
        partyCode: s.partyCode,
        taxOrderNo: nextOrder(),
        period: chinaDate(new Date(String(s.confirmedAt))).slice(0, 7),
        driverIdcard: s.driverIdcard,
        driverName: names.get(String(s.driverIdcard)) ?? null,
        settlementNo: s.settlementNo,
        waybillNos: [s.waybillNo],
        incomeFen: Number(s.freightFen) + Number(s.extraFeeFen ?? 0) - Number(s.deductionFen ?? 0),
        vatRate: 0.01,
        iitRate: s.iitRate ?? 0,
        status: 'pending',
      });
      counts.orders++;
    }

    // 2. Order declarations of ended months: new ones, and orders added to those not yet filed.
    const declarations = await all(trx, DECL);
    const declOf = new Map(declarations.map((d) => [`${d.partyCode}|${d.period}`, d]));
    const nextDecl = await numberer(trx, 'tax_order_declaration', 'declarationNo', 'SB', 4, now);
    const loose = (await all(trx, ORDER)).filter((o) => !o.declarationNo && String(o.period) < current);
    for (const [key, list] of groupBy(loose, (o) => `${o.partyCode}|${o.period}`)) {
      let d: Row | undefined = declOf.get(key);
      if (d && d.status !== 'pending' && d.status !== 'failed') {
        log(`${list.length} tax orders of ${key} arrived after the period was filed; they wait for a correction`);
        continue;
      }
      if (!d) {
        const [partyCode, period] = key.split('|');
        d = { partyCode, declarationNo: nextDecl(), period, status: 'pending' };
        await insert(trx, DECL, {
          ...d,
          orderCount: 0,
          incomeTotalFen: 0,
          vatTotalFen: 0,
          surchargeTotalFen: 0,
          stampTotalFen: 0,
          iitTotalFen: 0,
        });
        declOf.set(key, d);
        counts.declarations++;
      }
      await trx
        .updateTable('tax_order')
        .set({ declarationNo: String(d.declarationNo), updatedAt: stamp.updatedAt, updatedBy: 'system' })
        .where(
          'id',
          'in',
          list.map((o) => Number(o.id)),
        )
        .execute();
    }
    const orders = await all(trx, ORDER);
    const byDecl = groupBy(
      orders.filter((o) => o.declarationNo),
      (o) => String(o.declarationNo),
    );
    for (const d of await all(trx, DECL)) {
      if (d.status !== 'pending' && d.status !== 'failed') continue;
      const own = byDecl.get(String(d.declarationNo)) ?? [];
      const totals = {
        orderCount: own.length,
        incomeTotalFen: sum(own, 'incomeFen'),
        vatTotalFen: sum(own, 'vatFen'),
        surchargeTotalFen: sum(own, 'surchargeFen'),
        stampTotalFen: sum(own, 'stampFen'),
        iitTotalFen: sum(own, 'iitFen'),
      };
      if (Object.entries(totals).some(([k, v]) => Number(d[k] ?? 0) !== v))
        await update(trx, DECL, d.id, { ...totals, ...computeValues(DECL, totals, 'stored') });
    }

    // 3. Personal declarations per driver and ended month.
    const byDriverMonth = groupBy(orders, (o) => `${o.partyCode}|${o.period}|${o.driverIdcard}`);
    const personal = new Map((await all(trx, PERSONAL)).map((p) => [`${p.partyCode}|${p.period}|${p.driverIdcard}`, p]));
    const nextPersonal = await numberer(trx, 'tax_personal_declaration', 'declarationNo', 'GS', 5, now);
    for (const [key, own] of byDriverMonth) {
      const [partyCode, period, driverIdcard] = key.split('|');
      if (period >= current) continue;
      const figures = { incomeFen: sum(own, 'incomeFen'), taxableFen: sum(own, 'incomeFen'), dueFen: sum(own, 'iitFen') };
      const p = personal.get(key);
      if (!p) {
        await insert(trx, PERSONAL, {
          partyCode,
          declarationNo: nextPersonal(),
          period,
          driverIdcard,
          driverName: own[0].driverName,
          incomeType: 'business',
          iitRate: own[0].iitRate,
          paidFen: 0,
          status: 'pending',
          ...figures,
        });
        counts.personal++;
      } else if ((p.status === 'pending' || p.status === 'failed') && Object.entries(figures).some(([k, v]) => Number(p[k] ?? 0) !== v)) {
        await update(trx, PERSONAL, p.id, figures);
      }
    }

    // 4. Personal aggregates, the year's income to date against the organisation's cap.
    const configs = (await all(trx, page('taxManage/personalIncomeTaxConfig')))
      .filter((c) => c.status === 'active' && c.incomeType === 'business')
      .sort((a, b) => String(b.effectiveFrom).localeCompare(String(a.effectiveFrom)) || Number(a.id) - Number(b.id));
    const capOf = (party: string, period: string) =>
      Number(
        configs.find((c) => c.partyCode === party && String(c.effectiveFrom).slice(0, 7) <= period)?.annualCapFen ?? DEFAULT_ANNUAL_CAP_FEN,
      );
    const aggregates = new Map((await all(trx, AGG)).map((a) => [`${a.partyCode}|${a.period}|${a.driverIdcard}`, a]));
    const ytd = new Map<string, number>();
    const keys = [...byDriverMonth.keys()].sort((a, b) => a.split('|')[1].localeCompare(b.split('|')[1]) || a.localeCompare(b));
    for (const key of keys) {
      const own = byDriverMonth.get(key)!;
      const [partyCode, period, driverIdcard] = key.split('|');
      const yearKey = `${partyCode}|${driverIdcard}|${period.slice(0, 4)}`;
      ytd.set(yearKey, (ytd.get(yearKey) ?? 0) + sum(own, 'incomeFen'));
      const cap = capOf(partyCode, period);
      const figures = {
        driverName: own[0].driverName,
        waybillCount: own.reduce((s, o) => s + ((o.waybillNos as unknown[]) ?? []).length, 0),
        incomeFen: sum(own, 'incomeFen'),
        vatFen: sum(own, 'vatFen'),
        iitFen: sum(own, 'iitFen'),
        taxTotalFen: sum(own, 'taxTotalFen'),
        ytdIncomeFen: ytd.get(yearKey)!,
        annualCapFen: cap,
        overLimit: ytd.get(yearKey)! > cap,
        aggregatedAt: now.toISOString(),
      };
      const a = aggregates.get(key);
      if (a) await update(trx, AGG, a.id, figures);
      else await insert(trx, AGG, { partyCode, period, driverIdcard, ...figures });
      counts.aggregates++;
    }
    log(
      `tax orders +${counts.orders}, order declarations +${counts.declarations}, personal declarations +${counts.personal}, aggregates ${counts.aggregates}`,
    );
    return counts;
  });
}

export const taxAggregation: JobHandler = async (ctx, { now, log }) => {
  const c = await aggregateTaxes(ctx, now, log);
  return { rows: c.orders + c.declarations + c.personal + c.aggregates };
};
