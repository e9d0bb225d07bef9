import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

/** Default page for a menu entry whose component cannot be found (spec §2.1, §8). */
export default function FallbackPage({ component, code }: { component: string; code?: string }) {
  const { t } = useTranslation();
  const text = t('errors.missingPage', { component });
  return <ErrorScreen status="warning" title={t('errors.missingPageTitle')} text={code ? `${text} (${code})` : text} />;
}
