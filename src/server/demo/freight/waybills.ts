/** The freight dataset's waybills with their state as of now, and the exceptions and track alerts of their trips. Each part runs in order, so the draws stay in sequence (demo/freight.ts). */
import type { WithOrders } from './orders.js';
import { CST, DAY, HOUR, atCstHour, cstClock, iso, type Row, type Trip } from './common.js';
import { HUBS } from '../../sampleData/freightData.js';

export function buildWaybills(s: WithOrders) {
  const { trips, rng, nums, stamp, orders, now } = s;
  // Waybills from the trips, their state as of now, and the order's state from its waybills.
  const waybills: Row[] = [];
  const waybillsByOrder = new Map<Row, Trip[]>();
  for (const t of trips) {
    if (t.created > now) continue;
    let status: string;
    let updated = t.created;
    const cancelAt = t.created + rng.int(30, 50) * 60_000;
    if (t.cancelled && t.loadStart > cancelAt && cancelAt <= now) {
      status = 'cancelled';
      updated = cancelAt;
    } else if (now < t.loadStart) status = 'created';
    else if (now < t.loaded) {
      status = 'loading';
      updated = t.loadStart;
    } else if (now < t.delivered) {
      status = 'inTransit';
      updated = t.loaded;
    } else if (now < t.signed) {
      status = 'delivered';
      updated = t.delivered;
    } else if (now < t.paid) {
      status = 'signed';
      updated = t.signed;
    } else {
      status = 'settled';
      updated = t.paid;
    }
    const reached = (ms: number) => ms <= now && status !== 'cancelled';
    const w: Row = {
      partyCode: t.order.partyCode,
      waybillNo: nums.next('YD', t.created, 6),
      orderNo: t.order.orderNo,
      shipperCode: t.shipper.code,
      carrierCode: t.carrier.code,
      driverIdcard: t.driver.idcard,
      plate: t.vehicle.plate,
      originRegion: t.origin.region,
      destRegion: t.dest.region,
      distanceKm: t.distance,
      goodsName: t.order.goodsName,
      goodsType: t.order.goodsType,
      weightKg: t.weight,
      freightFen: t.freight,
      extraFeeFen: 0,
      serviceFeeFen: t.serviceFee,
      driverFreightFen: t.driverFreight,
      advanceFen: 0,
      taxWithheld: t.taxWithheld,
      iitRate: t.iitRate,
      status,
      exceptionFlag: false,
      loadedAt: reached(t.loaded) ? iso(t.loaded) : null,
      deliveredAt: reached(t.delivered) ? iso(t.delivered) : null,
      onTimeDelivery: reached(t.delivered) ? t.onTime : null,
      damage: reached(t.delivered) ? t.damage : null,
      cancelReason: status === 'cancelled' ? rng.pick(['车辆临时故障，改派他车', '货主取消发货', '司机无法按时到场装货']) : null,
      remark: null,
      ...stamp(t.created, updated),
    };
    t.waybill = w;
    waybills.push(w);
    waybillsByOrder.set(t.order, [...(waybillsByOrder.get(t.order) ?? []), t]);
  }
  // An order weighs what its trucks carry.
  for (const ts of waybillsByOrder.values()) ts[0].order.weightKg = ts.reduce((sum, t) => sum + t.weight, 0);

  for (const order of orders) {
    const ts = waybillsByOrder.get(order);
    if (!ts) continue;
    const states = ts.map((t) => String(t.waybill!.status));
    const lastChange = Math.max(...ts.map((t) => Date.parse(String(t.waybill!.updatedAt))));
    if (states.every((s) => s === 'cancelled')) {
      order.status = 'cancelled';
      order.cancelReason = ts[0].waybill!.cancelReason;
    } else if (states.every((s) => ['delivered', 'signed', 'settled', 'cancelled'].includes(s))) order.status = 'completed';
    else if (states.some((s) => ['inTransit', 'delivered', 'signed', 'settled'].includes(s))) order.status = 'inTransit';
    else order.status = 'dispatched';
    Object.assign(order, { updatedAt: iso(Math.min(now, Math.max(lastChange, Date.parse(String(order.createdAt))))) });
  }
  // Orders still missing documents: recent completions waiting for the signed receipt, a few older gaps.
  for (const order of orders) {
    const ts = waybillsByOrder.get(order);
    if (order.status === 'completed' && ts) {
      const lastDelivered = Math.max(...ts.map((t) => t.delivered));
      const age = now - lastDelivered;
      const missing: string[] = [];
      if (age < 3 * DAY && rng.chance(0.12)) missing.push('receipt');
      if (age < 10 * DAY && rng.chance(0.02)) missing.push('trackData');
      if (rng.chance(0.002)) missing.push('contract');
      if (missing.length && rng.chance(0.3)) missing.push('goodsPhoto');
      if (missing.length) Object.assign(order, { dataComplete: false, missingItems: missing });
    } else if ((order.status === 'pending' || order.status === 'dispatched') && rng.chance(0.06)) {
      Object.assign(order, { dataComplete: false, missingItems: ['consignee'] });
    }
  }
  return { waybills };
}
export type WithWaybills = WithOrders & ReturnType<typeof buildWaybills>;

