import { useTranslation } from 'react-i18next';
import { formatDate, parseTime, relativeTime } from '../../utils/time';
import { EMPTY, isEmpty, type CellProps } from '../types';

/** Local 'YYYY-MM-DD HH:mm:ss'; the tooltip says how long ago. */
export default function DateTime({ value }: CellProps) {
  const { t } = useTranslation();
  if (isEmpty(value)) return <>{EMPTY}</>;
  const date = parseTime(value as string | number);
  if (!date) return <>{String(value)}</>;
  return (
    <time dateTime={date.toISOString()} title={relativeTime(date, t)} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
      {formatDate(date)}
    </time>
  );
}
