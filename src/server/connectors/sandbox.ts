import { createHash } from 'node:crypto';
import { InputError } from './types.js';

export { isBankCard as luhnValid, isResidentId as idCardValid, isPlateNumber } from '../../shared/validators.js';

/**
 * Helpers for the sandbox connectors: answers are derived from a hash of the input, so the same
 * request always gets the same answer, and inputs are checked the way a real provider would.
 */
export function seedOf(...parts: unknown[]): number {
  return createHash('sha256').update(parts.map(String).join('|')).digest().readUInt32BE(0);
}

export function pick<T>(list: readonly T[], seed: number, salt = 0): T {
  return list[(seed + salt * 2654435761) % list.length >>> 0];
}

export function str(
  params: Record<string, unknown>,
  name: string,
  opts: { pattern?: RegExp; max?: number; optional?: boolean } = {},
): string {
  const v = params[name];
  if (v === undefined || v === null || v === '') {
    if (opts.optional) return '';
    throw new InputError(name, 'required');
  }
  const s = typeof v === 'number' ? String(v) : v;
  if (typeof s !== 'string' || s.length > (opts.max ?? 200) || (opts.pattern && !opts.pattern.test(s)))
    throw new InputError(name, 'invalid');
  return s.trim();
}

export function int(params: Record<string, unknown>, name: string, min: number, max: number, fallback?: number): number {
  const v = params[name];
  if ((v === undefined || v === null || v === '') && fallback !== undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new InputError(name, v === undefined ? 'required' : 'invalid');
  return n;
}

/** Masks all but the first and last characters of an identifier for answers and logs. */
export function mask(value: string, keepStart = 3, keepEnd = 4): string {
  if (value.length <= keepStart + keepEnd) return value.replace(/./g, '*');
  return value.slice(0, keepStart) + '*'.repeat(value.length - keepStart - keepEnd) + value.slice(-keepEnd);
}

export const MOBILE = /^1[3-9]\d{9}$/;
export const ID_CARD = /^\d{17}[\dX]$/;

export const ref = (prefix: string, seed: number, at: Date) =>
  `${prefix}${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(seed % 1_000_000).padStart(6, '0')}`;
