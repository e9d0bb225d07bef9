import { Input, Typography } from 'antd';
import type { ComponentProps } from 'react';
import { useFieldSchema } from '@formily/react';
import { useTranslation } from 'react-i18next';
import { isPassword } from '../shared/validators';
import type { FieldControlProps } from './types';

export type PasswordStrength = 'weak' | 'medium' | 'strong';

export interface PasswordProps
  extends FieldControlProps<string | undefined>,
    Omit<ComponentProps<typeof Input.Password>, 'value' | 'onChange'> {
  /** In update mode an empty input keeps the stored secret, and the placeholder says so. */
  mode?: 'create' | 'update';
  /** Show the strength hint; defaults to on for fields of format "password". */
  strength?: boolean;
}

/** weak: fails the password rule (8+ characters, letters and digits); strong: 12+ with both cases. */
export function passwordStrength(text: string): PasswordStrength {
  if (!isPassword(text)) return 'weak';
  return text.length >= 12 && /[a-z]/.test(text) && /[A-Z]/.test(text) ? 'strong' : 'medium';
}

const hintType = { weak: 'warning', medium: 'secondary', strong: 'success' } as const;

/**
 * A secret that is written and never read back: the input starts empty, an empty value is emitted
 * as undefined (in update mode: "leave unchanged"). The strength hint advises and never blocks.
 */
export default function Password({ value, onChange, mode = 'create', strength, placeholder, readOnly, ...rest }: PasswordProps) {
  const { t } = useTranslation();
  const schema = useFieldSchema();
  const showStrength = strength ?? schema?.format === 'password';
  const text = typeof value === 'string' ? value : '';
  const level = text ? passwordStrength(text) : null;
  return (
    <div>
      <Input.Password
        {...rest}
        readOnly={readOnly}
        autoComplete="new-password"
        value={text}
        placeholder={placeholder ?? (mode === 'update' ? t('widgets.password.unchanged') : t('widgets.password.placeholder'))}
        onChange={(e) => onChange?.(e.target.value === '' ? undefined : e.target.value)}
      />
      {showStrength && level && (
        <Typography.Text
          type={hintType[level]}
          style={{ display: 'block', fontSize: 12, marginTop: 2 }}
          aria-live="polite"
          data-strength={level}
        >
          {t(`widgets.password.${level}`)}
        </Typography.Text>
      )}
    </div>
  );
}
