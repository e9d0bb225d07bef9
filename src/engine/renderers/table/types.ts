import type { ReactNode } from 'react';

/** The table's row: every engine record has a numeric id, its key in the DOM and in the selection. */
export interface TableRow {
  id: number;
}

export type SortOrder = 'ascend' | 'descend';

/** One column of the engine's table, as `useColumns` builds it from the schema. */
export interface TableColumn<R extends TableRow> {
  key: string;
  title: string;
  /** Pixels: the table's layout is fixed, so a pinned column's offset is known without measuring. */
  width: number;
  fixed?: 'left' | 'right';
  /** May narrow to MIN_COLUMN_SCALE of its width before the table scrolls sideways (text; never a pinned column). */
  shrink?: boolean;
  align?: 'right';
  /** One line, cut with an ellipsis. */
  ellipsis?: boolean;
  /** Present on a sortable column: its current order, or null when the list is not sorted by it. */
  sortOrder?: SortOrder | null;
  /** What a click on the header will do next ("click to sort ascending"). */
  sortTip?: string;
  onSort?: () => void;
  render: (record: R) => ReactNode;
}

export type TableSize = 'small' | 'middle' | 'large';
