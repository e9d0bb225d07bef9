/** The freight dataset's orders and the trips (one truck each) that carry them. Each part runs in order, so the draws stay in sequence (demo/freight.ts). */
import type { WithParties } from './parties.js';
import {
  CST,
  DAY,
  HOUR,
  ORDER_COUNT,
  PARTY_SHARE,
  WINDOW_DAYS,
  atCstHour,
  cstDate,
  distanceKm,
  iso,
  personName,
  phone,
  residentId,
  type Row,
  type Shipper,
  type Trip,
  type Vehicle,
} from './common.js';
import { GOODS_NAMES, GOODS_VEHICLES, HUBS, INDUSTRY_GOODS, PARTY_GEO, VEHICLE_SPECS } from '../../sampleData/freightData.js';

export function buildOrders(s: WithParties) {
  const { start, rng, shippers, vehicles, carrierByCode, driverById, nums, address, crng, stamp, mrng, now } = s;
  // --- orders and waybills -----------------------------------------------------------------
  const orderTimes: number[] = [];
  // Daily volumes grow a little over the window and dip at weekends.
  const dayWeights: number[] = [];
  // Day WINDOW_DAYS is today: orders up to twenty minutes ago, so "orders today" means something.
  for (let d = 0; d <= WINDOW_DAYS; d++) {
    const dow = new Date(start + d * DAY + CST).getUTCDay();
    dayWeights.push((0.8 + 0.4 * (d / WINDOW_DAYS)) * (dow === 0 ? 0.55 : dow === 6 ? 0.75 : 1) * rng.real(0.85, 1.15));
  }
  const dayTotal = dayWeights.reduce((a, b) => a + b, 0);
  for (let d = 0; d <= WINDOW_DAYS; d++) {
    const count = Math.round((dayWeights[d] / dayTotal) * ORDER_COUNT);
    for (let k = 0; k < count; k++) {
      const hour = rng.weighted([
        [7, 2],
        [8, 5],
        [9, 8],
        [10, 9],
        [11, 7],
        [13, 6],
        [14, 8],
        [15, 8],
        [16, 7],
        [17, 5],
        [18, 3],
        [19, 2],
        [20, 1],
        [21, 1],
      ] as const);
      const t = atCstHour(start + d * DAY, hour) + rng.int(0, 3599) * 1000;
      if (t < now - 20 * 60_000) orderTimes.push(t);
    }
  }
  orderTimes.sort((a, b) => a - b);

  const orders: Row[] = [];
  const trips: Trip[] = [];
  const shippersByParty = new Map<string, Shipper[]>();
  for (const s of shippers)
    if (s.established && s.status === 'active') shippersByParty.set(s.partyCode, [...(shippersByParty.get(s.partyCode) ?? []), s]);
  const vehiclesByParty = new Map<string, Vehicle[]>();
  for (const v of vehicles) {
    const c = carrierByCode.get(v.carrierCode)!;
    const driver = driverById.get(v.driverIdcard)!;
    if (c.established && c.status === 'active' && v.status === 'active' && driver.status === 'active')
      vehiclesByParty.set(v.partyCode, [...(vehiclesByParty.get(v.partyCode) ?? []), v]);
  }

  // Documents must still be valid a week after loading, so no trip under way today runs on an expired one.
  const validUntil = (v: Vehicle): string => {
    const d = driverById.get(v.driverIdcard)!;
    const c = carrierByCode.get(v.carrierCode)!;
    const dates = [v.inspectionExpireAt, d.licenseExpireAt, c.permitExpireAt, ...(v.loadKg > 4500 ? [d.qualificationExpireAt] : [])];
    return dates.map(String).sort()[0];
  };
  const pickVehicle = (party: string, type: string, loadStart: number, goodsType: string, weight: number): Vehicle => {
    const suitable = new Set(GOODS_VEHICLES[goodsType].map(([t]) => t));
    const fitting = vehiclesByParty.get(party)!.filter((v) => suitable.has(v.vehicleType));
    const valid = fitting.filter((v) => validUntil(v) >= cstDate(loadStart + 7 * DAY));
    const pool = valid.length ? valid : fitting;
    let candidates = pool.filter((v) => v.vehicleType === type && v.loadKg >= weight);
    if (!candidates.length) candidates = pool.filter((v) => v.loadKg >= weight);
    if (!candidates.length) candidates = pool.filter((v) => v.vehicleType === type);
    if (!candidates.length) candidates = pool;
    const free = candidates.filter((v) => v.busyUntil <= loadStart);
    if (free.length) return rng.pick(free);
    return candidates.reduce((a, b) => (a.busyUntil <= b.busyUntil ? a : b));
  };

  for (const created of orderTimes) {
    const party = rng.weighted(PARTY_SHARE);
    const shipper = rng.weighted(shippersByParty.get(party)!.map((s) => [s, s.weight] as const));
    const drawnGoods = rng.chance(0.85) ? INDUSTRY_GOODS[shipper.industry] : rng.pick(Object.keys(GOODS_NAMES));
    // Goods no vehicle of the organisation can carry are the shipper's usual goods instead.
    const carriable = vehiclesByParty.get(party)!.some((v) => GOODS_VEHICLES[drawnGoods].some(([type]) => type === v.vehicleType));
    const goodsType = carriable ? drawnGoods : INDUSTRY_GOODS[shipper.industry];
    const vehicleType = rng.weighted(GOODS_VEHICLES[goodsType]);
    const origin = rng.chance(0.8) ? shipper.hub : HUBS[rng.pick(PARTY_GEO[party].home)];
    let dest = HUBS[rng.weighted(PARTY_GEO[party].dest)];
    if (vehicleType === 'lightVan' && rng.chance(0.7)) dest = origin;
    const distance = distanceKm(origin, dest, rng);
    const spec = VEHICLE_SPECS[vehicleType];
    const length = rng.pick(spec.lengths);
    const rate = spec.rate * (length >= 17 ? 1.12 : 1) * rng.real(0.9, 1.12);
    const perTruckYuan = Math.min(25_000, Math.max(800, Math.round((distance * rate + rng.int(150, 600)) / 10) * 10));
    const trucks = vehicleType !== 'lightVan' && rng.chance(0.06) ? 2 : 1;
    const weightKg = Math.round(rng.int(spec.loadKg[0] * 0.55, spec.loadKg[1]) / 10) * 10 * trucks;
    // Some shippers buy the platform's matching service on top of the freight (6% VAT, billed separately).
    const serviceRate = shipper.weight % 3 === 0 ? 0.02 : 0;
    const plannedLoad = Math.ceil((created + rng.int(3, 30) * HOUR) / HOUR) * HOUR;
    const orderNo = nums.next('DD', created, 6);
    const businessLine =
      vehicleType === 'refrigerated'
        ? 'coldChain'
        : vehicleType === 'lightVan'
          ? 'cityDelivery'
          : vehicleType === 'mediumVan' && distance < 500
            ? 'ltl'
            : distance > 1600 && rng.chance(0.15)
              ? 'multimodal'
              : 'ftl';
    const consignee = personName(rng, rng.chance(0.7));
    const order: Row = {
      partyCode: party,
      orderNo,
      shipperCode: shipper.code,
      businessLine,
      goodsName: rng.pick(GOODS_NAMES[goodsType]),
      goodsType,
      weightKg,
      volumeM3: ['heavyVan', 'mediumVan', 'lightVan', 'refrigerated'].includes(vehicleType)
        ? Math.round(length * 2.3 * 2.4 * rng.real(0.6, 0.95) * trucks)
        : null,
      originRegion: origin.region,
      originAddress: address(origin),
      destRegion: dest.region,
      destAddress: address(dest),
      consigneeName: consignee,
      consigneePhone: phone(rng),
      consigneeIdNo: residentId(crng, crng.chance(0.5)),
      vehicleType,
      vehicleLength: length,
      plannedLoadAt: iso(plannedLoad),
      quotedFreightFen: perTruckYuan * 100 * trucks,
      status: 'pending',
      dataComplete: true,
      missingItems: null,
      cancelReason: null,
      remark: null,
      ...stamp(created),
    };
    orders.push(order);
    const cancelled = rng.chance(0.03);
    // Most orders find a truck within hours; some wait a day or more for a matching vehicle.
    const dispatchAt = created + (rng.chance(0.85) ? rng.int(20, 300) * 60_000 : rng.int(6, 36) * HOUR);
    if (cancelled && rng.chance(0.5)) {
      order.status = 'cancelled';
      order.cancelReason = rng.pick(['货主取消发货计划', '货物未备齐，改期另行下单', '收货方临时拒收，订单作废']);
      Object.assign(order, stamp(created, created + rng.int(1, 20) * HOUR));
      continue;
    }
    for (let k = 0; k < trucks; k++) {
      const loadStart = Math.max(plannedLoad, dispatchAt + HOUR) + rng.int(0, 120) * 60_000;
      const vehicle = pickVehicle(party, vehicleType, loadStart, goodsType, weightKg / trucks);
      // A load never exceeds the rated load of the vehicle that carries it.
      const weight = Math.min(Math.round(weightKg / trucks), vehicle.loadKg);
      const freight = perTruckYuan * 100;
      const carrier = carrierByCode.get(vehicle.carrierCode)!;
      // The driver's price is 88–93% of the shipper's price excluding VAT, in whole yuan.
      const driverFreight = Math.round(((freight / 1.09) * mrng.real(0.88, 0.93)) / 100) * 100;
      const advance = mrng.chance(0.3) ? Math.round((driverFreight * mrng.pick([0.2, 0.3, 0.4])) / 100) * 100 : 0;
      const loaded = loadStart + rng.int(60, 240) * 60_000;
      const drive = (distance / rng.real(50, 62)) * HOUR + Math.floor(distance / 650) * 8 * HOUR;
      const late = rng.chance(0.08);
      const delivered = loaded + drive * (late ? rng.real(1.25, 1.7) : rng.real(0.9, 1.1)) + rng.int(0, 90) * 60_000;
      const onTime = !late;
      const damage = rng.chance(0.012);
      const signed = delivered + rng.int(2, 30) * HOUR;
      const valued = delivered + rng.int(3, 30) * HOUR;
      const settleCreated = Math.max(signed, valued) + rng.int(10, 240) * 60_000;
      const confirmed = settleCreated + rng.int(6, 60) * HOUR;
      const approved = confirmed + rng.int(1, 20) * HOUR;
      const paid = approved + rng.int(1, 40) * HOUR;
      vehicle.busyUntil = delivered + (distance / 55) * HOUR * 0.6;
      const driver = driverById.get(vehicle.driverIdcard)!;
      trips.push({
        order,
        shipper,
        vehicle,
        driver,
        carrier: carrierByCode.get(vehicle.carrierCode)!,
        origin,
        dest,
        created: dispatchAt + k * rng.int(5, 40) * 60_000,
        loadStart,
        loaded,
        delivered,
        signed,
        valued,
        settleCreated,
        confirmed,
        approved,
        paid,
        freight,
        distance,
        onTime,
        damage,
        late,
        cancelled,
        weight,
        driverFreight,
        serviceFee: Math.round((freight * serviceRate) / 100) * 100,
        advance,
        advanceType: mrng.weighted([
          ['freightAdvance', 5],
          ['fuelCard', 3],
          ['etcRecharge', 2],
        ] as const),
        taxWithheld: carrier.carrierType !== 'enterprise',
        iitRate: carrier.carrierType !== 'enterprise' ? 0.01 : 0,
      });
    }
  }
  trips.sort((a, b) => a.created - b.created);
  return { orders, trips, shippersByParty };
}
export type WithOrders = WithParties & ReturnType<typeof buildOrders>;
