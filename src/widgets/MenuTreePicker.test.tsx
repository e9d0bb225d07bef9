import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import MenuTreePicker from './MenuTreePicker';
import { checkState, indexMenu, toggleAction, toggleNode, type MenuGrants, type MenuTreeNode } from './menuGrants';
import { setupTestI18n } from './test-i18n';

const MENU: MenuTreeNode[] = [
  { code: 'dashboard', menuTitle: 'menu.dashboard', component: 'dashboard/index' },
  {
    code: 'platformUser',
    menuTitle: 'menu.platformUser.title',
    component: null,
    children: [
      { code: 'platformUser/department', menuTitle: 'menu.platformUser.department', component: 'platformUser/department/index' },
      { code: 'platformUser/roleManage', menuTitle: 'menu.platformUser.roleManage', component: 'platformUser/roleManage/index' },
      {
        code: 'platformUser/staffAdd',
        menuTitle: 'menu.platformUser.untranslated',
        component: 'platformUser/staffManage/add',
        hidden: true,
      },
    ],
  },
];

let fail = false;
const server = setupServer(
  http.get('*/open-platform/menuTree', () =>
    fail
      ? HttpResponse.json({ status: 403, msg: 'Only users who may edit roles can see the full menu', data: null }, { status: 403 })
      : HttpResponse.json({ status: 0, msg: 'success', data: MENU }),
  ),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await setupTestI18n('en', {
    menu: { dashboard: 'Dashboard', platformUser: { title: 'Platform users', department: 'Departments', roleManage: 'Roles' } },
  });
});
afterAll(() => server.close());
beforeEach(() => {
  fail = false;
});

function Harness({ spy, initial = {} }: { spy: (v: MenuGrants | null) => void; initial?: MenuGrants }) {
  const [value, setValue] = useState<MenuGrants | null>(initial);
  return (
    <MenuTreePicker
      value={value}
      onChange={(v) => {
        spy(v);
        setValue(v);
      }}
    />
  );
}

const treeNode = (title: string) => screen.getByText(title).closest('.ant-tree-treenode') as HTMLElement;
const nodeBox = (title: string) => treeNode(title).querySelector('.ant-tree-checkbox') as HTMLElement;

describe('menu grants logic', () => {
  const index = indexMenu(MENU);
  it('checks a directory with all its entries and unchecks them together', () => {
    const on = toggleNode(index, {}, 'platformUser', true);
    expect(on).toEqual({
      platformUser: ['read'],
      'platformUser/department': ['read'],
      'platformUser/roleManage': ['read'],
      'platformUser/staffAdd': ['read'],
    });
    expect(toggleNode(index, on, 'platformUser', false)).toEqual({});
  });
  it('derives half-checked directories and drops codes not in the tree', () => {
    const g = { 'platformUser/department': ['read'], platformUser: ['read'], gone: ['read'] };
    expect(checkState(index, g)).toEqual({ checked: ['platformUser/department'], halfChecked: ['platformUser'] });
    expect(toggleNode(index, g, 'dashboard', true)).toEqual({
      dashboard: ['read'],
      platformUser: ['read'],
      'platformUser/department': ['read'],
    });
  });
  it('keeps transitions when actions change and spells out * when one is removed', () => {
    const g = { platformUser: ['read'], 'platformUser/department': ['read', 'transition:approve'] };
    expect(toggleAction(index, g, 'platformUser/department', 'update', true)['platformUser/department']).toEqual([
      'read',
      'update',
      'transition:approve',
    ]);
    expect(
      toggleAction(index, { 'platformUser/roleManage': ['*'] }, 'platformUser/roleManage', 'delete', false)['platformUser/roleManage'],
    ).toEqual(['read', 'create', 'update', 'export']);
    expect(toggleAction(index, g, 'platformUser/department', 'read', false)).toEqual({});
  });
});

