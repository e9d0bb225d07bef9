import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '../../engine/session/api';
import type { ApiError } from '../../client/envelope';
import { confirmRules, passwordRules } from './passwordRules';

/** Change password (spec §2.2 /profile/updatePassword); other devices are signed out by the server. */
export default function UpdatePasswordPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = async (v: { oldPassword: string; newPassword: string; confirm: string }) => {
    setBusy(true);
    setError(null);
    try {
      await sessionApi.updatePassword(v.oldPassword, v.newPassword, v.confirm);
      form.resetFields();
      void message.success(t('password.changed'));
    } catch (e) {
      setError((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('password.title')} className="narrow-card">
      <p className="muted">{t('password.intro')}</p>
      {error && <Alert type="error" showIcon message={error} className="auth-alert" role="alert" />}
      <Form form={form} layout="vertical" onFinish={finish} requiredMark={false} style={{ maxWidth: 420 }}>
        <Form.Item name="oldPassword" label={t('password.old')} rules={[{ required: true, message: t('password.oldRequired') }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('password.new')} extra={t('register.passwordHint')} rules={passwordRules(t)} validateFirst>
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Form.Item name="confirm" label={t('password.confirm')} dependencies={['newPassword']} rules={confirmRules(t, form, 'newPassword')}>
          <Input.Password autoComplete="new-password" maxLength={64} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('password.submit')}
        </Button>
      </Form>
    </Card>
  );
}
