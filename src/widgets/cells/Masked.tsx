import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
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

const style = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * A field the server masks (x-mask) arrives masked unless the caller holds the unmask grant: a masked
 * value is shown as sent, a real one masked with a button that shows it in full.
 */
export default function Masked({ value, field }: CellProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  if (isEmpty(value)) return <>{EMPTY}</>;
  const text = String(value);
  if (!field?.['x-mask'] || text.includes('*')) return <span style={style}>{field?.['x-mask'] ? text : maskIdentifier(text)}</span>;
  const label = t(shown ? 'widgets.cells.conceal' : 'widgets.cells.reveal');
  return (
    <span style={style}>
      {shown ? text : maskIdentifier(text)}
      <Button
        type="link"
        size="small"
        aria-label={label}
        title={label}
        icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        onClick={(e) => {
          e.stopPropagation();
          setShown((s) => !s);
        }}
      />
    </span>
  );
}

/** A write-only secret: never shown, whatever the value. */
export function Secret() {
  const { t } = useTranslation();
  return <span aria-label={t('widgets.cells.secret')}>••••••</span>;
}
