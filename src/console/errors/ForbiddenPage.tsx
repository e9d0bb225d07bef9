import { useTranslation } from 'react-i18next';
import { ErrorScreen } from './ErrorScreen';

export default function ForbiddenPage() {
  const { t } = useTranslation();
  return (
    <div className="error-page">
      <ErrorScreen status="403" title="401" text={t('errors.forbidden')} />
    </div>
  );
}
