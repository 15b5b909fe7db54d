import { useLayoutEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from 'react';
import { lightTokens, mediaQuery, visuallyHidden } from '../../../theme';
import type { CatalogueRow, CatalogueSort } from '../../../api';
import { ListingChip } from './ListingChip';
import { formatCount, priceText, shown } from './catalogueState';
import * as styles from './Catalogue.css';

/** Every row has the theme's height, so the rows in view follow from the scroll position alone. */
export const ROW_HEIGHT = Number.parseInt(lightTokens.layout.gridRowHeight, 10);
/** Rows rendered above and below the ones in view, so a quick scroll does not show blanks. */
const OVERSCAN = 4;
/** The scroller's height in rows (Catalogue.css.ts); used when layout cannot be measured. */
const VIEWPORT_ROWS = 9;

/** The first and last (exclusive) index of the rows to render for a scroll position. */
export function rowWindow(scrollTop: number, viewportHeight: number, count: number): { start: number; end: number } {
  const height = viewportHeight > 0 ? viewportHeight : VIEWPORT_ROWS * ROW_HEIGHT;
  const first = Math.floor(Math.max(0, scrollTop) / ROW_HEIGHT);
  const start = Math.max(0, first - OVERSCAN);
  const end = Math.min(count, first + Math.ceil(height / ROW_HEIGHT) + OVERSCAN);
  return { start, end };
}

export interface CatalogueGridProps {
  rows: CatalogueRow[];
  sort: CatalogueSort;
  order: 'asc' | 'desc';
  onSort: (column: CatalogueSort) => void;
  selected: ReadonlySet<string>;
  /** True when every SKU matching the filter is selected, beyond this page. */
  allMatching: boolean;
  onToggle: (productId: string) => void;
  onTogglePage: (select: boolean) => void;
  onOpen: (sku: string) => void;
}

const columns: Array<{ id: CatalogueSort | null; label: string; className: string }> = [
  { id: null, label: 'Image', className: styles.imageCol },
  { id: 'sku', label: 'SKU', className: styles.skuCol },
  { id: 'title', label: 'Title', className: styles.titleCol },
  { id: 'available', label: 'Available', className: styles.availableCol },
  { id: null, label: 'Channels', className: '' },
];

/** True below the tablet breakpoint (a phone): the grid is then a list of cards, one per SKU. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(mediaQuery.belowTablet);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(mediaQuery.belowTablet).matches,
    () => false,
  );
}

/** A row's price as its card shows it: the main channel's, else the first channel's, with its currency. */
export function rowPriceText(row: CatalogueRow): string {
  const chip = row.chips.find((c) => c.channelRole === 'main') ?? row.chips[0];
  return chip ? priceText(chip.price, chip.currency) : '—';
}

/** One page of the catalogue: a table whose rows in view alone are in the document, or on a phone a card per SKU. */
export function CatalogueGrid(props: CatalogueGridProps) {
  return useIsPhone() ? <CatalogueCards {...props} /> : <CatalogueTable {...props} />;
}

/** On a phone: a card per SKU with its stock, price and every channel's chip (a table's columns would not fit). */
function CatalogueCards({ rows, selected, allMatching, onToggle, onOpen }: CatalogueGridProps) {
  return (
    <ul className={styles.cards} aria-label="Catalogue">
      {rows.map((row) => {
        const isSelected = allMatching || (row.productId !== null && selected.has(row.productId));
        return (
          <li key={row.key} className={styles.card} data-selected={isSelected || undefined}>
            <div className={styles.cardHead}>
              <input
                type="checkbox"
                aria-label={`Select ${row.sku}`}
                checked={isSelected}
                disabled={row.productId === null || allMatching}
                onChange={() => row.productId && onToggle(row.productId)}
              />
              <button
                type="button"
                className={styles.skuButton}
                onClick={() => onOpen(row.sku)}
                aria-label={`Open ${row.sku}`}
              >
                {row.sku}
              </button>
            </div>
            <span className={row.title ? styles.cardTitle : styles.muted}>
              {row.title ?? 'Not on the main channel'}
            </span>
            <dl className={styles.cardFacts}>
              <div>
                <dt>On hand</dt>
                <dd>{row.onHand === null ? '—' : formatCount(row.onHand)}</dd>
              </div>
              <div>
                <dt>Available</dt>
                <dd>{row.available === null ? '—' : formatCount(row.available)}</dd>
              </div>
              <div>
                <dt>Price</dt>
                <dd>{rowPriceText(row)}</dd>
              </div>
            </dl>
            <div className={styles.cardChips}>
              {row.chips.map((chip) => (
                <ListingChip key={chip.listingId} chip={chip} />
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function CatalogueTable({
  rows,
  sort,
  order,
  onSort,
  selected,
  allMatching,
  onToggle,
  onTogglePage,
  onOpen,
}: CatalogueGridProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scrollTop: 0, height: 0 });
  const selectable = rows.filter((row) => row.productId !== null);
  const pageSelected =
    allMatching || (selectable.length > 0 && selectable.every((row) => selected.has(row.productId as string)));
  const someSelected = !pageSelected && selectable.some((row) => selected.has(row.productId as string));

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ scrollTop: element.scrollTop, height: element.clientHeight });
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  // A new page starts at its top.
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setView((current) => ({ ...current, scrollTop: 0 }));
  }, [rows]);

  const { start, end } = rowWindow(view.scrollTop, view.height, rows.length);
  // A click anywhere on a row opens its drawer; from the keyboard, Enter on its SKU does.
  const openFrom = (row: CatalogueRow) => (event: MouseEvent<HTMLTableRowElement>) => {
    // Presses on the row's own controls do their own thing.
    if ((event.target as HTMLElement).closest('input, button, a')) return;
    onOpen(row.sku);
  };

  return (
    <div ref={scroller} className={styles.scroller} tabIndex={0} role="group" aria-label="Catalogue rows">
      <table className={styles.table} aria-rowcount={rows.length + 1}>
        <caption className={visuallyHidden}>Catalogue</caption>
        <thead className={styles.head}>
          <tr aria-rowindex={1}>
            <th scope="col" className={`${styles.headCell} ${styles.checkCol}`}>
              <input
                type="checkbox"
                aria-label="Select all on this page"
                checked={pageSelected}
                ref={(input) => {
                  if (input) input.indeterminate = someSelected;
                }}
                disabled={selectable.length === 0}
                onChange={(event) => onTogglePage(event.target.checked)}
              />
            </th>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`${styles.headCell} ${column.className}`}
                aria-sort={column.id && column.id === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
              >
                {column.id ? (
                  <button
                    type="button"
                    className={styles.sortButton}
                    onClick={() => onSort(column.id as CatalogueSort)}
                  >
                    {column.label}
                    <span aria-hidden="true">{column.id === sort ? (order === 'asc' ? '▲' : '▼') : ''}</span>
                  </button>
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {start > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={6} className={styles.spacer} style={{ height: start * ROW_HEIGHT }} />
            </tr>
          ) : null}
          {rows.slice(start, end).map((row, offset) => {
            const isSelected = allMatching || (row.productId !== null && selected.has(row.productId));
            return (
              <tr
                key={row.key}
                className={styles.row}
                aria-rowindex={start + offset + 2}
                data-selected={isSelected || undefined}
                onClick={openFrom(row)}
              >
                <td className={styles.cell}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${row.sku}`}
                    checked={isSelected}
                    disabled={row.productId === null || allMatching}
                    onChange={() => row.productId && onToggle(row.productId)}
                  />
                </td>
                <td className={styles.cell}>
                  {row.imageUrl ? (
                    <img
                      className={styles.thumb}
                      src={row.imageUrl}
                      alt={row.title ?? row.sku}
                      loading="lazy"
                      width={44}
                      height={44}
                    />
                  ) : (
                    <span className={styles.thumb} />
                  )}
                </td>
                <td className={styles.cell}>
                  <button
                    type="button"
                    className={styles.skuButton}
                    onClick={() => onOpen(row.sku)}
                    aria-label={`Open ${row.sku}`}
                  >
                    {row.sku}
                  </button>
                </td>
                <td className={styles.cell}>
                  <span className={row.title ? styles.title : styles.muted}>
                    {row.title ?? 'Not on the main channel'}
                  </span>
                </td>
                <td className={`${styles.cell} ${styles.availableCol}`}>{shown(row.available)}</td>
                <td className={styles.cell}>
                  <div className={styles.chips}>
                    {row.chips.map((chip) => (
                      <ListingChip key={chip.listingId} chip={chip} />
                    ))}
                  </div>
                </td>
              </tr>
            );
          })}
          {end < rows.length ? (
            <tr aria-hidden="true">
              <td colSpan={6} className={styles.spacer} style={{ height: (rows.length - end) * ROW_HEIGHT }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
