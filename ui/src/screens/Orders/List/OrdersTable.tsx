import type { MouseEvent } from 'react';
import type { OrderSort, OrderSummary } from '../../../api';
import { Badge, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import type { SortOrder } from '../Orders.variants';
import {
  canShip,
  BUYER_ERASED,
  formatDate,
  formatDateTime,
  formatMoney,
  fulfilmentLabels,
  fulfilmentTones,
  plural,
  shipByMarkLabels,
  shipByMarkTones,
  sortLabels,
} from '../orderTexts';
import { shipByMark } from '../shipBy';
import * as page from '../OrdersPage.css';
import * as styles from './List.css';

export interface OrdersTableProps {
  orders: OrderSummary[];
  sort: OrderSort;
  order: SortOrder;
  onSort: (column: OrderSort) => void;
  selected: ReadonlySet<string>;
  onToggle: (order: OrderSummary) => void;
  onToggleAll: (select: boolean) => void;
  onOpen: (orderId: string) => void;
  /** The time the ship-by marks are worked out from. */
  now: Date;
}

function SortHeader({
  column,
  sort,
  order,
  onSort,
}: Pick<OrdersTableProps, 'sort' | 'order' | 'onSort'> & { column: OrderSort }) {
  const active = column === sort;
  return (
    <TableHeaderCell
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={column === 'total' ? styles.number : undefined}
    >
      <button type="button" className={styles.sortButton} onClick={() => onSort(column)}>
        {sortLabels[column]}
        <span aria-hidden="true">{active ? (order === 'asc' ? '▲' : '▼') : ''}</span>
      </button>
    </TableHeaderCell>
  );
}

/** The loaded orders as a table; on a narrow screen it scrolls sideways inside its frame. */
export function OrdersTable({
  orders,
  sort,
  order,
  onSort,
  selected,
  onToggle,
  onToggleAll,
  onOpen,
  now,
}: OrdersTableProps) {
  const shippable = orders.filter(canShip);
  const allSelected = shippable.length > 0 && shippable.every((o) => selected.has(o.id));
  const someSelected = !allSelected && shippable.some((o) => selected.has(o.id));
  // A click anywhere on a row opens the order; its own controls do their own thing.
  const openFrom = (id: string) => (event: MouseEvent<HTMLTableRowElement>) => {
    if ((event.target as HTMLElement).closest('input, button, a, label')) return;
    onOpen(id);
  };
  const sortProps = { sort, order, onSort };

  return (
    <Table caption="Orders" hideCaption>
      <TableHeader>
        <TableRow>
          <TableHeaderCell className={styles.checkCell}>
            <input
              type="checkbox"
              aria-label="Select all shown"
              checked={allSelected}
              ref={(input) => {
                if (input) input.indeterminate = someSelected;
              }}
              disabled={shippable.length === 0}
              onChange={(event) => onToggleAll(event.target.checked)}
            />
          </TableHeaderCell>
          <TableHeaderCell>Order</TableHeaderCell>
          <TableHeaderCell>Channel</TableHeaderCell>
          <SortHeader column="orderedAt" {...sortProps} />
          <TableHeaderCell>Buyer</TableHeaderCell>
          <TableHeaderCell>Lines</TableHeaderCell>
          <SortHeader column="total" {...sortProps} />
          <TableHeaderCell>Status</TableHeaderCell>
          <SortHeader column="shipBy" {...sortProps} />
        </TableRow>
      </TableHeader>
      <TableBody>
        {orders.map((o) => {
          const mark = shipByMark(o, now);
          const isSelected = selected.has(o.id);
          return (
            <TableRow
              key={o.id}
              className={styles.row}
              data-selected={isSelected || undefined}
              onClick={openFrom(o.id)}
            >
              <TableCell className={styles.checkCell}>
                <input
                  type="checkbox"
                  aria-label={`Select order ${o.orderNumber}`}
                  checked={isSelected}
                  disabled={!canShip(o)}
                  onChange={() => onToggle(o)}
                />
              </TableCell>
              <TableCell>
                <button
                  type="button"
                  className={styles.orderButton}
                  aria-label={`Open order ${o.orderNumber}`}
                  onClick={() => onOpen(o.id)}
                >
                  {o.orderNumber}
                </button>
              </TableCell>
              <TableCell>
                <span className={styles.stacked}>
                  <strong>{marketplaceNames[o.channel.kind]}</strong>
                  <span className={styles.secondary}>{o.channel.name}</span>
                </span>
              </TableCell>
              <TableCell className={styles.nowrap}>
                <time dateTime={o.orderedAt}>{formatDateTime(o.orderedAt)}</time>
              </TableCell>
              <TableCell>
                {o.buyerName ?? <span className={page.muted}>{o.personalDataErased ? BUYER_ERASED : '—'}</span>}
              </TableCell>
              <TableCell className={styles.nowrap}>
                {plural(o.lineCount, 'line', 'lines')}
                <span className={styles.secondary}>{` · ${plural(o.units, 'unit', 'units')}`}</span>
              </TableCell>
              <TableCell className={styles.number}>{formatMoney(o.total)}</TableCell>
              <TableCell>
                <span className={page.badges}>
                  <Badge tone={fulfilmentTones[o.status]}>{fulfilmentLabels[o.status]}</Badge>
                  {o.lastShipment?.state === 'failed' ? <Badge tone="critical">Shipment failed</Badge> : null}
                </span>
              </TableCell>
              <TableCell className={styles.nowrap}>
                <span className={page.badges}>
                  {o.shipBy ? <time dateTime={o.shipBy}>{formatDate(o.shipBy)}</time> : '—'}
                  {mark ? <Badge tone={shipByMarkTones[mark]}>{shipByMarkLabels[mark]}</Badge> : null}
                </span>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
