import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/languages';
import { useLanguagePick } from './useLanguagePick';

export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const pick = useLanguagePick();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((l) => ({ key: l, label: LANGUAGE_NAMES[l] })),
        onClick: ({ key }) => void pick(key as Language),
      }}
    >
      {/* Named by its visible text and a hidden word: a name that left out the visible text would not match what a voice user says. */}
      <Button type="text" icon={<TranslationOutlined />}>
        <span className="sr-only">{t('layout.language')}</span>
        <span className="hide-mobile">{LANGUAGE_NAMES[(i18n.language as Language) ?? 'en']}</span>
      </Button>
    </Dropdown>
  );
}
