import { decodeCredentials, encodeCredentials } from '../utils/credentials';

const KEY = 'console.rememberedAccount';

/** Remember-me keeps the account name only; the codec's second part stays empty, never a password. */
export function rememberAccount(account: string | null) {
  if (account) localStorage.setItem(KEY, encodeCredentials(account, ''));
  else localStorage.removeItem(KEY);
}

export function rememberedAccount(): string {
  const raw = localStorage.getItem(KEY);
  return (raw && decodeCredentials(raw)?.account) || '';
}
