import type { CallInput, CallResult, ServiceConnector } from '../types.js';
import { failure, success } from '../types.js';
import { InputError } from '../types.js';
import { isPlateNumber, seedOf, str } from '../sandbox.js';
import { HUBS, type Hub } from '../../sampleData/freightData.js';

/** Vehicle positions from a Beidou/GPS operator. */
export interface VehicleTrackConnector {
  locate(input: CallInput): Promise<CallResult>;
}

const HUB_LIST = Object.values(HUBS);
const hubOf = (region: unknown): Hub | undefined => {
  const codes = Array.isArray(region) ? region.map(String) : typeof region === 'string' ? safeArray(region) : [];
  const last = codes[codes.length - 1];
  return HUB_LIST.find((h) => h.area === last) ?? HUB_LIST.find((h) => h.region[1] && h.region[1] === codes[1]);
};
function safeArray(text: string): string[] {
  try {
    const v = JSON.parse(text);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * The sandbox follows the waybill's route when the customer has that waybill (origin to
 * destination, progress by the time since loading), else a route chosen from the plate.
 */
export const sandbox: VehicleTrackConnector = {
  async locate({ ctx, params, partyCode, at }) {
    const plate = str(params, 'plate', { max: 10 });
    if (!isPlateNumber(plate)) throw new InputError('plate', 'invalid');
    const waybillNo = str(params, 'waybillNo', { pattern: /^[A-Z]{2}\d{14}$/, optional: true });
    const points = Math.min(Math.max(Number(params.points ?? 6) || 6, 1), 50);
    const seed = seedOf(plate);
    let from = HUB_LIST[seed % HUB_LIST.length];
    let to = HUB_LIST[(seed >> 8) % HUB_LIST.length];
    let progress = ((at.getTime() / 3_600_000) % 24) / 24;
    if (waybillNo && ctx.schemas.pages.has('tms/waybill/waybill')) {
      const wb = await ctx.database.db
        .selectFrom('tms_waybill')
        .select(['originRegion', 'destRegion', 'loadedAt', 'distanceKm', 'plate'])
        .where('waybillNo', '=', waybillNo)
        .where('partyCode', '=', partyCode)
        .executeTakeFirst();
      if (!wb) return failure('waybillNotFound', 'no waybill with this number for the customer');
      from = hubOf(wb.originRegion) ?? from;
      to = hubOf(wb.destRegion) ?? to;
      if (wb.loadedAt) {
        const hours = (at.getTime() - Date.parse(String(wb.loadedAt))) / 3_600_000;
        progress = Math.max(0, Math.min(1, hours / Math.max(1, Number(wb.distanceKm ?? 600) / 60)));
      }
    }
    if (from === to) to = HUB_LIST[(HUB_LIST.indexOf(from) + 3) % HUB_LIST.length];
    const track = Array.from({ length: points }, (_, i) => {
      const p = Math.max(0, progress - (points - 1 - i) * 0.01);
      const wiggle = Math.sin((seed % 100) + p * 20) * 0.05;
      return {
        lng: Number((from.lng + (to.lng - from.lng) * p + wiggle).toFixed(6)),
        lat: Number((from.lat + (to.lat - from.lat) * p - wiggle).toFixed(6)),
        locatedAt: new Date(at.getTime() - (points - 1 - i) * 5 * 60_000).toISOString(),
        speedKmh: p >= 1 ? 0 : 55 + ((seed + i) % 30),
        heading: Math.round((Math.atan2(to.lng - from.lng, to.lat - from.lat) * 180) / Math.PI + 360) % 360,
      };
    });
    return success({ plate, waybillNo: waybillNo || null, from: from.name, to: to.name, coordSystem: 'WGS84', points: track });
  },
};

export const connector: ServiceConnector = { service: 'vehicleTrack', operations: { locate: (i) => sandbox.locate(i) } };
