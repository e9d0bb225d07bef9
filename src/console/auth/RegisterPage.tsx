import { useState } from 'react';
import { Alert, Button, Form, Input, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { sessionApi } from '../../engine/session/api';
import type { ApiError } from '../../client/envelope';
import { isMobile } from '../../shared/validators';
import { AuthLayout } from './AuthLayout';
import { SmsCodeInput } from './SmsCodeInput';
import { confirmRules, passwordRules } from './passwordRules';

const USERNAME = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const phone = Form.useWatch('phone', form) ?? '';
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const checkPhone = async (_: unknown, v: string) => {
    if (!v) return;
    if (!isMobile(v)) throw new Error(t('validation.mobile'));
    const answer = await sessionApi.validPhone(v).catch(() => null);
    if (answer && !answer.available) throw new Error(t('register.phoneTaken'));
  };

  const finish = async (v: Record<string, string>) => {
    setBusy(true);
    setError(null);
    try {
      await sessionApi.register({
        username: v.username.trim(),
        password: v.password,
        confirmPassword: v.confirm,
        phone: v.phone,
        vCode: v.vCode,
        partyName: v.partyName?.trim(),
      });
      setDone(v.username.trim());
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <AuthLayout title={t('register.title')}>
        <Result
          status="success"
          title={t('register.done')}
          subTitle={t('register.doneText', { username: done })}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('login.backToLogin')}
            </Button>
          }
        />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('register.title')} subtitle={t('register.subtitle')}>
      {error && <Alert type="error" showIcon message={error} className="auth-alert" role="alert" />}
      <Form form={form} layout="vertical" onFinish={finish} requiredMark={false}>
        <Form.Item
          name="username"
          label={t('register.username')}
          extra={t('register.usernameHint')}
          validateFirst
          rules={[
            { required: true, whitespace: true, message: t('register.usernameRequired') },
            { pattern: USERNAME, message: t('register.usernameHint') },
          ]}
        >
          <Input autoComplete="username" maxLength={32} />
        </Form.Item>
        <Form.Item name="partyName" label={t('register.partyName')} extra={t('register.partyNameHint')} rules={[{ max: 64 }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label={t('register.password')} extra={t('register.passwordHint')} rules={passwordRules(t)} validateFirst>
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item name="confirm" label={t('register.confirm')} dependencies={['password']} rules={confirmRules(t, form, 'password')}>
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('register.phone')}
          extra={t('register.phoneHint')}
          validateTrigger="onBlur"
          validateFirst
          rules={[{ required: true, message: t('login.phoneRequired') }, { validator: checkPhone }]}
        >
          <Input inputMode="numeric" autoComplete="tel" maxLength={11} />
        </Form.Item>
        <Form.Item
          name="vCode"
          label={t('register.code')}
          rules={[
            { required: true, message: t('login.codeRequired') },
            { len: 6, message: t('login.codeLength') },
          ]}
        >
          <SmsCodeInput phone={phone} purpose="register" onError={setError} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('register.submit')}
        </Button>
        <div className="auth-row auth-row--center">
          <Link to="/login">{t('register.haveAccount')}</Link>
        </div>
      </Form>
    </AuthLayout>
  );
}