export function buildIncidents(s: WithWaybills) {
  const { trips, rng, stamp, nums, now } = s;
  // --- exceptions and track alerts ---------------------------------------------------------
  const exceptions: Row[] = [];
  const alerts: Row[] = [];
  const events: { t: Trip; at: number; type: string }[] = [];
  for (const t of trips) {
    const w = t.waybill;
    if (!w || w.status === 'cancelled' || t.loaded > now) continue;
    const inTransitUntil = Math.min(now, t.delivered);
    if (t.damage && t.delivered <= now)
      events.push({ t, at: t.delivered + rng.int(10, 120) * 60_000, type: rng.chance(0.8) ? 'damage' : 'shortage' });
    if (t.late && t.delivered <= now && rng.chance(0.5)) events.push({ t, at: t.loaded + (t.delivered - t.loaded) * 0.7, type: 'delay' });
    if (rng.chance(0.05))
      events.push({
        t,
        at: t.loaded + (inTransitUntil - t.loaded) * rng.real(0.1, 0.95),
        type: rng.weighted([
          ['routeDeviation', 4],
          ['breakdown', 3],
          ['accident', 1],
          ['other', 1],
        ] as const),
      });
    if (t.delivered <= now && rng.chance(0.004)) events.push({ t, at: t.delivered + HOUR, type: 'refusal' });
    // Track alerts: about one trip in four raises one or two.
    if (t.loaded > now - 60 * DAY && rng.chance(0.28)) {
      for (let k = rng.int(1, 2); k > 0; k--) {
        const f = rng.real(0.05, 0.95);
        const at = t.loaded + (inTransitUntil - t.loaded) * f;
        const drawn = rng.weighted([
          ['routeDeviation', 3],
          ['longStop', 4],
          ['signalLost', 3],
          ['speeding', 2],
          ['fatigueDriving', 2],
          ['nightDriving', 3],
          ['geofence', 1],
        ] as const);
        // Night driving is raised only between 02:00 and 05:00 China time; at other hours the stop is a long stop.
        const cstHour = new Date(at + CST).getUTCHours();
        // An alert's duration fits in the trip: four hours at the wheel need four hours since loading, a
        // stop or a lost signal ends before the truck arrives (or now, for a truck still on the road).
        const elapsedMin = Math.floor((at - t.loaded) / 60_000);
        const remainingMin = Math.floor((inTransitUntil - at) / 60_000);
        let type: string = drawn === 'nightDriving' && (cstHour < 2 || cstHour >= 5) ? 'longStop' : drawn;
        if (type === 'fatigueDriving' && elapsedMin < 240) type = 'longStop';
        if ((type === 'longStop' && remainingMin < 90) || (type === 'signalLost' && remainingMin < 20)) type = 'routeDeviation';
        const lng = t.origin.lng + (t.dest.lng - t.origin.lng) * f + rng.real(-0.15, 0.15);
        const lat = t.origin.lat + (t.dest.lat - t.origin.lat) * f + rng.real(-0.15, 0.15);
        const near = Object.values(HUBS).reduce((a, b) =>
          (a.lng - lng) ** 2 + (a.lat - lat) ** 2 <= (b.lng - lng) ** 2 + (b.lat - lat) ** 2 ? a : b,
        );
        const speed = type === 'speeding' ? rng.int(92, 118) : type === 'longStop' || type === 'signalLost' ? 0 : rng.int(45, 85);
        const dev = type === 'routeDeviation' ? Math.round(rng.real(3, 60) * 10) / 10 : null;
        const untilFive = Math.floor((atCstHour(at - 2 * HOUR, 5) - at) / 60_000);
        const minutes =
          type === 'longStop'
            ? Math.min(rng.int(90, 420), remainingMin)
            : type === 'signalLost'
              ? Math.min(rng.int(20, 180), remainingMin)
              : type === 'fatigueDriving'
                ? Math.min(rng.int(240, 330), elapsedMin)
                : type === 'nightDriving'
                  ? Math.max(10, Math.min(rng.int(60, 200), untilFive))
                  : rng.int(2, 25);
        const level =
          type === 'speeding' || (type === 'routeDeviation' && (dev ?? 0) > 30) || type === 'fatigueDriving'
            ? 'high'
            : type === 'longStop' || type === 'routeDeviation'
              ? 'medium'
              : 'low';
        const where = `${near.name}附近`;
        const text: Record<string, string> = {
          routeDeviation: `车辆 ${t.vehicle.plate} 在${where}偏离规划路线 ${dev} 公里，持续 ${minutes} 分钟`,
          longStop: `车辆 ${t.vehicle.plate} 在${where}停车 ${minutes} 分钟，超过 90 分钟阈值`,
          signalLost: `车辆 ${t.vehicle.plate} 北斗定位信号中断 ${minutes} 分钟（${where}）`,
          speeding: `车辆 ${t.vehicle.plate} 在${where}高速路段车速 ${speed} km/h，超过限速`,
          fatigueDriving: `司机 ${t.driver.name} 连续驾驶 ${minutes} 分钟未休息，超过 4 小时限制`,
          nightDriving: `车辆 ${t.vehicle.plate} 凌晨 ${cstClock(at)} 起在${where}夜间行驶 ${minutes} 分钟（02:00–05:00 禁行时段）`,
          geofence: `车辆 ${t.vehicle.plate} 驶入非计划区域电子围栏（${where}）`,
        };
        alerts.push({
          partyCode: w.partyCode,
          occurredAt: iso(at),
          waybillNo: w.waybillNo,
          plate: t.vehicle.plate,
          driverIdcard: t.driver.idcard,
          alertType: type,
          level,
          region: near.region.slice(0, 2),
          longitude: Math.round(lng * 1e6) / 1e6,
          latitude: Math.round(lat * 1e6) / 1e6,
          speedKmh: speed,
          deviationKm: dev,
          durationMin: minutes,
          description: text[type],
          ...stamp(at),
        });
        if (type === 'routeDeviation' && level === 'high' && rng.chance(0.3))
          events.push({ t, at: at + 15 * 60_000, type: 'routeDeviation' });
      }
    }
  }
  events.sort((a, b) => a.at - b.at);
  const seenException = new Set<string>();
  for (const e of events) {
    if (e.at > now) continue;
    const key = `${e.t.waybill!.waybillNo}:${e.type}`;
    if (seenException.has(key)) continue;
    seenException.add(key);
    e.t.waybill!.exceptionFlag = true;
    const age = now - e.at;
    const status =
      age < 2 * DAY
        ? rng.chance(0.8)
          ? 'open'
          : 'processing'
        : age < 7 * DAY
          ? rng.weighted([
              ['open', 4],
              ['processing', 6],
              ['closed', 10],
            ] as const)
          : 'closed';
    const severity =
      e.type === 'accident'
        ? 'critical'
        : e.type === 'damage' || e.type === 'shortage'
          ? rng.weighted([
              ['minor', 3],
              ['major', 2],
            ] as const)
          : rng.weighted([
              ['minor', 4],
              ['major', 1],
            ] as const);
    const claim = e.type === 'damage' || e.type === 'shortage' ? rng.int(5, 80) * 10_000 : null;
    const desc: Record<string, string> = {
      delay: `预计送达时间已过，车辆仍在途，收货方催问（运单 ${e.t.waybill!.waybillNo}）`,
      damage: `卸货时发现 ${e.t.order.goodsName} 外包装破损，约 ${rng.int(2, 30)} 件受损，已拍照留证`,
      shortage: `到货清点短少 ${rng.int(1, 12)} 件，与装车单不符`,
      routeDeviation: `车辆偏离规划路线，司机称绕行避堵，待核实`,
      accident: `车辆在高速路段发生追尾，无人员伤亡，货物待转运`,
      breakdown: `车辆途中故障（${rng.pick(['轮胎爆胎', '发动机故障灯亮', '制动气压不足'])}），已联系救援`,
      refusal: `收货方以货物规格不符为由拒收，货物暂存当地`,
      other: `司机反映装货现场排队超过 6 小时`,
    };
    const closedAt = e.at + rng.int(4, 96) * HOUR;
    exceptions.push({
      partyCode: e.t.waybill!.partyCode,
      exceptionNo: nums.next('YC', e.at, 4),
      waybillNo: e.t.waybill!.waybillNo,
      plate: e.t.vehicle.plate,
      driverIdcard: e.t.driver.idcard,
      exceptionType: e.type,
      severity,
      occurredAt: iso(e.at),
      region: (e.at > e.t.delivered ? e.t.dest : e.t.origin).region.slice(0, 2),
      reportedBy:
        e.type === 'routeDeviation'
          ? 'monitoring'
          : e.type === 'damage' || e.type === 'shortage' || e.type === 'refusal'
            ? rng.pick(['consignee', 'shipper', 'driver'])
            : rng.pick(['driver', 'customerService']),
      description: desc[e.type],
      claimFen: claim,
      status,
      handleRemark:
        status !== 'open' ? rng.pick(['已联系司机核实现场情况', '已通知承运商负责人跟进', '已与收货方沟通，约定次日处理']) : null,
      resolution:
        status === 'closed'
          ? rng.pick([
              '已协商按实际损失赔付，从运费中扣除',
              '核实为正常绕行，不予处罚',
              '已转运并送达，收货方确认',
              '货物已补发，客户确认关闭',
            ])
          : null,
      compensationFen: status === 'closed' && claim ? Math.round((claim * rng.real(0.4, 1)) / 100) * 100 : null,
      ...stamp(
        e.at + rng.int(5, 60) * 60_000,
        status === 'closed' ? closedAt : status === 'processing' ? e.at + rng.int(1, 6) * HOUR : e.at,
      ),
    });
  }
  return { exceptions, alerts };
}
export type WithIncidents = WithWaybills & ReturnType<typeof buildIncidents>;
