import { useTranslation } from 'react-i18next';
import { regionLabel } from '../../shared/regions';
import { EMPTY, isEmpty, type CellProps } from '../types';
import { ellipsis } from './Text';

/** Province / city / district codes by name, in the current language. */
export default function Region({ value }: CellProps) {
  const { i18n } = useTranslation();
  const text = isEmpty(value) ? '' : regionLabel(value, i18n.language);
  if (!text) return <>{EMPTY}</>;
  return (
    <span {...ellipsis} title={text}>
      {text}
    </span>
  );
}
