export function median(xs: number[]): number | null {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!s.length) return null;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

export const round = (x: number, digits = 1) => Number(x.toFixed(digits));
export const KiB = (bytes: number) => round(bytes / 1024, 1);
