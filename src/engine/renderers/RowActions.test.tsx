import { render, screen } from '@testing-library/react';
import { RowActions } from './RowActions';
import { setupTestI18n } from '../../widgets/test-i18n';
import type { PageSchema } from '../../shared/schema/types';

beforeAll(() =>
  setupTestI18n('en', { engine: { list: { detail: 'Detail', edit: 'Edit', delete: 'Delete', deleteConfirm: 'Delete?', more: 'More' } } }),
);

const page: PageSchema = {
  id: 'test/role',
  kind: 'crud',
  title: 'Roles',
  resource: { table: 't_role', label: 'name', deletableWhen: '!builtIn' },
  model: { type: 'object', properties: { name: { type: 'string', title: 'Name' }, builtIn: { type: 'boolean', title: 'Built in' } } },
  list: { columns: ['name'], rowActions: ['delete', 'edit'] },
};
const noop = () => undefined;

// jsdom is as narrow as a phone: one action shows as a link, so delete comes first.
describe('row actions', () => {
  it('offer no delete for a record resource.deletableWhen keeps, and offer it for the others', () => {
    const { unmount } = render(
      <RowActions
        page={page}
        record={{ id: 1, version: 1, name: 'Staff', builtIn: true }}
        actions={['*']}
        onOpen={noop}
        onDelete={noop}
        onTransition={noop}
        onAction={noop}
      />,
    );
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    unmount();
    render(
      <RowActions
        page={page}
        record={{ id: 2, version: 1, name: 'Temp', builtIn: false }}
        actions={['*']}
        onOpen={noop}
        onDelete={noop}
        onTransition={noop}
        onAction={noop}
      />,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});
