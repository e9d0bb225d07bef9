/** The freight dataset's money: payees, advances, valuations, settlements, remittances and reminders, and the annual income cap. Each part runs in order, so the draws stay in sequence (demo/freight.ts). */
import type { WithIncidents } from './waybills.js';
import {
  DAY,
  DEFAULT_CAP_FEN,
  HOUR,
  PLATFORM_ACCOUNT,
  PLATFORM_BANK,
  REJECT_REMIT,
  bankCard,
  iso,
  ymd,
  type Row,
  type Trip,
} from './common.js';
import { cnapsOf } from '../../sampleData/freightData.js';

export function buildPayees(s: WithIncidents) {
  const { mrng } = s;
  // --- payees: the actual carrier (the driver, or the company into its corporate account) or a
  // fleet captain the fleet has authorised in writing -------------------------------------------
  const payees = new Map<string, Row>();
  const payeeOf = (t: Trip): Row => {
    if (t.carrier.carrierType === 'individual') {
      return {
        payeeType: 'actualCarrier',
        accountType: 'personal',
        payeeName: t.driver.name,
        bankName: t.driver.bankName,
        bankCard: t.driver.bankCard,
        cnapsCode: cnapsOf(t.driver.bankName, t.driver.bankCard),
        authorisationNo: null,
        corporateAccountNo: null,
      };
    }
    let p = payees.get(t.carrier.code);
    if (!p) {
      const card = bankCard(mrng);
      p =
        t.carrier.carrierType === 'enterprise'
          ? {
              payeeType: 'actualCarrier',
              accountType: 'corporate',
              payeeName: t.carrier.name,
              bankName: card.bankName,
              bankCard: null,
              corporateAccountNo: `${mrng.int(1, 9)}${mrng.digits(mrng.pick([15, 17, 18]))}`,
              cnapsCode: mrng.digits(12),
              authorisationNo: null,
            }
          : {
              payeeType: 'fleetCaptain',
              accountType: 'personal',
              payeeName: t.carrier.contact,
              ...card,
              cnapsCode: cnapsOf(card.bankName, card.bankCard),
              corporateAccountNo: null,
              authorisationNo: `SQ${t.carrier.code.slice(2)}${mrng.digits(6)}`,
            };
      payees.set(t.carrier.code, p);
    }
    return p;
  };
  return { payeeOf };
}
export type WithPayees = WithIncidents & ReturnType<typeof buildPayees>;

export function buildAdvances(s: WithPayees) {
  const { trips, mrng, nums, stamp, now } = s;
  // --- advances (freight advance, fuel card, ETC), paid around loading and deducted at settlement
  const transfers: Row[] = [];
  for (const t of trips) {
    const w = t.waybill;
    if (!w || w.status === 'cancelled' || !t.advance) continue;
    const at = t.loaded - mrng.int(10, 90) * 60_000;
    if (at > now) continue;
    const decided = at + mrng.int(10, 50) * 60_000;
    const transferred = decided + mrng.int(5, 30) * 60_000;
    const status = decided > now ? 'pending' : transferred > now ? 'approved' : 'transferred';
    if (status === 'transferred') w.advanceFen = t.advance;
    transfers.push({
      partyCode: w.partyCode,
      applyNo: nums.next('ZZ', at, 4),
      applyType: t.advanceType,
      waybillNo: w.waybillNo,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      payeeName: t.driver.name,
      bankName: t.driver.bankName,
      bankCard: t.driver.bankCard,
      amountFen: t.advance,
      reason: {
        freightAdvance: `运单 ${w.waybillNo} 装车后预付运费（油费、路费），结算时从尾款扣除`,
        fuelCard: `运单 ${w.waybillNo} 油卡预付，结算时从尾款扣除`,
        etcRecharge: `运单 ${w.waybillNo} ETC 预充，结算时从尾款扣除`,
      }[t.advanceType],
      status,
      approveRemark: status === 'pending' ? null : mrng.pick(['同意', '额度内，同意', null]),
      rejectReason: null,
      bankSerialNo: status === 'transferred' ? `${ymd(transferred)}${mrng.digits(12)}` : null,
      transferredAt: status === 'transferred' ? iso(transferred) : null,
      ...stamp(at, status === 'pending' ? at : status === 'transferred' ? transferred : decided),
    });
  }
  return { transfers };
}
export type WithAdvances = WithPayees & ReturnType<typeof buildAdvances>;

