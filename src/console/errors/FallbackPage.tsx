import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

/** Default page for a menu entry whose component cannot be found (spec §2.1, §8). */
export default function FallbackPage({ component }: { component: string }) {
  const { t } = useTranslation();
  return <ErrorScreen status="warning" title={t('errors.missingPageTitle')} text={t('errors.missingPage', { component })} />;
}
