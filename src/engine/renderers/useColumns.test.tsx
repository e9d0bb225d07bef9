import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { scrollWidth, useColumns } from './useColumns';
import { nextSort } from '../controllers/listUrlState';
import { setupTestI18n } from '../../widgets/test-i18n';
import type { PageSchema } from '../../shared/schema/types';
import type { Rec } from '../data/pageApi';

beforeAll(() => setupTestI18n('en', {}));

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
  return <Table rowKey="id" columns={columns} dataSource={rows} pagination={false} />;
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
});

describe('the scroll width', () => {
  it('is the sum of the columns and the selection box, so a pinned column covers none of them', () => {
    expect(
      scrollWidth(
        [
          { key: 'a', width: 150 },
          { key: 'b', width: 170 },
          { key: '__actions', width: 200, fixed: 'right' },
        ],
        false,
      ),
    ).toBe(520);
    expect(scrollWidth([{ key: 'a', width: 150 }], true)).toBe(182);
  });
});
