import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { PageSchema } from '../../shared/schema/types';
import { fieldSchema } from '../../shared/schema/model';
import { cellFor } from '../../widgets/cells';
import type { ListTotal, Rec } from '../data/pageApi';
import type { TableColumn } from './table/types';

/**
 * The cells of the totals row under a list (list.totals), one per column: the database's aggregates
 * over every row matching the filter, each under its column, drawn with the column's own cell (money
 * as yuan). A count is a plain number. Undefined when the page has no totals or none came.
 */
export function totalsCells(
  page: PageSchema,
  columns: TableColumn<Rec>[],
  totals: ListTotal[] | undefined,
  t: TFunction,
): ReactNode[] | undefined {
  if (!page.list?.totals?.length || !totals?.length) return undefined;
  const byField = new Map<string, ListTotal[]>();
  for (const total of totals) byField.set(total.field, [...(byField.get(total.field) ?? []), total]);
  return columns.map((c, i) => {
    const mine = byField.get(c.key) ?? [];
    const f = fieldSchema(page, c.key);
    return (
      <>
        {i === 0 && !mine.length && <Typography.Text strong>{t('engine.list.totals.label')}</Typography.Text>}
        {f &&
          mine.map((total) => {
            const shown = total.op === 'count' ? { type: 'integer' as const, title: f.title } : f;
            const Cell = cellFor(shown);
            return (
              <div key={total.op} className="list-totals__value">
                <Typography.Text type="secondary" className="list-totals__op">
                  {t(`engine.list.totals.${total.op}`)}
                </Typography.Text>{' '}
                <Typography.Text strong>
                  <Cell value={total.value} field={shown} />
                </Typography.Text>
              </div>
            );
          })}
      </>
    );
  });
}
