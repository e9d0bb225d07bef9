/** The freight dataset's parties: shippers with their certifications, carriers, drivers and vehicles. Each part runs in order, so the draws stay in sequence (demo/freight.ts). */
import type { FreightBase } from './common.js';
import {
  CARRIERS_PER_PARTY,
  DAY,
  DRIVERS_PER_PARTY,
  HOUR,
  PARTY_SHARE,
  PLATE_LETTERS,
  REJECT_CERT,
  SHIPPERS_PER_PARTY,
  bankCard,
  cstDate,
  iso,
  personName,
  phone,
  plateSerial,
  residentId,
  uscc,
  type Carrier,
  type Driver,
  type Row,
  type Shipper,
  type Vehicle,
} from './common.js';
import {
  GOODS_NAMES,
  GOODS_VEHICLES,
  HUBS,
  INDUSTRY_GOODS,
  INDUSTRY_SUFFIX,
  PARTY_GEO,
  VEHICLE_SPECS,
} from '../../sampleData/freightData.js';

export function buildShippers(s: FreightBase) {
  const { rng, companyName, address, stamp, now } = s;
  // --- shippers and their certification files -----------------------------------------------
  const shippers: Shipper[] = [];
  const shipperCerts: Row[] = [];
  let shipperSeq = 10001;
  for (const [party] of PARTY_SHARE) {
    const n = SHIPPERS_PER_PARTY[party];
    const newOnes = party === 'P0001' ? 2 : 4;
    for (let i = 0; i < n; i++) {
      const hub = HUBS[rng.pick(PARTY_GEO[party].home)];
      const industry = rng.pick(Object.keys(INDUSTRY_SUFFIX));
      const established = i < n - newOnes;
      const created = established
        ? now - rng.int(100, 900) * DAY - rng.int(0, 20) * HOUR
        : now - rng.int(1, 12) * DAY - rng.int(0, 20) * HOUR;
      const legalPerson = personName(rng, rng.chance(0.8));
      const s: Shipper = {
        code: `HZ${shipperSeq++}`,
        partyCode: party,
        hub,
        industry,
        established,
        weight: established ? 1 / (i + 1.5) + 0.05 : 0,
        name: companyName(hub, INDUSTRY_SUFFIX[industry]),
        uscc: uscc(rng, hub.area),
        legalPerson,
        contactName: personName(rng, rng.chance(0.6)),
        contactPhone: phone(rng),
        region: hub.region,
        address: address(hub),
        settleCycle: rng.weighted([
          ['monthly', 6],
          ['weekly', 2],
          ['perWaybill', 2],
        ] as const),
        creditLimitFen: rng.int(5, 50) * 10_000_000,
        status: established && rng.chance(0.04) ? 'frozen' : 'active',
        ...stamp(created, created + rng.int(0, 60) * DAY),
      };
      shippers.push(s);
      // Certification: established shippers were approved long ago (a few renewed or renewing now).
      let status = 'approved';
      let certType = 'initial';
      let submitted = created + rng.int(1, 20) * HOUR;
      let reviewed = submitted + rng.int(2, 30) * HOUR;
      if (!established) {
        status = rng.chance(0.75) ? 'pending' : 'rejected';
      } else if (i % 7 === 3) {
        certType = 'renewal';
        submitted = now - rng.int(1, 80) * DAY - rng.int(0, 12) * HOUR;
        reviewed = submitted + rng.int(2, 40) * HOUR;
        if (i % 14 === 3) status = 'pending';
      }
      if (status === 'pending') reviewed = submitted;
      // Approving a certification flags the shipper (the review page's effect); a renewal keeps the earlier approval.
      s.certified = status === 'approved' || certType === 'renewal';
      s.certifiedAt = s.certified ? iso(certType === 'renewal' ? created + DAY : reviewed) : null;
      shipperCerts.push({
        partyCode: party,
        shipperCode: s.code,
        certType,
        companyName: s.name,
        uscc: s.uscc,
        licenseValidUntil: cstDate(now + rng.int(200, 3000) * DAY),
        legalPerson,
        legalPersonIdcard: residentId(rng, true),
        contactName: s.contactName,
        contactPhone: s.contactPhone,
        businessScope: `道路普通货物运输；${rng.pick(GOODS_NAMES[INDUSTRY_GOODS[industry]])}等的批发与零售；仓储服务（不含危险化学品）。`,
        submittedAt: iso(submitted),
        status,
        reviewRemark:
          status === 'approved' ? rng.pick(['资质齐全，准予通过', '营业执照、法人身份证核验一致', '年审资料已更新，通过']) : null,
        rejectReason: status === 'rejected' ? rng.pick(REJECT_CERT) : null,
        ...stamp(Math.min(submitted, created + HOUR), reviewed),
      });
    }
  }
  return { shippers, shipperCerts };
}
export type WithShippers = FreightBase & ReturnType<typeof buildShippers>;

