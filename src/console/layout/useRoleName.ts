import { useTranslation } from 'react-i18next';

/** Built-in roles are named in the current language; roles created on the role page keep their own name. */
export function useRoleName() {
  const { t, i18n } = useTranslation();
  return (code: string, stored: string) => (i18n.exists(`roles.${code}`) ? t(`roles.${code}`) : stored);
}
