import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={fullscreen ? 'page-loading page-loading--full' : 'page-loading'} role="status" aria-live="polite">
      <Spin />
      <span>{t('common.loading')}</span>
    </div>
  );
}
