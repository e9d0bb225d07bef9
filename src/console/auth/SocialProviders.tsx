import { useEffect, useState } from 'react';
import { Button, Divider, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../engine/data/request';

interface Provider { code: string; name: string; authorizeUrl: string }

/** The social sign-in variant: lists the providers the server is configured with, and nothing when there are none. */
export function SocialProviders() {
  const { t } = useTranslation();
  const [providers, setProviders] = useState<Provider[]>([]);
  useEffect(() => {
    api.get<{ socialProviders: Provider[] }>('/open-platform/public/loginOptions', undefined, { silent: true })
      .then((d) => setProviders(d.socialProviders))
      .catch(() => setProviders([]));
  }, []);
  if (!providers.length) return null;
  return (
    <div className="auth-social">
      <Divider plain>{t('login.socialTitle')}</Divider>
      <Space wrap>
        {providers.map((p) => (
          <Button key={p.code} onClick={() => { window.location.href = p.authorizeUrl; }}>{p.name}</Button>
        ))}
      </Space>
    </div>
  );
}
