import { formatDate } from '../../utils/time';
import { EMPTY, isEmpty, type CellProps } from '../types';

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD'. A date without time is shown as stored: parsing it as UTC midnight could shift the day. */
export default function DateCell({ value }: CellProps) {
  if (isEmpty(value)) return <>{EMPTY}</>;
  const text = typeof value === 'string' && DAY_ONLY.test(value) ? value : formatDate(value as string | number, '{y}-{m}-{d}');
  return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{text || String(value)}</span>;
}
