import { ApiError, isEnvelope, REQUEST_TIMEOUT_MS } from '../client/envelope';
import { AUTHORIZE_PATH, SEND_CODE_PATH, type TokenAnswer } from '../engine/session/authorizeForm';
import { TOKEN_COOKIE } from '../client/cookieNames';
import type { Language } from '../i18n/languages';
import type { Translate } from './text';

/**
 * The sign-in screen's two calls, with fetch instead of the console's axios client. Failures are
 * ApiErrors carrying the server's message, which it writes in the Accept-Language asked for.
 */
async function post<T>(url: string, body: URLSearchParams | null, lang: Language, t: Translate): Promise<T> {
  let res: Response;
  try {
    res = await fetch(new URL(url, window.location.href), {
      method: 'POST',
      body,
      headers: { 'Accept-Language': lang, ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (e) {
    const timedOut = (e as Error).name === 'TimeoutError';
    throw new ApiError(t(timedOut ? 'request.timeout' : 'request.network'), -1, null);
  }
  const answer: unknown = await res.json().catch(() => null);
  if (!isEnvelope(answer)) throw new ApiError(t('request.network'), -1, res.status);
  if (answer.status !== 0) throw new ApiError(answer.msg || t('request.network'), answer.status, res.status);
  return answer.data as T;
}

export function authorize(fields: Record<string, string>, lang: Language, t: Translate): Promise<TokenAnswer> {
  return post<TokenAnswer>(AUTHORIZE_PATH, new URLSearchParams(fields), lang, t);
}

export function sendLoginCode(phone: string, lang: Language, t: Translate): Promise<{ expiresIn: number; resendIn: number }> {
  return post(`${SEND_CODE_PATH}?${new URLSearchParams({ phone, type: 'login' })}`, null, lang, t);
}

export interface SocialProvider {
  code: string;
  name: string;
  authorizeUrl: string;
}

export async function socialProviders(): Promise<SocialProvider[]> {
  try {
    const res = await fetch(new URL('/open-platform/public/loginOptions', window.location.href));
    const answer: unknown = await res.json();
    return isEnvelope(answer) && answer.status === 0 ? ((answer.data as { socialProviders: SocialProvider[] }).socialProviders ?? []) : [];
  } catch {
    return [];
  }
}

/** The same cookie the console's js-cookie writes and reads. */
export function storeToken(token: string): void {
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax`;
}
