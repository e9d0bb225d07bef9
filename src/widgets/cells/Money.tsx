import { fenToYuan } from '../../shared/number';
import { EMPTY, isEmpty, type CellProps } from '../types';

/** Integer fen shown as "¥1,234.56", right-aligned in tabular figures so columns line up. */
export default function Money({ value }: CellProps) {
  if (isEmpty(value)) return <>{EMPTY}</>;
  const fen = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  const text = typeof fen === 'number' && Number.isSafeInteger(fen) ? `¥${fenToYuan(fen)}` : String(value);
  return <span style={{ display: 'block', textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{text}</span>;
}
