import { App, Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage, i18next } from '../../i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages';
import { refreshSession } from '../../engine/session/store';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const pick = async (lang: Language) => {
    if (lang === i18n.language) return;
    await changeLanguage(lang);
    // Said in the new language: the hook's t is still bound to the old one here.
    void message.success(i18next.t('layout.switchLanguageSuccess'));
    // Menu names come from the server in the caller's language.
    void refreshSession().catch(() => undefined);
  };
  return (
    <Dropdown trigger={['click']} menu={{
      selectable: true,
      selectedKeys: [i18n.language],
      items: LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
      onClick: ({ key }) => void pick(key as Language),
    }}>
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('layout.language')}>
        <span className="hide-mobile">{LANGUAGE_NAMES[(i18n.language as Language) ?? 'en']}</span>
      </Button>
    </Dropdown>
  );
}
