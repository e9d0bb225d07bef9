import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { useColumns } from './useColumns';
import { DataTable } from './table/DataTable';
import { nextSort } from '../controllers/listUrlState';
import { setupTestI18n } from '../../widgets/test-i18n';
import type { PageSchema } from '../../shared/schema/types';
import type { Rec } from '../data/pageApi';
import en from '../../i18n/locales/en/engine.json';

beforeAll(() => setupTestI18n('en', en));

const page: PageSchema = {
  id: 'test/item',
  kind: 'crud',
  title: 'Items',
  resource: { table: 't_item', label: 'name' },
  model: {
    type: 'object',
    properties: {
      name: { type: 'string', title: 'Name' },
      createdAt: { type: 'string', format: 'date-time', title: 'Created at' },
    },
  },
  list: { columns: ['name', 'createdAt'], sortable: ['name', 'createdAt'], defaultSort: '-createdAt' },
};
const rows: Rec[] = [{ id: 1, version: 1, name: 'a', createdAt: '2024-01-01T00:00:00Z' }];

let sorts: (string | null)[] = [];
function List() {
  const [sort, setSort] = useState<string | null>(null);
  const columns = useColumns(page, sort, [], null, (field) =>
    setSort((s) => {
      const next = nextSort(s, field);
      sorts.push(next);
      return next;
    }),
  );
  return <DataTable columns={columns} rows={rows} empty={null} />;
}

const header = (name: string) => screen.getAllByRole('columnheader').find((h) => h.textContent?.includes(name))!;

describe('sortable columns', () => {
  beforeEach(() => {
    sorts = [];
  });

  it('cycle the default sort column ascending, descending, then back to the default', () => {
    render(<List />);
    // No sort chosen: the default is shown on its column.
    expect(header('Created at').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header('Created at'));
    expect(header('Created at').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header('Created at'));
    expect(header('Created at').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header('Created at'));
    expect(sorts).toEqual(['createdAt', '-createdAt', null]);
    expect(header('Created at').getAttribute('aria-sort')).toBe('descending');
  });

  it('cycle another column ascending, descending, none, and the default shows again', () => {
    render(<List />);
    fireEvent.click(header('Name'));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Created at').getAttribute('aria-sort')).toBeNull();
    fireEvent.click(header('Name'));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(header('Name'));
    expect(header('Name').getAttribute('aria-sort')).toBeNull();
    expect(header('Created at').getAttribute('aria-sort')).toBe('descending');
    expect(sorts).toEqual(['name', '-name', null]);
  });

  it('sort from the keyboard and tell the next order in the title', () => {
    render(<List />);
    fireEvent.keyDown(header('Name'), { key: 'Enter' });
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.keyDown(header('Name'), { key: ' ' });
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').tabIndex).toBe(0);
    // Descending now: the next click clears the sort.
    expect(header('Name').title).toBe('Name\nClick to cancel sorting');
  });
});
