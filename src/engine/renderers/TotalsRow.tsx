import { Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import type { PageSchema } from '../../shared/schema/types';
import { fieldSchema } from '../../shared/schema/model';
import { cellFor } from '../../widgets/cells';
import type { ListTotal, Rec } from '../data/pageApi';

/**
 * The totals row under a list (list.totals): the database's aggregates over every row matching the
 * filter, each under its column, drawn with the column's own cell (money as yuan). A count is a
 * plain number. `leading` is the number of cells before the first column (the selection box).
 */
export function totalsSummary(
  page: PageSchema,
  columns: TableColumnsType<Rec>,
  totals: ListTotal[] | undefined,
  t: TFunction,
  leading: number,
) {
  if (!page.list?.totals?.length || !totals?.length) return undefined;
  const byField = new Map<string, ListTotal[]>();
  for (const total of totals) byField.set(total.field, [...(byField.get(total.field) ?? []), total]);
  const Summary = () => (
    <Table.Summary>
      <Table.Summary.Row className="list-totals">
        {leading > 0 && <Table.Summary.Cell index={0} colSpan={leading} />}
        {columns.map((c, i) => {
          const key = String(c.key);
          const mine = byField.get(key) ?? [];
          const f = fieldSchema(page, key);
          return (
            <Table.Summary.Cell key={key} index={i + leading} align={c.align}>
              {i === 0 && !mine.length && <Typography.Text strong>{t('engine.list.totals.label')}</Typography.Text>}
              {f &&
                mine.map((total) => {
                  const Cell = cellFor(total.op === 'count' ? { type: 'integer', title: f.title } : f);
                  return (
                    <div key={total.op} className="list-totals__value">
                      <Typography.Text type="secondary" className="list-totals__op">
                        {t(`engine.list.totals.${total.op}`)}
                      </Typography.Text>{' '}
                      <Typography.Text strong>
                        <Cell value={total.value} field={total.op === 'count' ? { type: 'integer', title: f.title } : f} />
                      </Typography.Text>
                    </div>
                  );
                })}
            </Table.Summary.Cell>
          );
        })}
      </Table.Summary.Row>
    </Table.Summary>
  );
  return Summary;
}
