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
}

export function passwordGrant(username: string, password: string): Record<string, string> {
  return { ...CLIENT, grant_type: 'password', username: username.trim(), password, time: String(Date.now()) };
}

export function smsGrant(phone: string, vCode: string): Record<string, string> {
  return { ...CLIENT, grant_type: 'sms', phone: phone.trim(), vCode: vCode.trim(), time: String(Date.now()) };
}
