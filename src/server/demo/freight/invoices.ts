/** The freight dataset's invoice requests and monthly reconciliation statements. Each part runs in order, so the draws stay in sequence (demo/freight.ts). */
import type { WithCargo } from './requests.js';
import { CST, DAY, HOUR, REJECT_INVOICE, cstDate, iso, ymd, type Row, type Trip } from './common.js';

export function buildInvoices(s: WithCargo) {
  const { trips, shippers, rng, start, nums, stamp, now, compute } = s;
  // --- invoices (weekly requests per shipper) and monthly reconciliation statements ---------
  const invoices: Row[] = [];
  const statements: Row[] = [];
  // Freight invoices and statements cover transport only (9%); the service fee is invoiced on its own at 6%.
  const billed = (t: Trip) => Number(t.waybill!.shipperTotalFen) - Number(t.waybill!.serviceFeeFen);
  const exclVat = (t: Trip) => Number(t.waybill!.revenueExVatFen) - Math.round(Number(t.waybill!.serviceFeeFen) / 1.06);
  const signedByShipper = new Map<string, Trip[]>();
  for (const t of trips) {
    if (!t.waybill || !['signed', 'settled'].includes(String(t.waybill.status))) continue;
    signedByShipper.set(t.shipper.code, [...(signedByShipper.get(t.shipper.code) ?? []), t]);
  }
  for (const shipper of shippers) {
    const ts = signedByShipper.get(shipper.code) ?? [];
    if (!ts.length) continue;
    const offset = rng.int(0, 6);
    for (let from = start + offset * DAY; from < now - 2 * DAY; from += 7 * DAY) {
      const to = from + 7 * DAY;
      const inPeriod = ts.filter((t) => t.signed >= from && t.signed < to);
      if (!inPeriod.length) continue;
      const at = to + rng.int(2, 40) * HOUR;
      if (at > now) continue;
      for (const t of inPeriod) compute('tms/waybill/waybill', t.waybill!);
      const amount = inPeriod.reduce((s, t) => s + billed(t), 0);
      const excl = inPeriod.reduce((s, t) => s + exclVat(t), 0);
      const lead = inPeriod[0];
      const decided = at + rng.int(10, 130) * HOUR;
      const rejected = rng.chance(0.03);
      const status = decided > now ? 'pending' : rejected ? 'rejected' : 'issued';
      invoices.push({
        partyCode: shipper.partyCode,
        applyNo: nums.next('KP', at, 4),
        shipperCode: shipper.code,
        buyerName: shipper.name,
        buyerTaxNo: shipper.uscc,
        invoiceType: rng.weighted([
          ['eSpecial', 8],
          ['eNormal', 1],
          ['paperSpecial', 1],
        ] as const),
        serviceType: 'transport',
        taxRate: 0.09,
        periodFrom: cstDate(from),
        periodTo: cstDate(to - DAY),
        waybillCount: inPeriod.length,
        amountFen: amount,
        taxFen: amount - excl,
        waybillNos: inPeriod.map((t) => t.waybill!.waybillNo),
        originRegion: lead.origin.region,
        destRegion: lead.dest.region,
        vehicleInfo:
          [...new Set(inPeriod.map((t) => t.vehicle.plate))].slice(0, 3).join('、') +
          (new Set(inPeriod.map((t) => t.vehicle.plate)).size > 3 ? ' 等' : ''),
        goodsName: [...new Set(inPeriod.map((t) => String(t.order.goodsName)))].slice(0, 3).join('、'),
        status,
        invoiceNo: status === 'issued' ? `${ymd(decided).slice(2, 4)}${rng.digits(18)}` : null,
        issuedAt: status === 'issued' ? iso(decided) : null,
        rejectReason: status === 'rejected' ? rng.pick(REJECT_INVOICE) : null,
        remark: null,
        ...stamp(at, status === 'pending' ? at : decided),
      });
    }
    // Statements for every month that has ended, created on the 1st–3rd of the next month.
    const months = new Map<string, Trip[]>();
    for (const t of ts) months.set(cstDate(t.signed).slice(0, 7), [...(months.get(cstDate(t.signed).slice(0, 7)) ?? []), t]);
    const current = cstDate(now).slice(0, 7);
    let seq = 0;
    for (const [period, list] of [...months.entries()].sort()) {
      if (period >= current) continue;
      const [y, m] = period.split('-').map(Number);
      const at = Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - CST + rng.int(9, 70) * HOUR;
      if (at > now) continue;
      for (const t of list) compute('tms/waybill/waybill', t.waybill!);
      const total = list.reduce((s, t) => s + billed(t), 0);
      const excl = list.reduce((s, t) => s + exclVat(t), 0);
      const age = now - at;
      const status =
        age < 2 * DAY
          ? rng.weighted([
              ['draft', 1],
              ['sent', 2],
            ] as const)
          : age < 10 * DAY
            ? rng.weighted([
                ['sent', 2],
                ['confirmed', 5],
                ['disputed', 1],
              ] as const)
            : rng.weighted([
                ['confirmed', 20],
                ['disputed', 1],
              ] as const);
      seq++;
      statements.push({
        partyCode: shipper.partyCode,
        statementNo: `DZ${period.replace('-', '')}${String(shippers.indexOf(shipper) + 1).padStart(2, '0')}${String(seq).padStart(2, '0')}`,
        shipperCode: shipper.code,
        period,
        waybillCount: list.length,
        freightFen: excl,
        taxRate: 0.09,
        taxFen: total - excl,
        totalFen: total,
        status,
        disputeReason: status === 'disputed' ? rng.pick(['两票运单货损扣款未体现', '对账金额与我方台账相差一票运费']) : null,
        remark: null,
        ...stamp(at, status === 'draft' ? at : at + rng.int(2, 100) * HOUR),
      });
    }
  }
  invoices.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  statements.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  return { invoices, statements };
}
export type WithInvoices = WithCargo & ReturnType<typeof buildInvoices>;
