import { api } from '../../client/request';
import type { UserInfo } from './types';
import { SEND_CODE_PATH, type TokenAnswer } from './authorizeForm';

/** The sign-in call itself is made by the light sign-in screen (src/login/authClient.ts). */
export type { TokenAnswer };

export const sessionApi = {
  getUserInfo: () => api.post<UserInfo>('/open-platform/getUserInfo', {}, { silent: true }),
  logout: () => api.get<null>('/open-platform/logout', undefined, { silent: true }),
  switchRole: (role: string) => api.postQuery<TokenAnswer & { role: string }>('/open-platform/switchRole', { role }),
  updatePassword: (oldPassword: string, newPassword: string, confirmPassword: string) =>
    api.postQuery<null>('/open-platform/party/updatePass', { oldPassword, newPassword, confirmPassword }, { silent: true }),
  validPhone: (phone: string) =>
    api.get<{ registered: boolean; available: boolean }>('/open-platform/party/validPhone', { phone }, { silent: true }),
  register: (p: { username: string; password: string; confirmPassword: string; phone: string; vCode: string; partyName?: string }) =>
    api.postQuery<{ username: string }>('/open-platform/party/register', p, { silent: true }),
  sendCode: (phone: string, type: 'login' | 'register' | 'resetPassword') =>
    api.postQuery<{ expiresIn: number; resendIn: number }>(SEND_CODE_PATH, { phone, type }, { silent: true }),
  userLog: (entry: { sysName: string; sysPath: string; content: string; action: string }) =>
    api.post<null>('/open-platform/userLog', entry, { silent: true }),
};
