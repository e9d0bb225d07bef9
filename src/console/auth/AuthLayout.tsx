import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../i18n/languages';
import { AuthFrame } from '../../login/AuthFrame';
import { LanguageSwitch } from '../../login/LanguageSwitch';
import { useLanguagePick } from '../layout/useLanguagePick';

/** The register and social-redirect screens, in the sign-in screen's frame (src/login). */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const pick = useLanguagePick();
  return (
    <AuthFrame
      t={t}
      title={title}
      subtitle={subtitle}
      language={<LanguageSwitch value={i18n.language as Language} label={t('login.language')} onChange={(l) => void pick(l)} />}
    >
      {children}
    </AuthFrame>
  );
}
