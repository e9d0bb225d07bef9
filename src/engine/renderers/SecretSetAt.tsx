import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, parseTime } from '../../utils/time';

/** In place of a secret the server never returns: when it was set, or that it is not. */
export function SecretSetAt({ at }: { at: unknown }) {
  const { t } = useTranslation();
  const date = typeof at === 'string' || typeof at === 'number' ? parseTime(at) : null;
  if (!date) return <Typography.Text type="secondary">{t('ops.secret.notSet')}</Typography.Text>;
  return (
    <span>
      •••••• <Typography.Text type="secondary">{t('ops.secret.setOn', { date: formatDate(date) })}</Typography.Text>
    </span>
  );
}
