import type { CSSProperties, KeyboardEvent } from 'react';
import type { TableColumn, TableRow } from './types';

const UP = 'M858.9 689L530.5 308.2c-9.4-10.9-27.5-10.9-37 0L165.1 689c-12.2 14.2-1.2 35 18.5 35h656.8c19.7 0 30.7-20.8 18.5-35z';
const DOWN = 'M840.4 300H183.6c-19.7 0-30.7 20.8-18.5 35l328.4 380.8c9.4 10.9 27.5 10.9 37 0L858.9 335c12.2-14.2 1.2-35-18.5-35z';

/** antd's sort caret as plain SVG: two of them in every sortable header. */
function Caret({ prefix, dir, active }: { prefix: string; dir: 'up' | 'down'; active: boolean }) {
  return (
    <span className={`anticon anticon-caret-${dir} ${prefix}-column-sorter-${dir}${active ? ' active' : ''}`}>
      <svg viewBox="0 0 1024 1024" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true">
        <path d={dir === 'up' ? UP : DOWN} />
      </svg>
    </span>
  );
}

/**
 * A column's header. A sortable one is a focusable header that sorts on a click, Enter or Space and
 * says its order in `aria-sort`; its tip (what the next click does) is the header's title.
 */
export function HeaderCell<R extends TableRow>({
  prefix,
  column,
  pinClass,
  style,
}: {
  prefix: string;
  column: TableColumn<R>;
  /** The pinned cell's classes (each with its leading space), or ''. */
  pinClass: string;
  style?: CSSProperties;
}) {
  const { title, sortOrder, onSort, ellipsis } = column;
  const cls = `${prefix}-cell${ellipsis ? ` ${prefix}-cell-ellipsis` : ''}${pinClass}`;
  if (sortOrder === undefined || !onSort) {
    return (
      <th scope="col" className={cls} style={style} title={ellipsis ? title : undefined}>
        {title}
      </th>
    );
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onSort();
  };
  const sorters = (
    <div className={`${prefix}-column-sorters`}>
      <span className={`${prefix}-column-title`}>{title}</span>
      <span className={`${prefix}-column-sorter ${prefix}-column-sorter-full`}>
        <span className={`${prefix}-column-sorter-inner`} aria-hidden="true">
          <Caret prefix={prefix} dir="up" active={sortOrder === 'ascend'} />
          <Caret prefix={prefix} dir="down" active={sortOrder === 'descend'} />
        </span>
      </span>
    </div>
  );
  return (
    <th
      scope="col"
      className={`${cls} ${prefix}-column-has-sorters${sortOrder ? ` ${prefix}-column-sort` : ''}`}
      style={style}
      tabIndex={0}
      aria-label={title}
      aria-sort={sortOrder ? (sortOrder === 'ascend' ? 'ascending' : 'descending') : undefined}
      title={column.sortTip ? `${title}\n${column.sortTip}` : title}
      onClick={onSort}
      onKeyDown={onKeyDown}
    >
      {ellipsis && pinClass ? <span className={`${prefix}-cell-content`}>{sorters}</span> : sorters}
    </th>
  );
}
