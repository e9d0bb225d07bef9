import { useMemo, type ReactNode } from 'react';
import { Grid, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSchema } from '../schema/types';
import { fieldSchema, isSortable, parseSort } from '../schema/model';
import { cellFor } from '../../widgets/cells';
import type { Rec } from '../data/pageApi';

export function columnFields(page: PageSchema): string[] {
  return (page.list?.columns ?? []).map((c) => (typeof c === 'string' ? c : c.field));
}

/** Table columns from the schema: titles, cells, widths, and sort state driven by the URL. */
export function useColumns(page: PageSchema, sort: string | null, hidden: string[], actions: ((r: Rec) => ReactNode) | null) {
  const { t, i18n } = useTranslation();
  // A pinned column on a phone would cover most of the row.
  const pinActions = Grid.useBreakpoint().md !== false;
  return useMemo(() => {
    const current = sort ? parseSort(sort) : page.list?.defaultSort ? parseSort(page.list.defaultSort) : null;
    const cols: TableColumnsType<Rec> = (page.list?.columns ?? [])
      .map((c) => (typeof c === 'string' ? { field: c } : c))
      .filter((c) => !hidden.includes(c.field))
      .map((c) => {
        const f = fieldSchema(page, c.field)!;
        const Cell = cellFor(f);
        const money = f['x-component'] === 'Money' || f['x-cell'] === 'Money';
        return {
          key: c.field,
          dataIndex: c.field,
          title: t(f.title),
          width: c.width ?? (f.format === 'date-time' ? 170 : undefined),
          fixed: c.fixed,
          ellipsis: c.ellipsis ?? true,
          align: money || f.type === 'integer' || f.type === 'number' ? 'right' : undefined,
          sorter: isSortable(page, c.field) ? true : undefined,
          sortOrder: current?.field === c.field ? (current.desc ? 'descend' : 'ascend') : null,
          render: (value: unknown, record: Rec) => <Cell value={value} record={record} field={f} />,
        };
      });
    if (actions) cols.push({ key: '__actions', title: t('engine.list.actions'), fixed: pinActions ? 'right' : undefined, width: pinActions ? 200 : 110, render: (_: unknown, r: Rec) => actions(r) });
    return cols;
    // i18n.language re-renders titles after a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, sort, hidden, actions, t, i18n.language, pinActions]);
}
