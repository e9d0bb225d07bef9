import { useMemo, useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { RouteEntry } from '../../engine/routes/buildRoutes';
import { SideNav, type NavActions } from './SideNav';
import { openChain } from './menuPaths';

const entry = (path: string, children: RouteEntry[] = [], meta: Partial<RouteEntry['meta']> = {}): RouteEntry => ({
  path,
  name: path,
  component: children.length ? null : 'x',
  meta: { title: path.split('/').pop()!, ...meta },
  children,
});
const routes = [
  entry('/home'),
  entry('/users', [entry('/users/dept'), entry('/users/staff'), entry('/users/secret', [], { hidden: true })]),
  entry('/sys', [entry('/sys/menu'), entry('/sys/docs', [], { url: 'https://example.com/docs' })]),
];

let titled: string[] = [];
let followed: string[] = [];
let select: (path: string) => void = () => undefined;

/** The sidebar's part: the selection from outside, the open groups kept here, the links followed into a list. */
function Harness({ collapsed = false }: { collapsed?: boolean }) {
  const [selected, setSelected] = useState('/users/dept');
  const [open, setOpen] = useState<readonly string[]>(['/users']);
  select = setSelected;
  const actions = useMemo<NavActions>(
    () => ({
      collapsed,
      title: (key) => (titled.push(key), key),
      toggle: (path) => setOpen((o) => openChain(routes, o, path)),
      follow: (e, ev) => {
        if (ev.ctrlKey || e.meta.url) return;
        ev.preventDefault();
        followed.push(e.path);
      },
    }),
    [collapsed],
  );
  return <SideNav routes={routes} selected={selected} open={open} actions={actions} label="Main menu" />;
}

beforeEach(() => {
  titled = [];
  followed = [];
});

describe('the sidebar menu', () => {
  it('marks the page shown, and keeps one group open at a time', () => {
    render(<Harness />);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'dept' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'staff' }).getAttribute('aria-current')).toBeNull();
    const users = screen.getByRole('button', { name: 'users' });
    const sys = screen.getByRole('button', { name: 'sys' });
    expect(users.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(users.getAttribute('aria-controls')!)).toBeTruthy();
    fireEvent.click(sys);
    expect(sys.getAttribute('aria-expanded')).toBe('true');
    expect(users.getAttribute('aria-expanded')).toBe('false');
    // A closed group's pages are not in the document at all.
    expect(screen.queryByRole('link', { name: 'dept' })).toBeNull();
    fireEvent.click(sys);
    expect(sys.getAttribute('aria-expanded')).toBe('false');
  });

  it('shows a hidden entry only while it is the page shown', () => {
    render(<Harness />);
    expect(screen.queryByRole('link', { name: 'secret' })).toBeNull();
    act(() => select('/users/secret'));
    expect(screen.getByRole('link', { name: 'secret' }).getAttribute('aria-current')).toBe('page');
  });

  it('follows a page by its handler, leaves a modified click and an external page to the browser', () => {
    render(<Harness />);
    const staff = screen.getByRole('link', { name: 'staff' });
    expect(staff.getAttribute('href')).toBe('#/users/staff');
    expect(fireEvent.click(staff)).toBe(false);
    expect(fireEvent.click(staff, { ctrlKey: true })).toBe(true);
    expect(followed).toEqual(['/users/staff']);
    fireEvent.click(screen.getByRole('button', { name: 'sys' }));
    const docs = screen.getByRole('link', { name: 'docs' });
    expect([docs.getAttribute('href'), docs.getAttribute('target'), docs.getAttribute('rel')]).toEqual([
      'https://example.com/docs',
      '_blank',
      'noopener noreferrer',
    ]);
  });

  it('renders only the entries whose highlight changes when another page is shown', () => {
    render(<Harness />);
    titled = [];
    act(() => select('/users/staff'));
    // The old page, the new one and the group holding both: not the home entry, nor the other group.
    expect(titled.sort()).toEqual(['dept', 'staff', 'users']);
    titled = [];
    act(() => select('/home'));
    expect(titled.sort()).toEqual(['home', 'staff', 'users']);
  });

  it('walks the entries with the arrow keys and opens a group with the right arrow', () => {
    render(<Harness />);
    const home = screen.getByRole('link', { name: 'home' });
    home.focus();
    fireEvent.keyDown(home, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'users' }));
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    const sys = screen.getByRole('button', { name: 'sys' });
    expect(document.activeElement).toBe(sys);
    fireEvent.keyDown(sys, { key: 'ArrowRight' });
    expect(sys.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('link', { name: 'menu' });
    menu.focus();
    fireEvent.keyDown(menu, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(sys);
  });

  describe('collapsed', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('shows a group beside the bar on hover and on a click, and closes it with Escape', () => {
      render(<Harness collapsed />);
      const sys = screen.getByRole('button', { name: 'sys' });
      expect(sys.getAttribute('aria-expanded')).toBe('false');
      fireEvent.mouseEnter(sys.parentElement!);
      act(() => void vi.advanceTimersByTime(100));
      expect(sys.getAttribute('aria-expanded')).toBe('true');
      const menu = screen.getByRole('link', { name: 'menu' });
      expect(menu.closest('.side-nav__flyout')).toBeTruthy();
      menu.focus();
      fireEvent.keyDown(menu, { key: 'Escape' });
      expect(sys.getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(sys);
      fireEvent.click(sys);
      expect(sys.getAttribute('aria-expanded')).toBe('true');
      fireEvent.mouseLeave(sys.parentElement!);
      act(() => void vi.advanceTimersByTime(300));
      expect(screen.queryByRole('link', { name: 'menu' })).toBeNull();
    });
  });
});
