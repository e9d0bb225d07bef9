import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';

/**
 * A menu title key in the current language: the server's translatelist first (it reads menu.json's
 * titles and the pages' message files as they are now, so a reload shows a new title without a
 * build; the session is fetched again after a language switch), then the bundled translations.
 */
export function useMenuTitle() {
  const { t, i18n } = useTranslation();
  const { info } = useSession();
  return useCallback((key: string) => info?.translatelist?.[key] ?? (i18n.exists(key) ? t(key) : key), [t, i18n, info]);
}
