import { useCallback, useContext, useEffect, useLayoutEffect, useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { ConfigProvider, Spin } from 'antd';
import useTableStyle from 'antd/es/table/style';
import useCheckboxStyle from 'antd/es/checkbox/style';
import { HeaderCell } from './HeaderCell';
import { SelectBox } from './SelectBox';
import { fitScale, fitWidths, pinColumns, pinProps, SCALE, type Fit } from './fixed';
import { useRowWindow } from './useRowWindow';
import type { TableColumn, TableRow, TableSize } from './types';
import './dataTable.css';

/** Width of the selection column. */
export const SELECTION_WIDTH = 32;

export interface TableSelection<R> {
  keys: number[];
  onChange: (keys: number[]) => void;
  /** The name of a row's box for a screen reader ("select row 3"). */
  label: (record: R) => string;
  allLabel: string;
}

export interface DataTableProps<R extends TableRow> {
  columns: TableColumn<R>[];
  rows: R[];
  size?: TableSize;
  loading?: boolean;
  /** Only the rows in view are drawn, in a box of this height that scrolls under a fixed header. */
  virtualHeight?: number;
  selection?: TableSelection<R>;
  /** The cells of a totals row under the rows, one per column; none when absent. */
  summary?: ReactNode[];
  footer?: ReactNode;
  empty: ReactNode;
  /** Drawn under the table, where antd's table places its pagination. */
  pagination?: ReactNode;
}

/**
 * The engine's list table, drawn in antd's table markup so antd's stylesheet (extracted at build
 * time, or written by the two style hooks for another theme) gives it antd's look. What it leaves
 * out is what the engine never asks for: column measuring (widths are declared and the layout is
 * fixed), filters in headers, expansion, and a component per cell.
 */
export function DataTable<R extends TableRow>(props: DataTableProps<R>) {
  const { columns, rows, size = 'middle', loading = false, virtualHeight, selection, summary, footer, empty, pagination } = props;
  const prefix = useContext(ConfigProvider.ConfigContext).getPrefixCls('table');
  const [, hash] = useTableStyle(prefix);
  const [, boxHash] = useCheckboxStyle(useContext(ConfigProvider.ConfigContext).getPrefixCls('checkbox'));
  const box = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLDivElement>(null);
  const virtual = virtualHeight !== undefined;
  const win = useRowWindow(box, rows.length, virtual, size, virtualHeight ?? 0);
  const leading = selection ? SELECTION_WIDTH : 0;
  const { pins, leadingPin } = pinColumns(columns, leading);
  const fit = fitWidths(columns, leading);
  usePing(box, table, prefix, fit);
  const cells = columns.map((c, i) => {
    const pin = pinProps(prefix, pins[i]);
    const sorted = c.sortOrder ? ` ${prefix}-column-sort` : '';
    const ellipsis = c.ellipsis ? ` ${prefix}-cell-ellipsis` : '';
    return { pin: pin.className, className: `${prefix}-cell${ellipsis}${sorted}${pin.className}`, style: withAlign(pin.style, c.align) };
  });
  const lead = pinProps(prefix, leadingPin);
  const chosen = new Set(selection?.keys);
  const onPage = rows.filter((r) => chosen.has(r.id)).length;
  const toggleAll = (on: boolean) => {
    if (!selection) return;
    const here = new Set(rows.map((r) => r.id));
    selection.onChange(on ? [...new Set([...selection.keys, ...here])] : selection.keys.filter((k) => !here.has(k)));
  };
  const toggle = (id: number, on: boolean) => selection?.onChange(on ? [...selection.keys, id] : selection.keys.filter((k) => k !== id));
  const span = columns.length + (selection ? 1 : 0);
  const pinnedLeft = pins.some((p) => p?.side === 'left');
  const pinnedRight = pins.some((p) => p?.side === 'right');
  const tableClass = [
    prefix,
    size !== 'large' && `${prefix}-${size}`,
    hash,
    `${prefix}-scroll-horizontal`,
    (pinnedLeft || pinnedRight) && `${prefix}-fixed-column`,
    pinnedLeft && `${prefix}-has-fix-left`,
    pinnedRight && `${prefix}-has-fix-right`,
    virtual && 'data-table--virtual',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className={`${prefix}-wrapper data-table ${hash}`}>
      <Spin spinning={loading}>
        <div className={tableClass} ref={table}>
          <div className={`${prefix}-container`}>
            <div
              className={`${prefix}-content`}
              ref={box}
              style={virtual ? { overflow: 'auto', maxHeight: virtualHeight } : { overflow: 'auto hidden' }}
            >
              <table
                style={{
                  width: fit.free ? `calc(${fit.fixed}px + ${SCALE} * ${fit.free}px)` : fit.fixed,
                  minWidth: '100%',
                  tableLayout: 'fixed',
                }}
                aria-rowcount={virtual ? rows.length + 1 : undefined}
              >
                <colgroup>
                  {selection && <col className={`${prefix}-selection-col`} style={{ width: SELECTION_WIDTH }} />}
                  {columns.map((c) => (
                    <col key={c.key} style={{ width: c.shrink && !c.fixed ? `calc(${SCALE} * ${c.width}px)` : c.width }} />
                  ))}
                </colgroup>
                <thead className={`${prefix}-thead`}>
                  <tr aria-rowindex={virtual ? 1 : undefined}>
                    {selection && (
                      <th scope="col" className={`${prefix}-cell ${prefix}-selection-column${lead.className}`} style={lead.style}>
                        <div className={`${prefix}-selection`}>
                          <SelectBox
                            hash={boxHash}
                            checked={rows.length > 0 && onPage === rows.length}
                            indeterminate={onPage > 0 && onPage < rows.length}
                            label={selection.allLabel}
                            onChange={toggleAll}
                          />
                        </div>
                      </th>
                    )}
                    {columns.map((c, i) => (
                      <HeaderCell key={c.key} prefix={prefix} column={c} pinClass={cells[i].pin} style={cells[i].style} />
                    ))}
                  </tr>
                </thead>
                <tbody className={`${prefix}-tbody`}>
                  {win.before > 0 && <Spacer height={win.before} span={span} />}
                  {rows.slice(win.start, win.end).map((r, i) => {
                    const on = chosen.has(r.id);
                    return (
                      <tr
                        key={r.id}
                        data-row-key={r.id}
                        aria-rowindex={virtual ? win.start + i + 2 : undefined}
                        className={`${prefix}-row ${prefix}-row-level-0${on ? ` ${prefix}-row-selected` : ''}`}
                      >
                        {selection && (
                          <td className={`${prefix}-cell ${prefix}-selection-column${lead.className}`} style={lead.style}>
                            <SelectBox hash={boxHash} checked={on} label={selection.label(r)} onChange={(v) => toggle(r.id, v)} />
                          </td>
                        )}
                        {columns.map((c, n) => (
                          <td key={c.key} className={cells[n].className} style={cells[n].style}>
                            {c.ellipsis && pins[n] ? <span className={`${prefix}-cell-content`}>{c.render(r)}</span> : c.render(r)}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                  {win.after > 0 && <Spacer height={win.after} span={span} />}
                  {rows.length === 0 && (
                    <tr className={`${prefix}-placeholder`}>
                      <td className={`${prefix}-cell`} colSpan={span}>
                        <div className="data-table__empty">{empty}</div>
                      </td>
                    </tr>
                  )}
                </tbody>
                {summary && rows.length > 0 && (
                  <tfoot className={`${prefix}-summary`}>
                    <tr className={`${prefix}-summary-row list-totals`}>
                      {selection && <td className={`${prefix}-cell${lead.className}`} style={lead.style} />}
                      {summary.map((cell, i) => (
                        <td key={columns[i].key} className={`${prefix}-cell${cells[i].pin}`} style={cells[i].style}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  </tfoot>
                )}
              </table>
            </div>
          </div>
          {footer && <div className={`${prefix}-footer`}>{footer}</div>}
        </div>
        {pagination}
      </Spin>
    </div>
  );
}

function withAlign(pin: CSSProperties | undefined, align: 'right' | undefined): CSSProperties | undefined {
  if (!align) return pin;
  return { ...pin, textAlign: align };
}

/** The height of the rows not drawn, so the scroll bar stays that of the whole page. */
function Spacer({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden="true" className="data-table__spacer" style={{ height }}>
      <td colSpan={span} />
    </tr>
  );
}

/**
 * antd's shadows beside the pinned columns show while rows are scrolled under them. The widths come
 * from a resize observer's entries (the box and the table, whose width changes with the columns) and
 * the offset from the scroll event, so nothing asks the browser for a layout: reading the widths
 * when a kept page was shown again forced one of the whole page. The classes are set on the element,
 * not rendered: after each render, which writes its className again, they are put back. The box's
 * width also keeps the empty state in view.
 */
function usePing(box: RefObject<HTMLDivElement | null>, table: RefObject<HTMLDivElement | null>, prefix: string, fit: Fit) {
  const sides = useRef({ left: false, right: false });
  const widths = useRef(fit);
  widths.current = fit;
  const apply = useCallback(() => {
    table.current?.classList.toggle(`${prefix}-ping-left`, sides.current.left);
    table.current?.classList.toggle(`${prefix}-ping-right`, sides.current.right);
  }, [table, prefix]);
  useLayoutEffect(apply);
  useEffect(() => {
    const el = box.current;
    const inner = el?.firstElementChild;
    if (!el || !inner) return undefined;
    const size = { view: 0, table: 0, left: 0 };
    const update = () => {
      sides.current = { left: size.left > 0, right: size.left < size.table - size.view - 1 };
      apply();
      const view = `${Math.round(size.view)}px`;
      if (el.style.getPropertyValue('--data-table-view') !== view) el.style.setProperty('--data-table-view', view);
      const scale = String(fitScale(widths.current, size.view));
      if (el.style.getPropertyValue('--data-table-scale') !== scale) el.style.setProperty('--data-table-scale', scale);
    };
    const observer = new ResizeObserver((entries) => {
      for (const entry of entries) size[entry.target === el ? 'view' : 'table'] = entry.contentRect.width;
      update();
    });
    observer.observe(el);
    observer.observe(inner);
    const onScroll = () => {
      size.left = el.scrollLeft;
      update();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener('scroll', onScroll);
    };
  }, [box, apply]);
}
