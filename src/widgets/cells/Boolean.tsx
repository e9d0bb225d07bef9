import { useTranslation } from 'react-i18next';
import { EMPTY, isEmpty, type CellProps } from '../types';

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';

/** Yes / No in the current language. */
export default function BooleanCell({ value }: CellProps) {
  const { t } = useTranslation();
  if (isEmpty(value)) return <>{EMPTY}</>;
  return <span>{truthy(value) ? t('common.yes') : t('common.no')}</span>;
}
