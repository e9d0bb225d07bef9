/**
 * The authorize call's form fields (spec §7), shared by the console's API module and the light
 * sign-in screen, which posts them with fetch.
 */
const CLIENT = { client_id: 'console', client_secret: 'console', response_type: 'token', device_id: 'web-console' };

export const AUTHORIZE_PATH = '/open-platform/authorize';
export const SEND_CODE_PATH = '/ntocc-tps-api/sms/sendVerificationCode';

export interface TokenAnswer {
  access_token: string;
  expires_at: string;
  /** What the sign-in was asked to answer with (`next`), by name; the user info is the console's UserInfo. */
  next?: SignInNext;
}

export interface SignInNext {
  userInfo?: unknown;
  dashboard?: unknown;
}

/**
 * The fields that ask the sign-in to answer with what the console asks for first: the user's info,
 * and the dashboard's figures when the dashboard is where the visitor goes.
 */
export function askNext(target: string): Record<string, string> {
  return target === '/home' ? { next: 'userInfo,dashboard', tzOffset: String(new Date().getTimezoneOffset()) } : { next: 'userInfo' };
}

export function passwordGrant(username: string, password: string): Record<string, string> {
  return { ...CLIENT, grant_type: 'password', username: username.trim(), password, time: String(Date.now()) };
}

export function smsGrant(phone: string, vCode: string): Record<string, string> {
  return { ...CLIENT, grant_type: 'sms', phone: phone.trim(), vCode: vCode.trim(), time: String(Date.now()) };
}
