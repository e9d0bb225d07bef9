import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../engine/session/store';

/** A menu title key in the current language: bundled translations first, then the server's translatelist. */
export function useMenuTitle() {
  const { t, i18n } = useTranslation();
  const { info } = useSession();
  return useCallback(
    (key: string) => (i18n.exists(key) ? t(key) : info?.translatelist?.[key] ?? key),
    [t, i18n, info],
  );
}
