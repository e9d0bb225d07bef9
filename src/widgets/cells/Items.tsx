import { useRef } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '../../shared/schema/types';
import { fenToYuan } from '../../shared/number';
import { EMPTY, isEmpty, type CellProps } from '../types';
// The registry imports this module too; cellFor is only called while rendering, after both have loaded.
import { cellFor } from './index';
import { ellipsis } from './Text';
import { enumLabel } from './enumLabel';
import { useKeyboardScroll } from '../useKeyboardScroll';

type Item = Record<string, unknown>;
/** Rows have no id of their own: their position is their key. */
const ROW_KEY = '__row';
type Translate = ReturnType<typeof useTranslation>;

function rowsOf(value: unknown): Item[] {
  return Array.isArray(value) ? value.filter((v): v is Item => Boolean(v) && typeof v === 'object') : [];
}

const subFields = (field: FieldSchema): [string, FieldSchema][] => Object.entries(field.items?.properties ?? {});

/** One cell value as short text: enum labels, yuan for fen, yes/no; references show their keys. */
function plain(tr: Translate, sub: FieldSchema, v: unknown): string {
  if (isEmpty(v)) return EMPTY;
  if (sub.enum) return enumLabel(tr.t, tr.i18n, sub['x-enum-labels'], v);
  if (typeof v === 'number' && (sub['x-component'] === 'Money' || sub['x-cell'] === 'Money')) return `¥${fenToYuan(v)}`;
  if (typeof v === 'boolean') return tr.t(v ? 'common.yes' : 'common.no');
  return String(v);
}

/** An array of objects in a list cell: each row's values on one line, rows separated by semicolons. */
export default function Items({ value, field }: CellProps) {
  const tr = useTranslation();
  const rows = rowsOf(value);
  if (!rows.length) return <>{EMPTY}</>;
  const subs = subFields(field);
  const text = rows.map((r) => subs.map(([k, sub]) => plain(tr, sub, r[k])).join(' / ')).join('; ');
  return (
    <span {...ellipsis} title={text}>
      {text}
    </span>
  );
}

/** An array of objects in the detail view: a small table, one column per sub-field, with their own cells. */
export function ItemsTable({ value, field }: CellProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useKeyboardScroll(box, t(field.title));
  const rows = rowsOf(value);
  if (!rows.length) return <>{EMPTY}</>;
  const columns = [
    { key: '__index', title: '#', width: 48, render: (_: unknown, __: Item, i: number) => i + 1 },
    ...subFields(field).map(([k, sub]) => {
      const Cell = cellFor(sub);
      const money = sub['x-component'] === 'Money' || sub['x-cell'] === 'Money';
      return {
        key: k,
        dataIndex: k,
        title: t(sub.title),
        align: money || sub.type === 'integer' || sub.type === 'number' ? ('right' as const) : undefined,
        render: (v: unknown, r: Item) => <Cell value={v} record={r} field={sub} />,
      };
    }),
  ];
  const keyed = rows.map((r, i) => ({ ...r, [ROW_KEY]: i }));
  return (
    <div ref={box}>
      <Table<Item>
        className="items-table"
        size="small"
        bordered
        pagination={false}
        rowKey={ROW_KEY}
        columns={columns}
        dataSource={keyed}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
