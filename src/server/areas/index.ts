import type { Area } from './area.js';
import { alct } from './alct/index.js';
import { tax } from './tax/index.js';
import { ministry } from './ministry/index.js';
import { cloudPay } from './cloudPay/index.js';
import { location } from './location/index.js';

export type { Area } from './area.js';

/** Every business area; the action, job and demo registries take each area's parts from here. */
export const AREAS: Area[] = [cloudPay, location, alct, tax, ministry];

/** One kind of part of every area, merged by name (`areaParts('actions')` for the action registry). */
export function areaParts<K extends 'actions' | 'jobs' | 'demo'>(kind: K): NonNullable<Area[K]> {
  return Object.assign({}, ...AREAS.map((area) => area[kind] ?? {}));
}
