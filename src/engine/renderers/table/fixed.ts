import type { CSSProperties } from 'react';
import type { TableColumn, TableRow } from './types';

/** Where a pinned cell sticks, and which pinned cell draws the shadow of its side. */
export interface CellPin {
  side: 'left' | 'right';
  offset: number;
  /** The last of the left group or the first of the right group: the edge that casts a shadow. */
  edge: boolean;
}

/**
 * The sticky offsets of the pinned columns (declared widths, laid out fixed, so no cell is measured).
 * `leading` is the width of a selection column before the first column; it is pinned with the left
 * group when there is one. Returns one entry per column (undefined when not pinned) and the
 * selection column's.
 */
export function pinColumns<R extends TableRow>(
  columns: TableColumn<R>[],
  leading: number,
): { pins: (CellPin | undefined)[]; leadingPin: CellPin | undefined } {
  const pins: (CellPin | undefined)[] = columns.map(() => undefined);
  const lefts = columns.flatMap((c, i) => (c.fixed === 'left' ? [i] : []));
  let x = leading;
  lefts.forEach((i, n) => {
    pins[i] = { side: 'left', offset: x, edge: n === lefts.length - 1 };
    x += columns[i].width;
  });
  const rights = columns.flatMap((c, i) => (c.fixed === 'right' ? [i] : [])).reverse();
  let r = 0;
  rights.forEach((i, n) => {
    pins[i] = { side: 'right', offset: r, edge: n === rights.length - 1 };
    r += columns[i].width;
  });
  const leadingPin = leading > 0 && lefts.length > 0 ? { side: 'left' as const, offset: 0, edge: false } : undefined;
  return { pins, leadingPin };
}

/** antd's classes and style for a pinned cell, so its stylesheet draws the sticky cell and its shadow. */
export function pinProps(prefix: string, pin: CellPin | undefined): { className: string; style?: CSSProperties } {
  if (!pin) return { className: '' };
  const edge = pin.edge ? ` ${prefix}-cell-fix-${pin.side}-${pin.side === 'left' ? 'last' : 'first'}` : '';
  return { className: ` ${prefix}-cell-fix-${pin.side}${edge}`, style: { position: 'sticky', [pin.side]: pin.offset } };
}