export function buildSettlements(s: WithAdvances) {
  const { trips, rng, stamp, nums, payeeOf, mrng, now, compute } = s;
  // --- freight valuation, settlements, remittances, payment reminders ----------------------
  const valuations: Row[] = [];
  const settlements: Row[] = [];
  const remits: Row[] = [];
  const reminders: Row[] = [];
  for (const t of trips) {
    const w = t.waybill;
    if (!w || w.status === 'cancelled' || t.delivered > now) continue;
    const loadingFee = rng.chance(0.3) ? rng.int(10, 50) * 1000 : 0;
    const waitingFee = rng.chance(0.1) ? rng.int(20, 80) * 1000 : 0;
    const deductionReason = t.damage ? 'damage' : t.late && rng.chance(0.6) ? 'late' : rng.chance(0.005) ? 'receiptMissing' : 'none';
    const deduction =
      deductionReason === 'damage'
        ? Math.min(rng.int(5, 30) * 10_000, Math.round((t.driverFreight * 0.3) / 100) * 100)
        : deductionReason === 'late'
          ? Math.round((t.driverFreight * rng.real(0.02, 0.05)) / 100) * 100
          : deductionReason === 'receiptMissing'
            ? 20_000
            : 0;
    const disputed = t.valued <= now && (t.damage || rng.chance(0.004)) && rng.chance(0.5);
    const valStatus = t.valued > now ? 'pending' : disputed ? 'disputed' : 'valued';
    const valuated = t.driverFreight + loadingFee + waitingFee - deduction;
    valuations.push({
      partyCode: w.partyCode,
      waybillNo: w.waybillNo,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      deliveredAt: iso(t.delivered),
      contractFreightFen: t.driverFreight,
      loadingFeeFen: loadingFee,
      waitingFeeFen: waitingFee,
      deductionFen: deduction,
      deductionReason,
      valuatedFreightFen: valStatus === 'valued' ? valuated : null,
      status: valStatus,
      valuationRemark:
        valStatus === 'disputed'
          ? rng.pick(['司机对货损扣款金额有异议，待客服协调', '装卸费金额双方未达成一致'])
          : valStatus === 'valued' && deduction
            ? `扣款：${deductionReason === 'late' ? '超时送达' : deductionReason === 'damage' ? '货损' : '回单缺失'}`
            : null,
      ...stamp(t.delivered + rng.int(5, 40) * 60_000, valStatus === 'pending' ? t.delivered : t.valued),
    });
    if (valStatus === 'disputed' && w.status === 'settled') w.status = 'signed';
    // Agreed loading and waiting fees are paid to the driver and billed to the shipper.
    if (valStatus === 'valued') w.extraFeeFen = loadingFee + waitingFee;
    if (valStatus !== 'valued' || t.settleCreated > now) continue;
    if (w.status === 'delivered') continue;
    const remitRejected = rng.chance(0.006);
    const paid = !remitRejected && t.paid <= now;
    const settleStatus = t.confirmed > now ? 'pending' : paid ? 'paid' : 'confirmed';
    const settlementNo = nums.next('JS', t.settleCreated, 6);
    const s: Row = {
      partyCode: w.partyCode,
      settlementNo,
      waybillNo: w.waybillNo,
      shipperCode: t.shipper.code,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      freightFen: t.driverFreight,
      extraFeeFen: loadingFee + waitingFee,
      deductionFen: deduction,
      taxWithheld: t.taxWithheld,
      iitRate: t.iitRate,
      advanceFen: w.advanceFen,
      status: settleStatus,
      confirmedAt: settleStatus === 'pending' ? null : iso(t.confirmed),
      paidAt: paid ? iso(t.paid) : null,
      remark: null,
      ...stamp(t.settleCreated, settleStatus === 'pending' ? t.settleCreated : paid ? t.paid : t.confirmed),
    };
    compute('tms/settlement/settlement', s);
    settlements.push(s);
    const finalPay = Number(s.finalPayFen);
    if (remitRejected && w.status === 'settled') w.status = 'signed';

    if (settleStatus === 'pending') continue;
    const remitStatus = remitRejected
      ? t.approved <= now
        ? 'rejected'
        : 'pending'
      : t.approved > now
        ? 'pending'
        : t.paid > now
          ? 'approved'
          : 'paid';
    remits.push({
      partyCode: w.partyCode,
      remitNo: nums.next('FK', t.confirmed, 4),
      settlementNo,
      waybillNo: w.waybillNo,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      ...payeeOf(t),
      amountFen: finalPay,
      paymentMethod: mrng.weighted([
        ['bankTransfer', 3],
        ['cloudPay', 2],
      ] as const),
      payerAccount: PLATFORM_ACCOUNT,
      payerBank: PLATFORM_BANK,
      status: remitStatus,
      approveRemark: remitStatus === 'approved' || remitStatus === 'paid' ? rng.pick(['同意付款', '金额核对无误', null]) : null,
      rejectReason: remitStatus === 'rejected' ? rng.pick(REJECT_REMIT) : null,
      bankSerialNo: remitStatus === 'paid' ? `${ymd(t.paid)}${rng.digits(12)}` : null,
      paidAt: remitStatus === 'paid' ? iso(t.paid) : null,
      ...stamp(
        t.confirmed + rng.int(1, 20) * 60_000,
        remitStatus === 'pending' ? t.confirmed : remitStatus === 'approved' || remitStatus === 'rejected' ? t.approved : t.paid,
      ),
    });
    // Drivers chase payments that are confirmed but not paid within a day.
    const chaseAt = t.confirmed + rng.int(14, 24) * HOUR;
    const unpaidUntil = remitRejected ? Number.POSITIVE_INFINITY : t.paid;
    if (chaseAt <= now && chaseAt < unpaidUntil && rng.chance(remitRejected ? 1 : 0.6)) {
      const handledAt = remitRejected ? chaseAt + rng.int(2, 60) * HOUR : t.paid + rng.int(10, 120) * 60_000;
      const status = handledAt <= now ? (rng.chance(0.95) ? 'handled' : 'dismissed') : 'pending';
      const overdue = Math.max(0, Math.floor((Math.min(now, handledAt) - t.confirmed) / DAY));
      reminders.push({
        partyCode: w.partyCode,
        title: `运单 ${w.waybillNo} 运费催付`,
        channel: rng.weighted([
          ['driverApp', 6],
          ['hotline', 2],
          ['sms', 1],
          ['wechat', 2],
        ] as const),
        settlementNo,
        waybillNo: w.waybillNo,
        carrierCode: t.carrier.code,
        driverIdcard: t.driver.idcard,
        amountFen: finalPay,
        overdueDays: overdue,
        content: rng.pick([
          `${t.driver.name}师傅：${t.origin.name}—${t.dest.name} 运单已签收，结算已确认，运费尾款 ${(finalPay / 100).toFixed(2)} 元仍未到账，请尽快安排。`,
          `司机来电催款：运单 ${w.waybillNo} 回单已交，运费何时到账？`,
          `承运商 ${t.carrier.name} 反馈本周结算款未到账，涉及运单 ${w.waybillNo}。`,
        ]),
        sentAt: iso(chaseAt),
        status,
        handleRemark:
          status === 'handled'
            ? remitRejected
              ? '已请司机更新收款卡，重新发起打款'
              : '已付款，已告知司机到账时间'
            : status === 'dismissed'
              ? '重复提醒，已合并处理'
              : null,
        ...stamp(chaseAt, status === 'pending' ? chaseAt : handledAt),
      });
    }
  }
  return { settlements, remits, reminders, valuations };
}
export type WithSettlements = WithAdvances & ReturnType<typeof buildSettlements>;

