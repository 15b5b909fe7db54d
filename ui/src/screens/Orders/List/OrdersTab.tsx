import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useOrders, type Channel, type OrderSort } from '../../../api';
import { Button } from '../../../index';
import { BulkShipDialog } from '../Shipping/BulkShipDialog';
import { TrackingCsvDialog } from '../Shipping/TrackingCsvDialog';
import { firstSortOrder, formatCount } from '../orderTexts';
import { OrderFilters } from './OrderFilters';
import { OrdersResults } from './OrdersResults';
import { useOrderSelection } from './useOrderSelection';
import { PAGE_SIZE, isFiltered, queryOf, readView, unfiltered, writeView, type OrdersView } from './ordersView';
import * as styles from '../OrdersPage.css';

type Dialog = 'ship' | 'csv' | null;

export interface OrdersTabProps {
  /** The account's channels (undefined while they load). */
  channels: Channel[] | undefined;
  channelsPending: boolean;
  onOpen: (orderId: string) => void;
}

/** Orders › Orders: the list, filtered and sorted by the server (the view is in the address), and shipping. */
export function OrdersTab({ channels, channelsPending, onOpen }: OrdersTabProps) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = readView(search);
  const orders = useOrders({ ...queryOf(view), pageSize: PAGE_SIZE });
  const selection = useOrderSelection(orders.data?.pages.flatMap((page) => page.items) ?? []);
  const { selected } = selection;
  const [dialog, setDialog] = useState<Dialog>(null);

  const go = (nextSearch: string) => navigate(nextSearch ? `${location}?${nextSearch}` : location, { replace: true });
  // A new filter is a new set of orders: nothing stays selected.
  const setView = (next: OrdersView) => {
    selection.clear();
    go(writeView(search, next));
  };
  const setFilter = (changes: Partial<OrdersView>) => setView({ ...view, ...changes });
  const sortBy = (column: OrderSort) =>
    go(
      writeView(search, {
        ...view,
        sort: column,
        order: view.sort === column ? (view.order === 'asc' ? 'desc' : 'asc') : firstSortOrder[column],
      }),
    );

  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <div className={styles.actions}>
          <Button disabled={selected.size === 0} onClick={() => setDialog('ship')}>
            {selected.size > 0 ? `Mark ${formatCount(selected.size)} shipped` : 'Mark shipped'}
          </Button>
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setDialog('csv')}>
            Tracking by CSV
          </Button>
        </div>
      </div>
      <OrderFilters view={view} channels={channels} onFilter={setFilter} />
      {selected.size > 0 ? (
        <div className={styles.selectionBar}>
          <span>{`${formatCount(selected.size)} selected.`}</span>
          <Button variant="link" size="small" onClick={selection.clear}>
            Clear selection
          </Button>
        </div>
      ) : null}
      <OrdersResults
        orders={orders}
        filtered={isFiltered(view)}
        channelCount={channels?.length}
        channelsPending={channelsPending}
        onClearFilters={() => setView(unfiltered(view))}
        sort={view.sort}
        order={view.order}
        onSort={sortBy}
        selected={selection.ids}
        onToggle={selection.toggle}
        onToggleAll={selection.toggleAll}
        onOpen={onOpen}
        now={new Date()}
      />
      {dialog === 'ship' ? (
        <BulkShipDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          orders={[...selected.values()]}
          onShipped={selection.unselect}
        />
      ) : null}
      {dialog === 'csv' ? <TrackingCsvDialog open onOpenChange={(open) => !open && setDialog(null)} /> : null}
    </div>
  );
}
