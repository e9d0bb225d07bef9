import { createContext, memo, useContext, useId, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { DownOutlined } from '@ant-design/icons';
import type { RouteEntry } from '../../engine/routes/buildRoutes';
import { MenuIcon } from './icons';
import { Flyout, useFlyout } from './NavFlyout';
import { isExternal, within } from './menuPaths';

/** What every entry needs and no entry's render changes: kept stable, so an entry renders only when its own state does. */
export interface NavActions {
  collapsed: boolean;
  title(key: string): string;
  toggle(path: string): void;
  follow(entry: RouteEntry, e: MouseEvent<HTMLAnchorElement>): void;
}

const Actions = createContext<NavActions | null>(null);
const NONE: readonly string[] = [];

interface Props {
  routes: RouteEntry[];
  /** The entry the address selects ('' for none). */
  selected: string;
  /** The open groups, outermost first. */
  open: readonly string[];
  actions: NavActions;
  label: string;
}

/**
 * The sidebar's menu (spec §2.6): groups that open in place (beside the bar when it is collapsed)
 * and links to the pages. Each entry is memoised and is handed the selection and the open groups
 * only when they concern it, so a page switch renders the two entries whose highlight changes
 * rather than the whole menu.
 */
export function SideNav({ routes, selected, open, actions, label }: Props) {
  return (
    <Actions.Provider value={actions}>
      <nav className={actions.collapsed ? 'side-nav side-nav--collapsed' : 'side-nav'} aria-label={label} onKeyDown={moveFocus}>
        <ul>
          <Entries entries={routes} depth={0} selected={selected} open={open} />
        </ul>
      </nav>
    </Actions.Provider>
  );
}

function Entries({ entries, depth, selected, open }: { entries: RouteEntry[]; depth: number; selected: string; open: readonly string[] }) {
  // Spec §2.6: a hidden entry is shown only while it is the page or holds it.
  return entries
    .filter((e) => !e.meta.hidden || (selected !== '' && within(e.path, selected)))
    .map((e) => (
      <Entry
        key={e.path}
        entry={e}
        depth={depth}
        selected={selected !== '' && within(e.path, selected) ? selected : ''}
        open={open.includes(e.path) ? open : NONE}
      />
    ));
}

interface EntryProps {
  entry: RouteEntry;
  depth: number;
  selected: string;
  open: readonly string[];
}

const Entry = memo(function Entry({ entry, depth, selected, open }: EntryProps) {
  const actions = useContext(Actions)!;
  const id = useId();
  const flyout = useFlyout(actions.collapsed && depth === 0);
  const label = actions.title(entry.meta.title);
  const style = { '--depth': depth } as CSSProperties;
  const icon = entry.meta.icon !== undefined ? <MenuIcon name={entry.meta.icon} /> : null;
  const text = (
    // Long labels (es, ja) end in an ellipsis; the whole title shows on hover.
    <span className="side-nav__label" title={label}>
      {label}
    </span>
  );

  if (!entry.children.length) {
    const external = isExternal(entry.path) ? entry.path : isExternal(entry.meta.url) ? entry.meta.url! : null;
    return (
      <li ref={flyout.host} {...flyout.hostProps} onFocus={flyout.show}>
        <a
          className="side-nav__item"
          style={style}
          href={external ?? `#${entry.path}`}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          aria-current={selected === entry.path ? 'page' : undefined}
          onClick={(e) => actions.follow(entry, e)}
        >
          {icon}
          {text}
        </a>
        {flyout.open && (
          <Flyout host={flyout.host} tip>
            {label}
          </Flyout>
        )}
      </li>
    );
  }

  const inFlyout = actions.collapsed && depth === 0;
  const isOpen = inFlyout ? flyout.open : open.includes(entry.path);
  const list = (
    <ul id={id} className="side-nav__sub">
      <Entries entries={entry.children} depth={depth + 1} selected={selected} open={open} />
    </ul>
  );
  return (
    <li ref={flyout.host} {...flyout.hostProps}>
      <button
        type="button"
        className={selected ? 'side-nav__item side-nav__item--within' : 'side-nav__item'}
        style={style}
        aria-expanded={isOpen}
        aria-controls={isOpen ? id : undefined}
        onClick={inFlyout ? flyout.toggle : () => actions.toggle(entry.path)}
      >
        {icon}
        {text}
        <DownOutlined className="side-nav__chevron" aria-hidden />
      </button>
      {isOpen && (inFlyout ? <Flyout host={flyout.host}>{list}</Flyout> : list)}
    </li>
  );
});

/**
 * Arrow keys walk the entries shown in the same panel (the bar, or a collapsed bar's flyout);
 * right opens a group, left closes it or goes up to the group that holds the entry.
 */
function moveFocus(e: KeyboardEvent<HTMLElement>) {
  const item = (e.target as HTMLElement).closest<HTMLElement>('.side-nav__item');
  if (!item) return;
  const panel = item.closest('.side-nav__flyout');
  const scope = panel ?? e.currentTarget;
  const items = [...scope.querySelectorAll<HTMLElement>('.side-nav__item')].filter((el) => el.closest('.side-nav__flyout') === panel);
  const at = items.indexOf(item);
  const group = item.getAttribute('aria-expanded');
  const go = (el: HTMLElement | undefined) => {
    if (!el) return;
    e.preventDefault();
    el.focus();
  };
  switch (e.key) {
    case 'ArrowDown':
      return go(items[at + 1]);
    case 'ArrowUp':
      return go(items[at - 1]);
    case 'Home':
      return go(items[0]);
    case 'End':
      return go(items[items.length - 1]);
    case 'ArrowRight':
      if (group === 'false') {
        e.preventDefault();
        item.click();
      }
      return;
    case 'ArrowLeft':
      if (group === 'true' && !panel) {
        e.preventDefault();
        item.click();
        return;
      }
      return go(item.closest('.side-nav__sub')?.parentElement?.querySelector<HTMLElement>(':scope > .side-nav__item') ?? undefined);
  }
}
