import { useEffect, useState, type FormEvent } from 'react';
import type { ApiError } from '../client/envelope';
import { askNext, passwordGrant, smsGrant } from '../engine/session/authorizeForm';
import { takeLoginNotice } from '../engine/session/loginNotice';
import { browserLanguage, writeLanguageCookie } from '../i18n/languageCookie';
import type { Language } from '../i18n/languages';
import { AuthFrame } from './AuthFrame';
import { authorize, storeToken } from './authClient';
import { Field, PasswordInput, Spinner, Tabs, TextInput } from './controls';
import { handOver, prefetchConsole } from './handoff';
import { AuthIcon } from './icons';
import { LanguageSwitch } from './LanguageSwitch';
import { redirectParam, safeRedirect } from './redirect';
import { rememberAccount, rememberedAccount } from './remember';
import { checkField, checkForm, FIELDS, type FieldErrors, type LoginField, type LoginMode, type LoginValues } from './rules';
import { SmsCodeField } from './SmsCodeField';
import { SocialProviders } from './SocialProviders';
import { loadAuthText, type Translate } from './text';

// Loaded with this module, so the screen's first render already has its words.
const firstLanguage = browserLanguage();
const firstText = await loadAuthText(firstLanguage);

/**
 * The sign-in screen (spec §2.1, §7): its own small app without antd, so the first screen of the
 * console is light. The console itself is fetched once the visitor starts typing (handoff.ts).
 */
export default function LoginApp() {
  const [text, setText] = useState<{ lang: Language; t: Translate }>({ lang: firstLanguage, t: firstText });
  const { lang, t } = text;
  const [mode, setMode] = useState<LoginMode>('password');
  const [values, setValues] = useState<LoginValues>(() => {
    const account = rememberedAccount();
    return { username: account, password: '', phone: '', vCode: '', remember: Boolean(account) };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const notice = takeLoginNotice();
    if (notice) setMessage(notice);
  }, []);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = `${t('login.title')} - ${t('app.productName')}`;
  }, [lang, t]);

  const switchLanguage = (next: Language) => {
    writeLanguageCookie(next);
    void loadAuthText(next).then((nextT) => {
      setText({ lang: next, t: nextT });
      // Messages already shown were written in the old language; the next check writes them anew.
      setErrors({});
    });
  };

  const update = (field: LoginField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Like antd's forms: once a field shows a message, it is re-checked as the visitor types.
    if (errors[field]) setErrors((e) => ({ ...e, [field]: checkField(field, next, t) }));
  };
  const blur = (field: LoginField) => {
    if (values[field]) setErrors((e) => ({ ...e, [field]: checkField(field, values, t) }));
  };
  const field = (name: LoginField) => ({
    value: values[name],
    invalid: Boolean(errors[name]),
    onValue: (v: string) => update(name, v),
    onBlur: () => blur(name),
  });

  const switchMode = (next: LoginMode) => {
    setMode(next);
    setErrors({});
    setMessage(null);
  };

  const phoneReady = () => {
    const problem = checkField('phone', values, t);
    setErrors((e) => ({ ...e, phone: problem }));
    if (problem) document.getElementById('phone')?.focus();
    return !problem;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    prefetchConsole();
    const found = checkForm(mode, values, t);
    setErrors(found);
    const firstInvalid = FIELDS[mode].find((f) => found[f]);
    if (firstInvalid) {
      document.getElementById(firstInvalid)?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const target = safeRedirect(redirectParam());
      const grant = mode === 'password' ? passwordGrant(values.username, values.password) : smsGrant(values.phone, values.vCode);
      const answer = await authorize({ ...grant, ...askNext(target) }, lang, t);
      if (mode === 'password') rememberAccount(values.remember ? values.username.trim() : null);
      storeToken(answer.access_token);
      // The screen stays busy until the console replaces it.
      handOver(target, answer.next);
    } catch (err) {
      setMessage((err as ApiError).message);
      setBusy(false);
    }
  };

  const remembered = Boolean(values.username) && values.remember;
  return (
    <AuthFrame
      t={t}
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      language={<LanguageSwitch value={lang} label={t('login.language')} onChange={switchLanguage} />}
    >
      <Tabs
        label={t('login.title')}
        value={mode}
        onChange={switchMode}
        items={[
          { key: 'password', label: t('login.byPassword') },
          { key: 'sms', label: t('login.bySms') },
        ]}
      />
      {message && (
        <div className="auth-message" role="alert">
          <AuthIcon name="alert" />
          <span>{message}</span>
        </div>
      )}
      <form
        id="auth-panel"
        role="tabpanel"
        aria-labelledby={`auth-tab-${mode}`}
        noValidate
        onSubmit={submit}
        onInput={prefetchConsole}
        onPointerDown={prefetchConsole}
      >
        {mode === 'password' ? (
          <>
            <Field id="username" label={t('login.account')} error={errors.username}>
              <TextInput
                id="username"
                icon="user"
                {...field('username')}
                autoComplete="username"
                placeholder={t('login.accountPlaceholder')}
                autoFocus={!remembered}
              />
            </Field>
            <Field id="password" label={t('login.password')} error={errors.password}>
              <PasswordInput
                t={t}
                id="password"
                {...field('password')}
                autoComplete="current-password"
                placeholder={t('login.passwordPlaceholder')}
                autoFocus={remembered}
              />
            </Field>
            <div className="auth-row">
              <label className="auth-check">
                <input type="checkbox" checked={values.remember} onChange={(e) => setValues({ ...values, remember: e.target.checked })} />
                {t('login.remember')}
              </label>
              <a href="#/register">{t('login.toRegister')}</a>
            </div>
          </>
        ) : (
          <>
            <Field id="phone" label={t('login.phone')} error={errors.phone}>
              <TextInput
                id="phone"
                icon="mobile"
                {...field('phone')}
                inputMode="numeric"
                autoComplete="tel"
                maxLength={11}
                placeholder={t('login.phonePlaceholder')}
                autoFocus
              />
            </Field>
            <Field id="vCode" label={t('login.code')} error={errors.vCode}>
              <SmsCodeField {...field('vCode')} phoneReady={phoneReady} phone={values.phone} lang={lang} t={t} onError={setMessage} />
            </Field>
          </>
        )}
        <button type="submit" className="auth-button auth-button--primary auth-submit" disabled={busy} aria-busy={busy}>
          {busy && <Spinner />}
          {t('login.submit')}
        </button>
      </form>
      <SocialProviders t={t} />
    </AuthFrame>
  );
}
