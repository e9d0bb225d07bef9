import { describe, expect, it } from 'vitest';
import { hmacSm3, sm3 } from './sm3.js';

describe('SM3', () => {
  it('matches the examples of GB/T 32905-2016', () => {
    expect(sm3('abc').toString('hex')).toBe('66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
    expect(sm3('abcd'.repeat(16)).toString('hex')).toBe('debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732');
  });

  it('hashes the empty message and messages across the padding boundary', () => {
    expect(sm3('').toString('hex')).toBe('1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b');
    // 55 and 56 bytes: the length no longer fits in the first block.
    expect(sm3('a'.repeat(55))).not.toEqual(sm3('a'.repeat(56)));
    expect(sm3('a'.repeat(56)).length).toBe(32);
  });

  it('HMAC-SM3 follows RFC 2104 (long keys are hashed first)', () => {
    const key = 'k'.repeat(100);
    expect(hmacSm3(key, 'msg')).toEqual(hmacSm3(sm3(key), 'msg'));
    expect(hmacSm3('key', 'msg').toString('hex')).not.toBe(hmacSm3('key', 'msh').toString('hex'));
  });
});
