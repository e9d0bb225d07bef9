import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only the digest is stored: a leaked database does not hand out live sessions. */
export function digest(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
