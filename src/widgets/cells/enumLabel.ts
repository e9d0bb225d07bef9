import type { i18n as I18n, TFunction } from 'i18next';

/** The label of an enum value: `${prefix}.${value}` when that key exists, else the raw value. */
export function enumLabel(t: TFunction, i18n: I18n, prefix: string | undefined, value: unknown): string {
  const raw = String(value);
  if (!prefix) return raw;
  const key = `${prefix}.${raw}`;
  return i18n.exists(key) ? t(key) : raw;
}
