import { describe, expect, it } from 'vitest';
import { fitScale, fitWidths, MIN_COLUMN_SCALE } from './fixed';
import type { TableColumn, TableRow } from './types';

const col = (key: string, width: number, extra: Partial<TableColumn<TableRow>> = {}): TableColumn<TableRow> => ({
  key,
  title: key,
  width,
  render: () => null,
  ...extra,
});

describe('columns fitted to the box', () => {
  const columns = [
    col('name', 150, { shrink: true }),
    col('phone', 150, { shrink: true }),
    col('createdAt', 170),
    col('actions', 160, { fixed: 'right' }),
  ];

  it('splits what may narrow (text) from what keeps its width (dates, pinned, the selection box)', () => {
    expect(fitWidths(columns, 32)).toEqual({ fixed: 32 + 170 + 160, free: 300 });
    // A pinned column keeps its width even when it is text: the sticky offsets are its declared widths.
    expect(fitWidths([col('code', 150, { shrink: true, fixed: 'left' })], 0)).toEqual({ fixed: 150, free: 0 });
  });

  it('narrows the text columns just enough for the box, down to the floor, and never widens them', () => {
    const fit = fitWidths(columns, 32);
    expect(fitScale(fit, 1000)).toBe(1);
    expect(fitScale(fit, 662)).toBe(1);
    const scale = fitScale(fit, 600);
    expect(fit.fixed + scale * fit.free).toBeLessThanOrEqual(600);
    expect(fit.fixed + scale * fit.free).toBeGreaterThan(599);
    expect(fitScale(fit, 300)).toBe(MIN_COLUMN_SCALE);
    // Not measured yet, or nothing that may narrow: as declared.
    expect(fitScale(fit, 0)).toBe(1);
    expect(fitScale({ fixed: 900, free: 0 }, 400)).toBe(1);
  });
});
