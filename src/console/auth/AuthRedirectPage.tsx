import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { acceptToken } from '../../engine/session/store';
import { AuthLayout } from './AuthLayout';
import { safeRedirect } from '../../login/redirect';

/** Return address of a social sign-in: the provider hands back a token, the console keeps it and moves on. */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const token = params.get('token');
  // Stored during the first render, before <Navigate> moves on to a guarded page that needs it.
  useState(() => (token ? acceptToken(token) : undefined));
  if (token) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return (
    <AuthLayout title={t('login.socialFailedTitle')} subtitle={t('login.socialFailed')}>
      <a href="#/login">{t('login.backToLogin')}</a>
    </AuthLayout>
  );
}
