import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { PageSchema, RelationTrack } from '../../../shared/schema/types';
import { fieldSchema } from '../../../shared/schema/model';
import type { Rec } from '../../data/pageApi';

/** One drawable point: where, when, and the lines its tooltip shows. */
export interface TrackPoint {
  id: number;
  lng: number;
  lat: number;
  time: string;
  /** [title, value] pairs: the time first, then the relation's tooltip fields. */
  tip: [string, string][];
}

const coordinate = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN);

/**
 * The rows that have a place, oldest first. Rows come newest first from the server (so the cap keeps
 * the latest ones); a row without coordinates is a failed fix and is left off the map.
 */
export function trackPoints(page: PageSchema, track: RelationTrack, rows: Rec[], t: TFunction): TrackPoint[] {
  const title = (name: string) => t(fieldSchema(page, name)?.title ?? name);
  const text = (name: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '-';
    const f = fieldSchema(page, name);
    if (f?.['x-enum-labels']) return t(`${f['x-enum-labels']}.${String(v)}`);
    if (f?.format === 'date-time') return dayjs(String(v)).format('YYYY-MM-DD HH:mm:ss');
    if (typeof v === 'boolean') return t(v ? 'common.yes' : 'common.no');
    return String(v);
  };
  return rows
    .map((r) => ({ r, lng: coordinate(r[track.lng]), lat: coordinate(r[track.lat]), time: String(r[track.time] ?? '') }))
    .filter((p) => Number.isFinite(p.lng) && Number.isFinite(p.lat) && Math.abs(p.lng) <= 180 && Math.abs(p.lat) <= 90)
    .sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : a.r.id - b.r.id))
    .map(({ r, lng, lat, time }) => ({
      id: r.id,
      lng,
      lat,
      time,
      tip: [
        [title(track.time), text(track.time, time)] as [string, string],
        ...(track.tooltip ?? []).map((f): [string, string] => [title(f), text(f, r[f])]),
      ],
    }));
}

/** The box the points lie in, widened so a short track still shows its surroundings. */
export function trackBounds(points: { lng: number; lat: number }[]): [[number, number], [number, number]] {
  const lngs = points.map((p) => p.lng);
  const lats = points.map((p) => p.lat);
  const pad = (lo: number, hi: number) => Math.max((hi - lo) * 0.3, 1.5);
  const [x0, x1, y0, y1] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const px = pad(x0, x1);
  const py = pad(y0, y1);
  // echarts' geo takes the top-left then bottom-right corner.
  return [
    [x0 - px, y1 + py],
    [x1 + px, y0 - py],
  ];
}
