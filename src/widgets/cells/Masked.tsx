import { useTranslation } from 'react-i18next';
import { EMPTY, isEmpty, type CellProps } from '../types';

/**
 * Keeps the first 3 and last 4 characters of an identifier: ID cards 110***********1234,
 * bank cards 622***********0123, phones 138****0001. Short values keep only their last character.
 */
export function maskIdentifier(value: string): string {
  const s = value.replace(/\s+/g, '');
  if (s.length >= 8) return s.slice(0, 3) + '*'.repeat(s.length - 7) + s.slice(-4);
  if (s.length <= 1) return '*';
  return '*'.repeat(s.length - 1) + s.slice(-1);
}

export default function Masked({ value }: CellProps) {
  if (isEmpty(value)) return <>{EMPTY}</>;
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{maskIdentifier(String(value))}</span>;
}

/** A write-only secret: never shown, whatever the value. */
export function Secret() {
  const { t } = useTranslation();
  return <span aria-label={t('widgets.cells.secret')}>••••••</span>;
}
