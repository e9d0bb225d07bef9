import { describe, it, expect } from 'vitest';
import { CREDENTIALS_MARKER, decodeCredentials, encodeCredentials } from './credentials';

const reverse = (s: string) => s.split('').reverse().join('');

describe('encodeCredentials', () => {
  it('is reversed double base64 of account, marker and secret', () => {
    const encoded = encodeCredentials('admin', 'pw1');
    expect(encoded).toBe(reverse(btoa(btoa(`admin${CREDENTIALS_MARKER}pw1`))));
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]+$/);
  });
  it('defaults the secret to an empty string', () => {
    expect(encodeCredentials('admin')).toBe(encodeCredentials('admin', ''));
    expect(decodeCredentials(encodeCredentials('admin'))).toEqual({ account: 'admin', secret: '' });
  });
  it('does not leave the account readable', () => {
    expect(encodeCredentials('13800138000')).not.toContain('13800138000');
  });
  it('rejects an account containing the marker and non-string input', () => {
    expect(() => encodeCredentials(`a${CREDENTIALS_MARKER}b`)).toThrow(RangeError);
    expect(() => encodeCredentials(1 as unknown as string)).toThrow(TypeError);
    expect(() => encodeCredentials('a', null as unknown as string)).toThrow(TypeError);
  });
});

describe('decodeCredentials', () => {
  it('round-trips ASCII, CJK, emoji and edge strings', () => {
    const cases: [string, string][] = [
      ['admin', ''],
      ['13800138000', 'abc12345'],
      ['张三', '密码123'],
      ['山田太郎', 'パスワード'],
      ['👩‍💻 user', '🔑🚚📦'],
      ['', ''],
      ['', 'only-secret'],
      ['a', `secret${CREDENTIALS_MARKER}with marker`],
      ['  spaced  ', '\n\t'],
      ['x'.repeat(100_000), 'y'],
    ];
    for (const [account, secret] of cases) {
      expect(decodeCredentials(encodeCredentials(account, secret))).toEqual({ account, secret });
    }
  });
  it('returns null for non-strings and the empty string', () => {
    for (const v of [undefined, null, 42, {}, [], true]) expect(decodeCredentials(v)).toBeNull();
    expect(decodeCredentials('')).toBeNull();
  });
  it('returns null for invalid base64 at either layer', () => {
    expect(decodeCredentials('!!!not base64!!!')).toBeNull();
    expect(decodeCredentials(reverse(btoa('%%%')))).toBeNull();
    expect(decodeCredentials('a')).toBeNull();
  });
  it('returns null when the marker is missing', () => {
    expect(decodeCredentials(reverse(btoa(btoa('admin'))))).toBeNull();
  });
  it('returns null for bytes that are not UTF-8', () => {
    expect(decodeCredentials(reverse(btoa(btoa(`\xff\xfe${CREDENTIALS_MARKER}`))))).toBeNull();
  });
  it('returns null when the text was not reversed', () => {
    // This input yields padding, so the unreversed form starts with '=' and cannot decode.
    const encoded = encodeCredentials('admin');
    expect(encoded.startsWith('=')).toBe(true);
    expect(decodeCredentials(reverse(encoded))).toBeNull();
  });
  it('never throws on arbitrary input', () => {
    const samples = ['====', 'QQ==', '=QQ', 'Zm9v', '\u0000', '中文', '😀', ' '.repeat(8), 'A'.repeat(4097)];
    for (const s of samples) expect(() => decodeCredentials(s)).not.toThrow();
  });
});
