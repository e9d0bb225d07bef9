import { useEffect, useRef, useState, type RefObject } from 'react';
import type { TableSize } from './types';

/** A row's height before one is measured, by antd's paddings at each density. */
const ESTIMATE: Record<TableSize, number> = { small: 39, middle: 47, large: 55 };
/** Rows drawn beyond each edge of the box, so a scroll by the wheel shows drawn rows at once. */
const OVERSCAN = 12;
/** The first drawn row moves in steps of this many, so most scroll events change nothing React sees. */
const STEP = 8;

export interface RowWindow {
  start: number;
  end: number;
  /** Heights of the undrawn rows above and below, kept as two spacer rows. */
  before: number;
  after: number;
}

/**
 * Which rows of a long table are drawn: those in its scrolling box and a margin. The row height is
 * read from a drawn row at a scroll (layout is current then, so reading it costs nothing), not
 * measured at the first render.
 */
export function useRowWindow(
  box: RefObject<HTMLElement | null>,
  count: number,
  enabled: boolean,
  size: TableSize,
  height: number,
): RowWindow {
  const [first, setFirst] = useState(0);
  const rowHeight = useRef(ESTIMATE[size]);
  useEffect(() => {
    rowHeight.current = ESTIMATE[size];
  }, [size]);
  useEffect(() => {
    const el = box.current;
    if (!enabled || !el) return undefined;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const row = el.querySelector<HTMLElement>('tbody > tr.ant-table-row');
        if (row?.offsetHeight) rowHeight.current = row.offsetHeight;
        const head = el.querySelector('thead')?.offsetHeight ?? 0;
        const top = Math.floor(Math.max(0, el.scrollTop - head) / rowHeight.current);
        setFirst(Math.max(0, Math.floor((top - OVERSCAN) / STEP) * STEP));
      });
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [box, enabled]);
  if (!enabled) return { start: 0, end: count, before: 0, after: 0 };
  const h = rowHeight.current;
  const drawn = Math.ceil(height / h) + 2 * OVERSCAN + STEP;
  const start = Math.max(0, Math.min(first, count - drawn));
  const end = Math.min(count, start + drawn);
  return { start, end, before: start * h, after: (count - end) * h };
}
