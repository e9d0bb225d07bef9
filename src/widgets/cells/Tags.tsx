import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EMPTY, isEmpty, type CellProps } from '../types';
import { enumLabel } from './enumLabel';

function items(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      /* a plain comma list */
    }
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  return [value];
}

/** An array as tags; items of an enum show their labels (and colours, when the field has them). */
export default function Tags({ value, field }: CellProps) {
  const { t, i18n } = useTranslation();
  if (isEmpty(value)) return <>{EMPTY}</>;
  const list = items(value).filter((v) => !isEmpty(v));
  if (!list.length) return <>{EMPTY}</>;
  const colors = field['x-enum-colors'];
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {list.map((v, i) => (
        <Tag key={`${String(v)}-${i}`} color={colors?.[String(v)]} style={{ marginInlineEnd: 0 }}>
          {enumLabel(t, i18n, field['x-enum-labels'], v)}
        </Tag>
      ))}
    </span>
  );
}
