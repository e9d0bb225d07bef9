import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../engine/session/api';
import type { ApiError } from '../../client/envelope';
import { isMobile } from '../../shared/validators';
import { useCountdown } from '../../utils/useCountdown';

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  phone: string;
  purpose: 'login' | 'register' | 'resetPassword';
  onError: (message: string | null) => void;
  id?: string;
}

/** A code field with its send button; the button counts down the server's one-minute resend limit. */
export function SmsCodeInput({ value, onChange, phone, purpose, onError, id }: Props) {
  const { t } = useTranslation();
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!isMobile(phone)) {
      onError(t('validation.mobile'));
      return;
    }
    setSending(true);
    onError(null);
    try {
      const answer = await sessionApi.sendCode(phone, purpose);
      start(answer.resendIn);
    } catch (e) {
      onError((e as ApiError).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <Space.Compact block>
      <Input
        id={id}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('login.codePlaceholder')}
        maxLength={6}
      />
      <Button onClick={send} loading={sending} disabled={left > 0} style={{ minWidth: 120 }}>
        {left > 0 ? t('login.resendIn', { seconds: left }) : t('login.sendCode')}
      </Button>
    </Space.Compact>
  );
}
