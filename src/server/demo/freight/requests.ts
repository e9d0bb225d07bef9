/** The freight dataset's transfer requests (advances, fuel cards, ETC, withdrawals, loans) and cargo listings. Each part runs in order, so the draws stay in sequence (demo/freight.ts). */
import type { WithSettlements } from './settlement.js';
import { DAY, HOUR, PARTY_SHARE, REJECT_CARGO, REJECT_TRANSFER, distanceKm, iso, ymd, type Row } from './common.js';
import { GOODS_NAMES, GOODS_VEHICLES, HUBS, INDUSTRY_GOODS, PARTY_GEO, VEHICLE_SPECS } from '../../sampleData/freightData.js';

export function buildTransfers(s: WithSettlements): void {
  const { trips, rng, transfers, nums, stamp, now } = s;
  // --- transfer requests (advances, fuel cards, ETC, withdrawals, loans) --------------------
  const activeTrips = trips.filter((t) => t.waybill && t.waybill.status !== 'cancelled' && t.loaded <= now);
  // About one draw in four is a withdrawal or a loan: some three hundred, a few still waiting for a decision.
  for (let i = 0; i < 1300; i++) {
    const t = rng.pick(activeTrips);
    const drawn = rng.weighted([
      ['freightAdvance', 5],
      ['fuelCard', 3],
      ['etcRecharge', 2],
      ['withdraw', 2],
      ['driverLoan', 1],
    ] as const);
    // Advances against a waybill come from the trips above; these are the driver's own withdrawals and loans.
    if (drawn !== 'withdraw' && drawn !== 'driverLoan') continue;
    const applyType: string = drawn;
    const at =
      applyType === 'freightAdvance'
        ? t.loaded - rng.int(10, 90) * 60_000
        : t.loaded + rng.real(0, 1) * (Math.min(now, t.delivered + 2 * DAY) - t.loaded);
    if (at > now) continue;
    const amount =
      applyType === 'freightAdvance'
        ? Math.round((t.freight * rng.pick([0.2, 0.3, 0.4])) / 100) * 100
        : applyType === 'fuelCard'
          ? rng.int(5, 30) * 10_000
          : applyType === 'etcRecharge'
            ? rng.int(5, 20) * 10_000
            : applyType === 'withdraw'
              ? rng.int(10, 150) * 10_000
              : rng.int(10, 50) * 10_000;
    const decided = at + rng.int(2, 70) * HOUR;
    const rejected = rng.chance(0.05);
    const transferred = decided + rng.int(1, 8) * HOUR;
    const status = decided > now ? 'pending' : rejected ? 'rejected' : transferred > now ? 'approved' : 'transferred';
    transfers.push({
      partyCode: t.waybill!.partyCode,
      applyNo: nums.next('ZZ', at, 4),
      applyType,
      waybillNo: applyType === 'driverLoan' ? t.waybill!.waybillNo : null,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      payeeName: t.driver.name,
      bankName: t.driver.bankName,
      bankCard: t.driver.bankCard,
      amountFen: amount,
      reason: {
        freightAdvance: `运单 ${t.waybill!.waybillNo} 装车后预付运费（油费、路费）`,
        fuelCard: '油卡余额不足，申请充值',
        etcRecharge: 'ETC 卡余额不足，申请充值',
        withdraw: '运费余额提现',
        driverLoan: `运单 ${t.waybill!.waybillNo} 途中车辆维修临时借支，从下次运费中扣回`,
      }[applyType],
      status,
      approveRemark: status === 'approved' || status === 'transferred' ? rng.pick(['同意', '额度内，同意', null]) : null,
      rejectReason: status === 'rejected' ? rng.pick(REJECT_TRANSFER) : null,
      bankSerialNo: status === 'transferred' ? `${ymd(transferred)}${rng.digits(12)}` : null,
      transferredAt: status === 'transferred' ? iso(transferred) : null,
      ...stamp(at, status === 'pending' ? at : status === 'transferred' ? transferred : decided),
    });
  }
  transfers.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  fitWithdrawalsToWallets(transfers);
}

