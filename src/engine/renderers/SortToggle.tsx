import { Button } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../../shared/schema/types';
import { fieldSchema, isSortable, parseSort } from '../../shared/schema/model';
import { columnFields } from './useColumns';

interface Props {
  page: PageSchema;
  /** The sort in the address, null for the page's default. */
  sort: string | null;
  /** Columns the user has hidden. */
  hidden: string[];
  onSort: (sort: string) => void;
}

/**
 * The list's order when its sort field is no column shown (a default "newest first" on a time the
 * table does not show, or a column the user hid): a header arrow cannot say it, so this button does,
 * and reverses it.
 */
export function SortToggle({ page, sort, hidden, onSort }: Props) {
  const { t } = useTranslation();
  const effective = sort ?? page.list?.defaultSort;
  if (!effective) return null;
  const { field, desc } = parseSort(effective);
  const shown = columnFields(page).filter((c) => !hidden.includes(c));
  const f = fieldSchema(page, field);
  if (shown.includes(field) || !isSortable(page, field) || !f) return null;
  const name = t(f.title);
  const order = t(desc ? 'engine.list.sortDescending' : 'engine.list.sortAscending');
  return (
    <Button
      icon={desc ? <ArrowDownOutlined /> : <ArrowUpOutlined />}
      data-testid="sort-toggle"
      title={t('engine.list.sortReverse')}
      onClick={() => onSort(desc ? field : `-${field}`)}
    >
      {t('engine.list.sortedBy', { field: name, order })}
    </Button>
  );
}
