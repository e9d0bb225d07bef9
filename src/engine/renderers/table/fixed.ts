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

/** The columns' declared widths split into what never gives (pinned, selection, dates, amounts) and what may. */
export interface Fit {
  fixed: number;
  free: number;
}

/**
 * How far the text columns may narrow before the table scrolls sideways: a page whose declared
 * widths are a little wider than the screen shows every column, long texts cut to their ellipsis,
 * instead of hiding the last under the pinned actions.
 */
export const MIN_COLUMN_SCALE = 0.75;

/** The CSS factor the free columns' widths are multiplied by; set on the scroll box by the table. */
export const SCALE = 'var(--data-table-scale, 1)';

export function fitWidths<R extends TableRow>(columns: TableColumn<R>[], leading: number): Fit {
  let fixed = leading;
  let free = 0;
  for (const c of columns) {
    if (c.shrink && !c.fixed) free += c.width;
    else fixed += c.width;
  }
  return { fixed, free };
}

/** The factor for a box `view` pixels wide: 1 when the declared widths fit, never under MIN_COLUMN_SCALE. */
export function fitScale(fit: Fit, view: number): number {
  if (fit.free <= 0 || view <= 0 || fit.fixed + fit.free <= view) return 1;
  const scale = Math.max(MIN_COLUMN_SCALE, (view - fit.fixed) / fit.free);
  // Rounded down to a thousandth: the columns never add up to a pixel more than the box.
  return Math.floor(scale * 1000) / 1000;
}
