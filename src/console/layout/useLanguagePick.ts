import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, i18next } from '../../i18n';
import type { Language } from '../../i18n/languages';
import { refreshSession } from '../../engine/session/store';

/** Switches the console's language and says so; the header's menu and the register page use it. */
export function useLanguagePick(): (lang: Language) => Promise<void> {
  const { i18n } = useTranslation();
  const { message } = App.useApp();
  return async (lang) => {
    if (lang === i18n.language) return;
    await changeLanguage(lang);
    // Said in the new language: the hook's t is still bound to the old one here.
    void message.success(i18next.t('layout.switchLanguageSuccess'));
    // Menu names come from the server in the caller's language (nothing to do before sign-in).
    void refreshSession().catch(() => undefined);
  };
}
