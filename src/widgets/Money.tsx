import { InputNumber } from 'antd';
import type { InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { fenToYuan, yuanToFen } from '../shared/number';
import type { FieldControlProps } from './types';

export interface MoneyProps
  extends FieldControlProps<number | null>,
    Omit<InputNumberProps<string>, 'value' | 'onChange' | 'min' | 'max' | 'defaultValue'> {
  /** Limits in fen, like the value. */
  min?: number;
  max?: number;
}

/** Yuan text as typed → integer fen, exactly; a third decimal rounds half away from zero. */
export function yuanTextToFen(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const raw = String(text).trim().replace(/,/g, '');
  if (raw === '' || raw === '-' || raw === '.') return null;
  const exact = yuanToFen(raw);
  if (exact !== null) return exact;
  const m = /^([+-]?)(\d*)\.(\d{2})(\d)\d*$/.exec(raw);
  if (!m) return null;
  const base = yuanToFen(`${m[1]}${m[2] || '0'}.${m[3]}`);
  if (base === null) return null;
  const up = Number(m[4]) >= 5 ? 1 : 0;
  return base < 0 || m[1] === '-' ? base - up : base + up;
}

const plainYuan = (fen: number | null | undefined): string | null =>
  fen === null || fen === undefined || !Number.isSafeInteger(fen) ? null : fenToYuan(fen).replace(/,/g, '');

/**
 * An amount stored as integer fen, shown and edited as yuan with two decimals. The input works on
 * strings (stringMode) and converts with yuanToFen, so typing 0.29 stores 29, never 28.999….
 */
export default function Money({ value, onChange, min, max, readOnly, placeholder, ...rest }: MoneyProps) {
  const { t } = useTranslation();
  return (
    <InputNumber<string>
      {...rest}
      stringMode
      precision={2}
      step="1"
      prefix="¥"
      style={{ width: '100%', ...rest.style }}
      readOnly={readOnly}
      placeholder={placeholder ?? t('widgets.money.placeholder')}
      min={plainYuan(min) ?? undefined}
      max={plainYuan(max) ?? undefined}
      value={plainYuan(value)}
      onChange={(text) => onChange?.(yuanTextToFen(text))}
    />
  );
}
