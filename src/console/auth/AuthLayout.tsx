import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import { changeLanguage, i18next } from '../../i18n';
import type { Language } from '../../i18n/languages';
import { AuthFrame } from '../../login/AuthFrame';
import { LanguageSwitch } from '../../login/LanguageSwitch';

/** The register and social-redirect screens, in the sign-in screen's frame (src/login). */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const pick = async (lang: Language) => {
    await changeLanguage(lang);
    void message.success(i18next.t('layout.switchLanguageSuccess'));
  };
  return (
    <AuthFrame t={t} title={title} subtitle={subtitle}
      language={<LanguageSwitch value={i18n.language as Language} label={t('login.language')} onChange={(l) => void pick(l)} />}>
      {children}
    </AuthFrame>
  );
}
