import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="error-page">
      <ErrorScreen status="404" title="404" text={t('errors.notFound')} />
    </div>
  );
}