export function buildCarriers(s: WithShippers) {
  const { rng, companyName, stamp, shippers, now } = s;
  // --- carriers, drivers, vehicles ---------------------------------------------------------
  const carriers: Carrier[] = [];
  const carrierCerts: Row[] = [];
  const drivers: Driver[] = [];
  const vehicles: Vehicle[] = [];
  let carrierSeq = 20001;
  const usedPlates = new Set<string>();
  for (const [party] of PARTY_SHARE) {
    const n = CARRIERS_PER_PARTY[party];
    const newOnes = party === 'P0001' ? 1 : 2;
    const partyCarriers: Carrier[] = [];
    for (let i = 0; i < n; i++) {
      const hub = HUBS[rng.pick(PARTY_GEO[party].home)];
      const established = i < n - newOnes;
      const carrierType = rng.weighted([
        ['enterprise', 6],
        ['fleet', 3],
        ['individual', 1],
      ] as const);
      const owner = personName(rng);
      const name =
        carrierType === 'individual'
          ? `${owner}（个体运输户）`
          : carrierType === 'fleet'
            ? `${hub.name.slice(0, 2)}${owner.slice(0, 1)}氏运输车队`
            : companyName(hub, ['物流有限公司', '运输有限公司', '供应链管理有限公司', '汽车运输有限公司']);
      const created = established ? now - rng.int(120, 1000) * DAY : now - rng.int(1, 9) * DAY - rng.int(0, 20) * HOUR;
      const quality = Math.min(97, Math.max(58, Math.round(80 + (rng.next() + rng.next() + rng.next() - 1.5) * 16)));
      const score = () => Math.min(100, Math.max(40, quality + rng.int(-9, 9)));
      const permitExpire = now + rng.int(established && i === 2 ? 10 : 60, 1400) * DAY;
      const c: Carrier = {
        code: `CY${carrierSeq++}`,
        partyCode: party,
        hub,
        established,
        name,
        carrierType,
        uscc: uscc(rng, hub.area, carrierType === 'individual'),
        roadPermit: `${hub.area}${rng.digits(6)}`,
        permitExpireAt: cstDate(permitExpire),
        legalPerson: owner,
        contact: carrierType === 'enterprise' ? personName(rng, rng.chance(0.7)) : owner,
        phone: phone(rng),
        region: hub.region,
        fleetSize: carrierType === 'individual' ? 1 : carrierType === 'fleet' ? rng.int(6, 30) : rng.int(25, 260),
        scorePunctuality: score(),
        scoreSafety: score(),
        scoreService: score(),
        scoreCost: score(),
        scoreCapacity: score(),
        status: established && i === 5 ? 'suspended' : 'active',
        remark: established && i === 5 ? '近 30 天货损率偏高，暂停派单整改' : null,
        ...stamp(created, created + rng.int(0, 90) * DAY),
      };
      carriers.push(c);
      partyCarriers.push(c);
      let status = 'approved';
      let certType = 'initial';
      let submitted = created + rng.int(1, 20) * HOUR;
      let reviewed = submitted + rng.int(2, 30) * HOUR;
      if (!established) status = i === n - 1 && party === 'C1002' ? 'rejected' : 'pending';
      else if (i === 4) {
        certType = 'renewal';
        submitted = now - rng.int(0, 3) * DAY - rng.int(1, 20) * HOUR;
        status = party === 'P0001' ? 'approved' : 'pending';
        reviewed = status === 'pending' ? submitted : submitted + rng.int(2, 20) * HOUR;
      }
      c.certified = status === 'approved' || certType === 'renewal';
      c.certifiedAt = c.certified ? iso(certType === 'renewal' ? created + DAY : reviewed) : null;
      carrierCerts.push({
        partyCode: party,
        carrierCode: c.code,
        certType,
        companyName: name,
        carrierType,
        uscc: c.uscc,
        roadPermit: c.roadPermit,
        permitValidUntil: c.permitExpireAt,
        legalPerson: owner,
        legalPersonIdcard: residentId(rng, true),
        contactName: c.contact,
        contactPhone: c.phone,
        vehicleCount: c.fleetSize,
        driverCount: Math.max(1, Math.round(Number(c.fleetSize) * rng.real(0.9, 1.3))),
        submittedAt: iso(submitted),
        status,
        reviewRemark:
          status === 'approved'
            ? rng.pick(['道路运输经营许可证在有效期内，准予通过', '证照核验一致', '车辆行驶证、道路运输证抽查合格'])
            : null,
        rejectReason: status === 'rejected' ? rng.pick(['道路运输经营许可证已过期', '许可证经营范围不含道路普通货物运输']) : null,
        ...stamp(Math.min(submitted, created + HOUR), reviewed),
      });
    }
    // Vehicle types follow the goods this organisation's shippers ship.
    const demand = new Map<string, number>();
    for (const s of shippers.filter((x) => x.partyCode === party)) {
      for (const [type, w] of GOODS_VEHICLES[INDUSTRY_GOODS[s.industry]]) demand.set(type, (demand.get(type) ?? 0) + w);
    }
    const typeWeights = [...demand.entries()] as [string, number][];
    for (let d = 0; d < DRIVERS_PER_PARTY[party]; d++) {
      // Every carrier gets one driver first; the rest go to the bigger fleets.
      const carrier =
        d < partyCarriers.length
          ? partyCarriers[d]
          : rng.weighted(
              partyCarriers.filter((c) => c.carrierType !== 'individual').map((c) => [c, Math.sqrt(Number(c.fleetSize))] as const),
            );
      const vehicleType = d < typeWeights.length ? typeWeights[d][0] : rng.weighted(typeWeights);
      const spec = VEHICLE_SPECS[vehicleType];
      const male = rng.chance(0.97);
      const idcard = residentId(rng, male);
      const card = bankCard(rng);
      const created = Math.max(Date.parse(String(carrier.createdAt)), now - rng.int(95, 700) * DAY);
      const driver: Driver = {
        partyCode: party,
        name: personName(rng, male),
        idcard,
        phone: phone(rng),
        carrierCode: carrier.code,
        licenseClass: spec.license,
        licenseExpireAt: cstDate(now + rng.int(d % 17 === 0 ? 5 : 60, 2200) * DAY),
        qualificationCertNo: idcard,
        qualificationExpireAt: cstDate(now + rng.int(d % 23 === 0 ? 10 : 90, 2000) * DAY),
        ...card,
        status: d % 41 === 40 ? 'disabled' : 'active',
        ...stamp(created, created + rng.int(0, 60) * DAY),
      };
      drivers.push(driver);
      const electric =
        (vehicleType === 'lightVan' && rng.chance(0.5)) ||
        (vehicleType === 'mediumVan' && rng.chance(0.2)) ||
        (vehicleType === 'tractor' && rng.chance(0.05));
      const energyType = electric
        ? rng.chance(0.75)
          ? 'electric'
          : 'hybrid'
        : vehicleType === 'tractor' && rng.chance(0.2)
          ? 'lng'
          : 'diesel';
      let plate = '';
      while (!plate || usedPlates.has(plate)) {
        const prefix = rng.pick(carrier.hub.plate);
        if (!electric) plate = prefix + plateSerial(rng);
        else if (vehicleType === 'lightVan') plate = `${prefix}${rng.pick(['D', 'F'])}${rng.pick(PLATE_LETTERS.split(''))}${rng.digits(4)}`;
        else plate = `${prefix}${rng.digits(5)}${energyType === 'electric' ? 'D' : 'F'}`;
      }
      usedPlates.add(plate);
      vehicles.push({
        partyCode: party,
        plate,
        plateColor: electric ? (vehicleType === 'lightVan' ? 'green' : 'yellowGreen') : vehicleType === 'lightVan' ? 'blue' : 'yellow',
        vehicleType,
        vehicleLength: rng.pick(spec.lengths),
        loadKg: Math.round(rng.int(spec.loadKg[0], spec.loadKg[1]) / 100) * 100,
        energyType,
        roadTransportCertNo: `${carrier.hub.area}${rng.digits(6)}`,
        carrierCode: carrier.code,
        driverIdcard: idcard,
        inspectionExpireAt: cstDate(now + rng.int(d % 19 === 0 ? -5 : 20, 365) * DAY),
        insuranceExpireAt: cstDate(now + rng.int(d % 29 === 0 ? 3 : 30, 365) * DAY),
        status: d % 37 === 36 ? 'maintenance' : 'active',
        busyUntil: 0,
        ...stamp(created, created + rng.int(0, 60) * DAY),
      });
    }
  }
  const carrierByCode = new Map(carriers.map((c) => [c.code, c]));
  const driverById = new Map(drivers.map((d) => [d.idcard, d]));
  return { carriers, drivers, vehicles, carrierCerts, carrierByCode, driverById };
}
export type WithParties = WithShippers & ReturnType<typeof buildCarriers>;