export function buildCargo(s: WithSettlements) {
  const { start, rng, shippersByParty, nums, stamp, now } = s;
  // --- cargo listings -----------------------------------------------------------------------
  const cargo: Row[] = [];
  for (let i = 0; i < 900; i++) {
    const at = start + rng.real(0, 1) * (now - start);
    const party = rng.weighted(PARTY_SHARE);
    const shipper = rng.weighted(shippersByParty.get(party)!.map((s) => [s, s.weight] as const));
    const goodsType = INDUSTRY_GOODS[shipper.industry];
    const vehicleType = rng.weighted(GOODS_VEHICLES[goodsType]);
    const spec = VEHICLE_SPECS[vehicleType];
    const dest = HUBS[rng.weighted(PARTY_GEO[party].dest)];
    const distance = distanceKm(shipper.hub, dest, rng);
    const loadStartAt = Math.ceil((at + rng.int(6, 72) * HOUR) / HOUR) * HOUR;
    const decided = at + rng.int(1, 40) * HOUR;
    const rejected = rng.chance(0.07);
    const closed = loadStartAt + rng.int(12, 72) * HOUR;
    const status = decided > now ? 'pending' : rejected ? 'rejected' : closed > now ? 'published' : 'closed';
    cargo.push({
      partyCode: party,
      cargoNo: nums.next('HY', at, 4),
      shipperCode: shipper.code,
      goodsName: rng.pick(GOODS_NAMES[goodsType]),
      goodsType,
      weightKg: Math.round(rng.int(spec.loadKg[0] * 0.6, spec.loadKg[1]) / 10) * 10,
      volumeM3: null,
      originRegion: shipper.hub.region,
      destRegion: dest.region,
      loadStartAt: iso(loadStartAt),
      vehicleType,
      vehicleLength: rng.pick(spec.lengths),
      truckCount: rng.weighted([
        [1, 7],
        [2, 2],
        [3, 1],
        [5, 1],
      ] as const),
      expectedFreightFen: Math.min(2_500_000, Math.max(80_000, Math.round(distance * spec.rate * rng.real(0.85, 1.05)) * 100)),
      contactName: shipper.contactName,
      contactPhone: shipper.contactPhone,
      status,
      auditRemark: status === 'published' || status === 'closed' ? rng.pick(['信息完整，准予发布', null]) : null,
      rejectReason: status === 'rejected' ? rng.pick(REJECT_CARGO) : null,
      remark: null,
      ...stamp(at, status === 'pending' ? at : status === 'closed' ? closed : decided),
    });
  }
  cargo.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));
  return { cargo };
}
export type WithCargo = WithSettlements & ReturnType<typeof buildCargo>;

/**
 * Withdrawals come out of the driver's wallet, which loans fill: going through the requests in the
 * order their money would move, a withdrawal paid out takes at most what the wallet holds by then (in
 * whole hundreds of yuan) and one that would have found it empty was never paid; a request still
 * waiting asks for at most what the wallet holds where it holds anything. The wallet's ledger itself
 * is written through the wallet's own code once the rows are stored (demo/driverWallets.ts).
 */
function fitWithdrawalsToWallets(transfers: Row[]) {
  const movesAt = (r: Row) => String(r.transferredAt ?? r.createdAt);
  const wallet = new Map<string, number>();
  const dropped = new Set<Row>();
  for (const r of [...transfers]
    .filter((x) => x.applyType === 'withdraw' || x.applyType === 'driverLoan')
    .sort((a, b) => movesAt(a).localeCompare(movesAt(b)))) {
    const key = String(r.driverIdcard);
    const balance = wallet.get(key) ?? 0;
    if (r.applyType === 'driverLoan') {
      if (r.status === 'transferred') wallet.set(key, balance + Number(r.amountFen));
      continue;
    }
    const fits = Math.min(Number(r.amountFen), Math.floor(balance / 10_000) * 10_000);
    // A request not paid out (waiting, approved or rejected) stays, for what the wallet holds if it holds anything.
    if (r.status !== 'transferred') {
      if (fits > 0) r.amountFen = fits;
      continue;
    }
    if (fits <= 0) {
      dropped.add(r);
      continue;
    }
    r.amountFen = fits;
    wallet.set(key, balance - fits);
  }
  transfers.splice(0, transfers.length, ...transfers.filter((r) => !dropped.has(r)));
}
