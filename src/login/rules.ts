import { isMobile } from '../shared/validators';
import type { Translate } from './text';

export type LoginMode = 'password' | 'sms';

export interface LoginValues {
  username: string;
  password: string;
  phone: string;
  vCode: string;
  remember: boolean;
}

export type LoginField = Exclude<keyof LoginValues, 'remember'>;
export type FieldErrors = Partial<Record<LoginField, string>>;

export const FIELDS: Record<LoginMode, LoginField[]> = { password: ['username', 'password'], sms: ['phone', 'vCode'] };
const MAX_LENGTH: Partial<Record<LoginField, number>> = { username: 64, password: 128 };

/** The message for one field, or undefined when it is fine. */
export function checkField(field: LoginField, values: LoginValues, t: Translate): string | undefined {
  const value = values[field];
  const max = MAX_LENGTH[field];
  switch (field) {
    case 'username':
      if (!value.trim()) return t('login.accountRequired');
      break;
    case 'password':
      if (!value) return t('login.passwordRequired');
      break;
    case 'phone':
      if (!value.trim()) return t('login.phoneRequired');
      if (!isMobile(value.trim())) return t('validation.mobile');
      break;
    case 'vCode':
      if (!value.trim()) return t('login.codeRequired');
      if (!/^\d{6}$/.test(value.trim())) return t('login.codeLength');
      break;
  }
  if (max && value.length > max) return t('login.tooLong', { max });
  return undefined;
}

export function checkForm(mode: LoginMode, values: LoginValues, t: Translate): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of FIELDS[mode]) {
    const message = checkField(field, values, t);
    if (message) errors[field] = message;
  }
  return errors;
}
