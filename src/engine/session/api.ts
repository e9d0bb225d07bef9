import { api } from '../data/request';
import type { UserInfo } from './types';

export interface TokenAnswer {
  access_token: string;
  expires_at: string;
}

/** Fixed client identity fields of the authorize form (spec §7). */
const CLIENT = { client_id: 'console', client_secret: 'console', response_type: 'token', device_id: 'web-console' };

export const sessionApi = {
  loginWithPassword: (username: string, password: string) =>
    api.postForm<TokenAnswer>('/open-platform/authorize', {
      ...CLIENT, grant_type: 'password', username: username.trim(), password, time: String(Date.now()),
    }, { silent: true }),
  loginWithSms: (phone: string, vCode: string) =>
    api.postForm<TokenAnswer>('/open-platform/authorize', {
      ...CLIENT, grant_type: 'sms', phone: phone.trim(), vCode: vCode.trim(), time: String(Date.now()),
    }, { silent: true }),
  getUserInfo: () => api.post<UserInfo>('/open-platform/getUserInfo', {}, { silent: true }),
  logout: () => api.get<null>('/open-platform/logout', undefined, { silent: true }),
  switchRole: (role: string) => api.postQuery<TokenAnswer & { role: string }>('/open-platform/switchRole', { role }),
  updatePassword: (oldPassword: string, newPassword: string, confirmPassword: string) =>
    api.postQuery<null>('/open-platform/party/updatePass', { oldPassword, newPassword, confirmPassword }, { silent: true }),
  validPhone: (phone: string) => api.get<{ registered: boolean; available: boolean }>('/open-platform/party/validPhone', { phone }, { silent: true }),
  register: (p: { username: string; password: string; confirmPassword: string; phone: string; vCode: string; partyName?: string }) =>
    api.postQuery<{ username: string }>('/open-platform/party/register', p, { silent: true }),
  sendCode: (phone: string, type: 'login' | 'register' | 'resetPassword') =>
    api.postQuery<{ expiresIn: number; resendIn: number }>('/ntocc-tps-api/sms/sendVerificationCode', { phone, type }, { silent: true }),
  userLog: (entry: { sysName: string; sysPath: string; content: string; action: string }) =>
    api.post<null>('/open-platform/userLog', entry, { silent: true }),
};
