import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiError, useChannels, useOrders, useOrdersEvents, type OrderSort } from '../../api';
import { Button, Card, EmptyState } from '../../index';
import { PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { OrderDrawer } from './Detail/OrderDrawer';
import { OrderFilters } from './List/OrderFilters';
import { OrdersResults } from './List/OrdersResults';
import { useOrderSelection } from './List/useOrderSelection';
import { PAGE_SIZE, isFiltered, queryOf, readView, unfiltered, writeView, type OrdersView } from './List/ordersView';
import { BulkShipDialog } from './Shipping/BulkShipDialog';
import { TrackingCsvDialog } from './Shipping/TrackingCsvDialog';
import { firstSortOrder, formatCount } from './orderTexts';
import * as styles from './OrdersPage.css';

const TITLE = 'Orders';
const DESCRIPTION = 'Every order from your channels, with what is left to ship and by when.';

type Dialog = 'ship' | 'csv' | null;

/** /orders: the account's orders, filtered and sorted by the server; the open order is in the address (?orderId=). */
export function OrdersPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = readView(search);
  const orderId = new URLSearchParams(search).get('orderId');
  const channels = useChannels();
  const orders = useOrders({ ...queryOf(view), pageSize: PAGE_SIZE });
  useOrdersEvents();
  const selection = useOrderSelection(orders.data?.pages.flatMap((page) => page.items) ?? []);
  const { selected } = selection;
  const [dialog, setDialog] = useState<Dialog>(null);

  if (channels.error instanceof ApiError && channels.error.status === 403) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Card padding="large">
          <EmptyState
            title="You don't have access to this page"
            description="Orders belong to a seller's account. Staff see them by viewing as the seller."
          />
        </Card>
      </>
    );
  }

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
  const openOrder = (next: string | null) => {
    const params = new URLSearchParams(search);
    if (next === null) params.delete('orderId');
    else params.set('orderId', next);
    go(params.toString());
  };

  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
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
        <OrderFilters view={view} channels={channels.data?.items} onFilter={setFilter} />
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
          channelCount={channels.data?.items.length}
          onClearFilters={() => setView(unfiltered(view))}
          sort={view.sort}
          order={view.order}
          onSort={sortBy}
          selected={selection.ids}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          onOpen={openOrder}
          now={new Date()}
        />
      </div>
      <OrderDrawer orderId={orderId} onClose={() => openOrder(null)} />
      {dialog === 'ship' ? (
        <BulkShipDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          orders={[...selected.values()]}
          onShipped={selection.unselect}
        />
      ) : null}
      {dialog === 'csv' ? <TrackingCsvDialog open onOpenChange={(open) => !open && setDialog(null)} /> : null}
    </>
  );
}

export default OrdersPage;
