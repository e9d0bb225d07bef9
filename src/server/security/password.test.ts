import { describe, expect, it } from 'vitest';
import { hashPassword, placeholderHash, verifyPassword } from './password.js';
import { configFromEnv } from '../config.js';

describe('password hashing', () => {
  it('uses scrypt with N=2^17, r=8, p=1 by default and verifies', async () => {
    expect(configFromEnv({}).scryptLogN).toBe(17);
    const hash = await hashPassword('Demo12345', 17);
    expect(hash).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(await verifyPassword('Demo12345', hash)).toBe(true);
    expect(await verifyPassword('Demo12346', hash)).toBe(false);
  });

  it('never matches a malformed stored value', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$99$8$1$AA==$AA==')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('Same1234', 10)).not.toBe(await hashPassword('Same1234', 10));
  });

  it('checks an unknown user against a placeholder of the configured cost, which nothing matches', async () => {
    const params = (h: string) =>
      h
        .split('$')
        .slice(0, 4)
        .concat(String(Buffer.from(h.split('$')[5], 'base64').length));
    for (const logN of [12, 17]) expect(params(placeholderHash(logN))).toEqual(params(await hashPassword('Demo12345', logN)));
    expect(await verifyPassword('', placeholderHash(12))).toBe(false);
    expect(await verifyPassword('Demo12345', placeholderHash(12))).toBe(false);
  });
});
