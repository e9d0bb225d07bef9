/**
 * Separates the account from the secret. NUL never occurs in typed text, so splitting on its first
 * occurrence is unambiguous as long as the account itself does not contain it.
 */
export const CREDENTIALS_MARKER = '\u0000';

export interface Credentials {
  account: string;
  secret: string;
}

// btoa/atob only take Latin-1, so UTF-8 bytes are passed through one char per byte.
function utf8ToBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

function base64ToUtf8(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function reverse(text: string): string {
  // Safe per code unit: the input is base64, which is pure ASCII.
  return text.split('').reverse().join('');
}

/** Obfuscation for local storage only; it is trivially reversible and is not encryption. */
export function encodeCredentials(account: string, secret = ''): string {
  if (typeof account !== 'string' || typeof secret !== 'string') {
    throw new TypeError('account and secret must be strings');
  }
  if (account.includes(CREDENTIALS_MARKER)) {
    throw new RangeError('account must not contain the credentials marker');
  }
  return reverse(btoa(utf8ToBase64(account + CREDENTIALS_MARKER + secret)));
}

export function decodeCredentials(encoded: unknown): Credentials | null {
  if (typeof encoded !== 'string' || encoded === '') return null;
  let plain: string;
  try {
    plain = base64ToUtf8(atob(reverse(encoded)));
  } catch {
    return null;
  }
  const at = plain.indexOf(CREDENTIALS_MARKER);
  if (at < 0) return null;
  return { account: plain.slice(0, at), secret: plain.slice(at + CREDENTIALS_MARKER.length) };
}
