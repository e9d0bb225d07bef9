import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Tabs } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { sessionApi } from '../../engine/session/api';
import { acceptToken } from '../../engine/session/store';
import type { ApiError } from '../../engine/data/envelope';
import { isMobile } from '../../utils/validators';
import { AuthLayout } from './AuthLayout';
import { rememberAccount, rememberedAccount } from './remember';
import { SmsCodeInput } from './SmsCodeInput';
import { SocialProviders } from './SocialProviders';

/** Where to go after signing in: the redirect parameter when it is an in-app path, else the dashboard. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login')) return '/home';
  return raw;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<'password' | 'sms'>('password');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm();
  const phone = Form.useWatch('phone', form) ?? '';

  useEffect(() => {
    document.title = `${t('login.title')} - ${t('app.productName')}`;
  }, [t]);

  const finish = async (values: { username?: string; password?: string; phone?: string; vCode?: string; remember?: boolean }) => {
    setBusy(true);
    setError(null);
    try {
      const answer = mode === 'password'
        ? await sessionApi.loginWithPassword((values.username ?? '').trim(), values.password ?? '')
        : await sessionApi.loginWithSms(values.phone ?? '', values.vCode ?? '');
      if (mode === 'password') rememberAccount(values.remember ? (values.username ?? '').trim() : null);
      acceptToken(answer.access_token);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setError((e as ApiError).message || 'Error');
    } finally {
      setBusy(false);
    }
  };

  const remembered = rememberedAccount();
  return (
    <AuthLayout title={t('login.title')} subtitle={t('login.subtitle')}>
      <Tabs activeKey={mode} onChange={(k) => { setMode(k as 'password' | 'sms'); setError(null); }} centered
        items={[{ key: 'password', label: t('login.byPassword') }, { key: 'sms', label: t('login.bySms') }]} />
      {error && <Alert type="error" showIcon message={error} className="auth-alert" role="alert" />}
      <Form form={form} layout="vertical" size="large" onFinish={finish} requiredMark={false}
        initialValues={{ username: remembered, remember: Boolean(remembered) }}>
        {mode === 'password' ? (
          <>
            <Form.Item name="username" label={t('login.account')} rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }, { max: 64 }]}>
              <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('login.accountPlaceholder')} autoFocus={!remembered} />
            </Form.Item>
            <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }, { max: 128 }]}>
              <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} autoFocus={Boolean(remembered)} />
            </Form.Item>
            <div className="auth-row">
              <Form.Item name="remember" valuePropName="checked" noStyle><Checkbox>{t('login.remember')}</Checkbox></Form.Item>
              <Link to="/register">{t('login.toRegister')}</Link>
            </div>
          </>
        ) : (
          <>
            <Form.Item name="phone" label={t('login.phone')} rules={[{ required: true, message: t('login.phoneRequired') },
              { validator: (_, v) => (!v || isMobile(v) ? Promise.resolve() : Promise.reject(new Error(t('validation.mobile')))) }]}>
              <Input prefix={<MobileOutlined />} inputMode="numeric" autoComplete="tel" maxLength={11} placeholder={t('login.phonePlaceholder')} />
            </Form.Item>
            <Form.Item name="vCode" label={t('login.code')} rules={[{ required: true, message: t('login.codeRequired') }, { len: 6, message: t('login.codeLength') }]}>
              <SmsCodeInput phone={phone} purpose="login" onError={setError} />
            </Form.Item>
          </>
        )}
        <Button type="primary" htmlType="submit" block loading={busy} className="auth-submit">{t('login.submit')}</Button>
      </Form>
      <SocialProviders />
    </AuthLayout>
  );
}
