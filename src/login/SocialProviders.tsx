import { useEffect, useState } from 'react';
import { socialProviders, type SocialProvider } from './authClient';
import type { Translate } from './text';

/** The social sign-in variant: the providers the server is configured with, and nothing when there are none. */
export function SocialProviders({ t }: { t: Translate }) {
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    let live = true;
    void socialProviders().then((list) => live && setProviders(list));
    return () => {
      live = false;
    };
  }, []);
  if (!providers.length) return null;
  return (
    <div className="auth-social">
      <div className="auth-social__title">{t('login.socialTitle')}</div>
      <div className="auth-social__list">
        {providers.map((p) => (
          <button
            key={p.code}
            type="button"
            className="auth-button"
            onClick={() => {
              window.location.href = p.authorizeUrl;
            }}
          >
            {p.name}
          </button>
        ))}
      </div>
    </div>
  );
}
