/** Schedules are read in China time (UTC+8), as the console's users read them. */
const CHINA_OFFSET_MS = 8 * 3_600_000;

export interface Timing {
  intervalMinutes?: number | null;
  dailyAt?: string | null;
}

/** The next time a schedule is due after `now`: every N minutes, or daily at HH:mm China time. */
export function nextRunAt(timing: Timing, now: Date): Date {
  if (timing.intervalMinutes && timing.intervalMinutes > 0) return new Date(now.getTime() + timing.intervalMinutes * 60_000);
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(timing.dailyAt ?? '');
  if (!m) return new Date(now.getTime() + 86_400_000);
  const local = new Date(now.getTime() + CHINA_OFFSET_MS);
  const slot = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), Number(m[1]), Number(m[2])) - CHINA_OFFSET_MS;
  return new Date(slot > now.getTime() ? slot : slot + 86_400_000);
}
