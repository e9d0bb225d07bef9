import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FilterBar } from './FilterBar';
import { setupTestI18n } from '../../widgets/test-i18n';
import en from '../../i18n/locales/en/engine.json';
import type { PageSchema } from '../../shared/schema/types';

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
      code: { type: 'string', title: 'Code' },
      status: { type: 'string', title: 'Status', enum: ['on', 'off'] },
    },
  },
  list: { columns: ['name'], filters: ['name', 'code', 'status'] },
};

// jsdom matches no media query: a phone's one filter per row, so only the keyword is in sight.
describe('filters out of sight', () => {
  it('are mounted when the panel first opens, and a value from the address applies meanwhile', async () => {
    const searches: [Record<string, string>, string][] = [];
    render(<FilterBar page={page} filters={{ code: 'A-7', status: 'off' }} q="" onSearch={(f, q) => searches.push([f, q])} />);
    expect(screen.queryByLabelText('Code')).toBeNull();
    expect(screen.queryByLabelText('Status')).toBeNull();
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: ' crane ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(searches).toHaveLength(1));
    expect(searches[0]).toEqual([{ code: 'A-7', status: 'off' }, 'crane']);

    fireEvent.click(screen.getByTestId('filters-more'));
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('A-7');
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'B-2' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(searches).toHaveLength(2));
    expect(searches[1]).toEqual([{ code: 'B-2', status: 'off' }, 'crane']);
  });
});