describe('MenuTreePicker', () => {
  it('shows the translated menu (or the key), hidden entries and action boxes for schema pages', async () => {
    render(<Harness spy={vi.fn()} />);
    expect(await screen.findByText('Platform users')).toBeInTheDocument();
    expect(screen.getByText('menu.platformUser.untranslated')).toBeInTheDocument();
    expect(within(treeNode('menu.platformUser.untranslated')).getByText('Hidden in menu')).toBeInTheDocument();
    expect(within(treeNode('Departments')).getByRole('group', { name: 'Actions on “Departments”' })).toBeInTheDocument();
    expect(within(treeNode('menu.platformUser.untranslated')).queryByRole('group')).toBeNull();
  });

  it('checking a directory grants everything below it', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await screen.findByText('Platform users');
    fireEvent.click(nodeBox('Platform users'));
    expect(spy).toHaveBeenLastCalledWith({
      platformUser: ['read'],
      'platformUser/department': ['read'],
      'platformUser/roleManage': ['read'],
      'platformUser/staffAdd': ['read'],
    });
    expect(screen.getByLabelText('Roles: View')).toBeChecked();
  });

  it('ticks actions without toggling the entry, and unticking read removes it', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} initial={{ platformUser: ['read'], 'platformUser/department': ['read'] }} />);
    await screen.findByText('Departments');
    await userEvent.click(screen.getByLabelText('Departments: Add'));
    expect(spy).toHaveBeenLastCalledWith({ platformUser: ['read'], 'platformUser/department': ['read', 'create'] });
    await userEvent.click(screen.getByLabelText('Roles: Edit'));
    expect(spy).toHaveBeenLastCalledWith({
      platformUser: ['read'],
      'platformUser/department': ['read', 'create'],
      'platformUser/roleManage': ['read', 'update'],
    });
    await userEvent.click(screen.getByLabelText('Departments: View'));
    expect(spy).toHaveBeenLastCalledWith({ platformUser: ['read'], 'platformUser/roleManage': ['read', 'update'] });
    await userEvent.click(screen.getByLabelText('Roles: View'));
    expect(spy).toHaveBeenLastCalledWith({});
  });

  it('shows * as every action', async () => {
    render(<Harness spy={vi.fn()} initial={{ platformUser: ['read'], 'platformUser/roleManage': ['*'] }} />);
    await screen.findByText('Roles');
    for (const a of ['View', 'Add', 'Edit', 'Delete', 'Export']) expect(screen.getByLabelText(`Roles: ${a}`)).toBeChecked();
    expect(screen.getByText('All actions (including workflow steps)')).toBeInTheDocument();
  });

  it('works from the keyboard: arrows move, Space checks, Tab reaches the action boxes', async () => {
    const spy = vi.fn();
    render(<Harness spy={spy} />);
    await screen.findByText('Dashboard');
    await userEvent.tab();
    const list = document.activeElement as HTMLElement;
    // rc-tree reads the legacy `which` code, which user-event does not set: send it explicitly.
    const key = (k: string, which: number) => fireEvent.keyDown(list, { key: k, keyCode: which, which });
    key('ArrowDown', 40);
    expect(document.querySelector('.ant-tree-treenode-active')).toHaveTextContent('Dashboard');
    key('ArrowDown', 40);
    key('ArrowDown', 40);
    expect(document.querySelector('.ant-tree-treenode-active')).toHaveTextContent('Departments');
    key(' ', 32);
    expect(spy).toHaveBeenLastCalledWith({ platformUser: ['read'], 'platformUser/department': ['read'] });
    key('ArrowUp', 38);
    key('ArrowUp', 38);
    key('Enter', 13);
    expect(spy).toHaveBeenLastCalledWith({ dashboard: ['read'], platformUser: ['read'], 'platformUser/department': ['read'] });
    await userEvent.tab();
    expect(screen.getByLabelText('Dashboard: View')).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(spy).toHaveBeenLastCalledWith({ dashboard: ['read', 'create'], platformUser: ['read'], 'platformUser/department': ['read'] });
  });

  it('says when the menu cannot be loaded and retries', async () => {
    fail = true;
    render(<Harness spy={vi.fn()} />);
    expect(await screen.findByText('Could not load the menu')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('Platform users')).toBeInTheDocument());
  });
});