export function holdOverCap(s: WithSettlements): void {
  const { settlements, remits, reminders, waybills, caps } = s;
  // --- the annual income cap: a driver's settlements that would take the year's withheld income past
  // the cap of the organisation's tax configuration stay pending (held), unpaid, as the server holds them.
  const yearIncome = new Map<string, number>();
  const held = new Set<unknown>();
  for (const s of settlements
    .filter((x) => x.taxWithheld && x.confirmedAt)
    .sort((a, b) => String(a.confirmedAt).localeCompare(String(b.confirmedAt)))) {
    const key = `${String(s.partyCode)}|${String(s.driverIdcard)}|${new Date(Date.parse(String(s.confirmedAt)) + 8 * HOUR).getUTCFullYear()}`;
    const total = (yearIncome.get(key) ?? 0) + Number(s.incomeFen);
    if (total <= (caps.get(String(s.partyCode)) ?? DEFAULT_CAP_FEN)) {
      yearIncome.set(key, total);
      continue;
    }
    held.add(s.settlementNo);
    Object.assign(s, {
      status: 'pending',
      confirmedAt: null,
      paidAt: null,
      remark: '司机本年经营所得已达年度上限，暂缓确认',
      updatedAt: s.createdAt,
    });
  }
  if (held.size) {
    remits.splice(0, remits.length, ...remits.filter((r) => !held.has(r.settlementNo)));
    reminders.splice(0, reminders.length, ...reminders.filter((r) => !held.has(r.settlementNo)));
    const heldWaybills = new Set(settlements.filter((s) => held.has(s.settlementNo)).map((s) => s.waybillNo));
    for (const w of waybills) if (w.status === 'settled' && heldWaybills.has(w.waybillNo)) w.status = 'signed';
  }
}
