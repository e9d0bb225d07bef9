import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSchema, PageSchema } from '../../shared/schema/types';
import { fieldSchema, isSortable, parseSort } from '../../shared/schema/model';
import { cellFor } from '../../widgets/cells';
import type { Rec } from '../data/pageApi';
import { nextSort } from '../controllers/listUrlState';
import { actionColumnWidth, INLINE_ROW_ACTIONS } from './actionColumn';
import { useScreens } from '../../utils/useScreens';
import type { TableColumn } from './table/types';

export function columnFields(page: PageSchema): string[] {
  return (page.list?.columns ?? []).map((c) => (typeof c === 'string' ? c : c.field));
}

/**
 * The width a column without a declared one is given in the table's scroll width. Only text may
 * narrow when the table is wider than its box (see MIN_COLUMN_SCALE): a date, an amount or a count
 * is given the width it needs, and cut it would no longer say what it is.
 */
function naturalWidth(f: FieldSchema): { width: number; shrink: boolean } {
  if (f.format === 'date-time') return { width: 170, shrink: false };
  if (f.format === 'date') return { width: 120, shrink: false };
  // Money reads "¥1,020,564.00": wider than a count.
  if (f['x-cell'] === 'Money' || f['x-component'] === 'Money') return { width: 140, shrink: false };
  if (f.type === 'integer' || f.type === 'number' || f.type === 'boolean') return { width: 110, shrink: false };
  return { width: 150, shrink: true };
}

/**
 * Table columns from the schema: titles, cells, widths, and sort state driven by the URL. A click on a
 * sortable header goes through `onSort` (ascending, descending, none); with no sort chosen the
 * default sort shows on its column.
 */
export function useColumns(
  page: PageSchema,
  sort: string | null,
  hidden: string[],
  actions: ((r: Rec) => ReactNode) | null,
  onSort?: (field: string) => void,
) {
  const { t, i18n } = useTranslation();
  // The actions stay pinned at the row's end at any width (scrolled off a phone's screen they were
  // out of reach); on a phone the column holds one link and the menu, so it covers little of the row.
  const phone = !useScreens().md;
  return useMemo(() => {
    const current = sort ? parseSort(sort) : page.list?.defaultSort ? parseSort(page.list.defaultSort) : null;
    const tip = (field: string) => {
      const next = nextSort(sort, field);
      return t(`engine.list.sortNext.${next === null ? 'none' : next.startsWith('-') ? 'desc' : 'asc'}`);
    };
    const cols: TableColumn<Rec>[] = (page.list?.columns ?? [])
      .map((c) => (typeof c === 'string' ? { field: c } : c))
      .filter((c) => !hidden.includes(c.field))
      .map((c): TableColumn<Rec> => {
        const f = fieldSchema(page, c.field)!;
        const Cell = cellFor(f);
        const money = f['x-component'] === 'Money' || f['x-cell'] === 'Money';
        const sortable = Boolean(onSort) && isSortable(page, c.field);
        const natural = naturalWidth(f);
        return {
          key: c.field,
          title: t(f.title),
          width: c.width ?? natural.width,
          shrink: natural.shrink && !c.fixed,
          fixed: c.fixed,
          ellipsis: c.ellipsis ?? true,
          align: money || f.type === 'integer' || f.type === 'number' ? 'right' : undefined,
          ...(sortable
            ? {
                sortOrder: current?.field === c.field ? (current.desc ? 'descend' : 'ascend') : null,
                sortTip: tip(c.field),
                onSort: () => onSort!(c.field),
              }
            : {}),
          render: (record: Rec) => <Cell value={record[c.field]} record={record} field={f} />,
        };
      });
    if (actions) {
      cols.push({
        key: '__actions',
        title: t('engine.list.actions'),
        fixed: 'right',
        width: actionColumnWidth(page, t, phone ? 1 : INLINE_ROW_ACTIONS),
        render: actions,
      });
    }
    return cols;
    // i18n.language re-renders titles after a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, sort, hidden, actions, t, i18n.language, phone, onSort]);
}
