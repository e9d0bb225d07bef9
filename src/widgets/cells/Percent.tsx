import { EMPTY, isEmpty, type CellProps } from '../types';

/** A fraction as a percentage: 0.09 → 9%, 0.125 → 12.5% (at most two decimals, no float noise). */
export function formatPercent(value: number): string {
  return `${Number((value * 100).toFixed(2))}%`;
}

export default function Percent({ value }: CellProps) {
  if (isEmpty(value)) return <>{EMPTY}</>;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return <>{String(value)}</>;
  return <span style={{ display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatPercent(n)}</span>;
}
