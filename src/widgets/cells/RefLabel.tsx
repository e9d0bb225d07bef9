import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRefLabels } from '../refOptions';
import { EMPTY, isEmpty, type CellProps } from '../types';
import { ellipsis } from './Text';

/**
 * The label of the referenced record(s) (x-ref). Every RefLabel on screen shares one batched,
 * cached loader, so a page of fifty rows costs one `?ids=` call per referenced page.
 */
export default function RefLabel({ value, field }: CellProps) {
  const { t } = useTranslation();
  const ids = isEmpty(value) ? [] : Array.isArray(value) ? value : [value];
  const { labels, loading } = useRefLabels(field['x-ref'], ids);
  if (!ids.length) return <>{EMPTY}</>;
  if (loading) return <Spin size="small" aria-label={t('widgets.cells.loading')} />;
  const text = labels.join(', ');
  return (
    <span {...ellipsis} title={text}>
      {text}
    </span>
  );
}
