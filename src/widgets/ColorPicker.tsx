import { ColorPicker as AntColorPicker } from 'antd';
import type { ColorPickerProps as AntColorPickerProps } from 'antd';
import type { FieldControlProps } from './types';

export interface ColorPickerProps
  extends FieldControlProps<string | null>,
    Omit<AntColorPickerProps, 'value' | 'onChange' | 'format' | 'disabledAlpha'> {}

const HEX = /^#([0-9a-f]{6})$/i;

/** '#RGB' / '#RRGGBB' / 'rgb(...)' colours are shown; the stored value is always '#rrggbb' (lower case). */
export function toHex6(color: { toHex(): string } | null | undefined): string | null {
  if (!color) return null;
  const hex = color.toHex().slice(0, 6).toLowerCase();
  return /^[0-9a-f]{6}$/.test(hex) ? `#${hex}` : null;
}

/** A colour kept as '#rrggbb'; clearing gives null. */
export default function ColorPicker({ value, onChange, readOnly, disabled, ...rest }: ColorPickerProps) {
  const shown = typeof value === 'string' && value ? value : undefined;
  return (
    <AntColorPicker
      showText={(c) => (shown && HEX.test(shown) ? shown.toLowerCase() : (toHex6(c) ?? ''))}
      allowClear
      {...rest}
      format="hex"
      disabledAlpha
      disabled={disabled || readOnly}
      value={shown ?? null}
      onChange={(c) => onChange?.(toHex6(c))}
      onClear={() => onChange?.(null)}
    />
  );
}
