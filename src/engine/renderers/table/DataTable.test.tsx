import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { DataTable, SELECTION_WIDTH, type TableSelection } from './DataTable';
import { pinColumns } from './fixed';
import type { TableColumn } from './types';

interface Row {
  id: number;
  name: string;
}
const col = (key: string, width: number, extra: Partial<TableColumn<Row>> = {}): TableColumn<Row> => ({
  key,
  title: key.toUpperCase(),
  width,
  render: (r) => `${key}:${r.name}`,
  ...extra,
});
const rowsOf = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `r${i + 1}` }));
const bodyRows = (c: HTMLElement) => [...c.querySelectorAll('tbody tr.ant-table-row')];

describe('pinned columns', () => {
  it('stick at the sum of the widths before them, the selection box first', () => {
    const columns = [
      col('a', 100, { fixed: 'left' }),
      col('b', 120, { fixed: 'left' }),
      col('c', 150),
      col('d', 80, { fixed: 'right' }),
      col('e', 60, { fixed: 'right' }),
    ];
    const { pins, leadingPin } = pinColumns(columns, SELECTION_WIDTH);
    expect(leadingPin).toEqual({ side: 'left', offset: 0, edge: false });
    expect(pins).toEqual([
      { side: 'left', offset: 32, edge: false },
      { side: 'left', offset: 132, edge: true },
      undefined,
      { side: 'right', offset: 60, edge: true },
      { side: 'right', offset: 0, edge: false },
    ]);
    // No left group: the selection box scrolls with the rows.
    expect(pinColumns([col('a', 100)], SELECTION_WIDTH).leadingPin).toBeUndefined();
  });

  it('are drawn with antd classes and sticky offsets in a table as wide as its columns', () => {
    const { container } = render(
      <DataTable columns={[col('a', 150), col('b', 170), col('act', 200, { fixed: 'right' })]} rows={rowsOf(2)} empty={null} />,
    );
    expect(container.querySelector('table')!.style.width).toBe('520px');
    const last = bodyRows(container)[0].lastElementChild as HTMLElement;
    expect(last.className).toContain('ant-table-cell-fix-right ant-table-cell-fix-right-first');
    expect(last.style.position).toBe('sticky');
    expect(last.style.right).toBe('0px');
    expect(container.querySelector('.ant-table')!.className).toContain('ant-table-has-fix-right');
  });
});

function Selectable({ rows, onKeys }: { rows: Row[]; onKeys: (k: number[]) => void }) {
  const [keys, setKeys] = useState<number[]>([99]);
  const selection: TableSelection<Row> = {
    keys,
    onChange: (k) => {
      setKeys(k);
      onKeys(k);
    },
    label: (r) => `select ${r.name}`,
    allLabel: 'select page',
  };
  return <DataTable columns={[col('a', 100)]} rows={rows} selection={selection} empty={null} />;
}

describe('selection', () => {
  it('toggles a row, and the header box selects or clears the rows of this page only', () => {
    const seen: number[][] = [];
    render(<Selectable rows={rowsOf(3)} onKeys={(k) => seen.push(k)} />);
    const all = screen.getByRole('checkbox', { name: 'select page' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: 'select r2' }));
    expect(seen.at(-1)).toEqual([99, 2]);
    expect(all.indeterminate).toBe(true);
    expect(screen.getByRole('checkbox', { name: 'select r2' }).closest('tr')!.className).toContain('ant-table-row-selected');
    fireEvent.click(all);
    expect(seen.at(-1)!.sort()).toEqual([1, 2, 3, 99]);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    // Clearing the page keeps the key selected on another page.
    fireEvent.click(all);
    expect(seen.at(-1)).toEqual([99]);
  });
});

describe('a long table', () => {
  it('draws only the rows in view, keeps the height of the rest, and counts every row for a screen reader', () => {
    const { container } = render(<DataTable columns={[col('a', 100)]} rows={rowsOf(1000)} virtualHeight={600} empty={null} />);
    const drawn = bodyRows(container);
    expect(drawn.length).toBeGreaterThan(10);
    expect(drawn.length).toBeLessThan(100);
    expect(drawn[0].getAttribute('aria-rowindex')).toBe('2');
    expect(container.querySelector('table')!.getAttribute('aria-rowcount')).toBe('1001');
    const spacer = container.querySelector<HTMLElement>('tr.data-table__spacer')!;
    // The rows not drawn, at the middle density's estimated height.
    expect(spacer.style.height).toBe(`${(1000 - drawn.length) * 47}px`);
    expect(container.querySelector<HTMLElement>('.ant-table-content')!.style.maxHeight).toBe('600px');
  });

  it('draws every row of a short one', () => {
    const { container } = render(<DataTable columns={[col('a', 100)]} rows={rowsOf(30)} empty={null} />);
    expect(bodyRows(container)).toHaveLength(30);
    expect(container.querySelector('tr.data-table__spacer')).toBeNull();
  });
});

describe('empty and totals', () => {
  it('shows the empty state across the row and no totals row without rows', () => {
    const { container } = render(
      <DataTable columns={[col('a', 100), col('b', 100)]} rows={[]} empty={<p>nothing here</p>} summary={['x', 'y']} />,
    );
    const placeholder = container.querySelector('tr.ant-table-placeholder td')!;
    expect(placeholder.getAttribute('colspan')).toBe('2');
    expect(within(placeholder as HTMLElement).getByText('nothing here')).toBeTruthy();
    expect(container.querySelector('tfoot')).toBeNull();
  });

  it('draws the totals under their columns', () => {
    const { container } = render(
      <DataTable columns={[col('a', 100), col('b', 100, { align: 'right' })]} rows={rowsOf(1)} empty={null} summary={['sum', '42']} />,
    );
    const cells = [...container.querySelectorAll<HTMLElement>('tfoot td')];
    expect(cells.map((c) => c.textContent)).toEqual(['sum', '42']);
    expect(cells[1].style.textAlign).toBe('right');
  });
});
