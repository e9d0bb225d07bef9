import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function ErrorScreen({ status, title, text }: { status: '404' | '403' | 'warning'; title: string; text: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={title}
      subTitle={text}
      extra={[
        <Button type="primary" key="home" onClick={() => navigate('/home')}>
          {t('errors.backHome')}
        </Button>,
        <Button key="back" onClick={() => navigate(-1)}>
          {t('errors.back')}
        </Button>,
      ]}
    />
  );
}
