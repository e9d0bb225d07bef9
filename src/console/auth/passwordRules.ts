import type { TFunction } from 'i18next';
import type { FormInstance, FormRule } from 'antd';
import { isPassword, PASSWORD_MAX_LENGTH } from '../../shared/validators';

/** The spec §5 password rule as antd form rules, shared by register, change-password and the Password widget. */
export function passwordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('password.required') },
    { max: PASSWORD_MAX_LENGTH },
    { validator: (_, v) => (!v || isPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('validation.password')))) },
  ];
}

export function confirmRules(t: TFunction, form: FormInstance, field: string): FormRule[] {
  return [
    { required: true, message: t('password.confirmRequired') },
    {
      validator: (_, v) => (!v || v === form.getFieldValue(field) ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch')))),
    },
  ];
}
