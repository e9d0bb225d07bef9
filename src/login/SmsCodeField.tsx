import { useState } from 'react';
import type { ApiError } from '../client/envelope';
import type { Language } from '../i18n/languages';
import { useCountdown } from '../utils/useCountdown';
import { sendLoginCode } from './authClient';
import { Spinner, TextInput } from './controls';
import type { Translate } from './text';

interface Props {
  value: string;
  invalid: boolean;
  onValue: (value: string) => void;
  onBlur: () => void;
  /** Checks the phone field first; returns false (and shows why) when no code can be sent. */
  phoneReady: () => boolean;
  phone: string;
  lang: Language;
  t: Translate;
  onError: (message: string | null) => void;
}

/** The code input with its send button; the button counts down the server's one-minute resend limit. */
export function SmsCodeField({ value, invalid, onValue, onBlur, phoneReady, phone, lang, t, onError }: Props) {
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (!phoneReady()) return;
    setSending(true);
    onError(null);
    try {
      start((await sendLoginCode(phone.trim(), lang, t)).resendIn);
    } catch (e) {
      onError((e as ApiError).message);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="auth-code">
      <TextInput
        id="vCode"
        icon="mobile"
        value={value}
        invalid={invalid}
        onValue={(v) => onValue(v.replace(/\D/g, '').slice(0, 6))}
        onBlur={onBlur}
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={t('login.codePlaceholder')}
        maxLength={6}
      />
      <button type="button" className="auth-button" onClick={send} disabled={sending || left > 0}>
        {sending && <Spinner />}
        {left > 0 ? t('login.resendIn', { seconds: left }) : t('login.sendCode')}
      </button>
    </div>
  );
}
