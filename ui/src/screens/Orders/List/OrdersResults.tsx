import { ApiError, errorText, type useOrders } from '../../../api';
import { Button, Card, EmptyState, ErrorState, Spinner } from '../../../index';
import { formatCount, plural, totalText } from '../orderTexts';
import { OrdersTable, type OrdersTableProps } from './OrdersTable';
import * as styles from './List.css';

export interface OrdersResultsProps extends Omit<OrdersTableProps, 'orders'> {
  orders: ReturnType<typeof useOrders>;
  filtered: boolean;
  /** How many channels the account has connected (undefined while they load). */
  channelCount: number | undefined;
  /** The channels are still loading: a refusal waits for them, as the page says it for both. */
  channelsPending: boolean;
  onClearFilters: () => void;
}

/** The list's states: loading, refused, failed, empty (and what to do next), or the orders and "Load more". */
export function OrdersResults({
  orders,
  filtered,
  channelCount,
  channelsPending,
  onClearFilters,
  ...table
}: OrdersResultsProps) {
  const refused = orders.error instanceof ApiError && orders.error.status === 403;
  if (orders.isPending || (refused && channelsPending)) return <Spinner label="Loading orders..." />;
  if (refused)
    return (
      <Card padding="large">
        <EmptyState
          title="You don't have access to this page"
          description="Orders belong to a seller's account. Staff see them by viewing as the seller."
        />
      </Card>
    );
  if (orders.isError && !orders.data)
    return (
      <ErrorState
        title="The orders could not be loaded"
        description={errorText(orders.error)}
        onRetry={() => orders.refetch()}
        retrying={orders.isFetching}
      />
    );

  const pages = orders.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.items);
  const first = pages[0];
  const total = first?.total ?? 0;
  if (rows.length === 0)
    return (
      <Card padding="large">
        {filtered ? (
          <EmptyState
            title="No orders match"
            description="Try other words or fewer filters."
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : channelCount === 0 ? (
          <EmptyState
            title="No orders yet"
            description="Connect a marketplace: its orders appear here as they arrive, with what is left to ship."
            action={<Button href="/channels">Connect a channel</Button>}
          />
        ) : (
          <EmptyState
            title="No orders yet"
            description="Orders appear here as they arrive from your channels, usually within a minute of being placed."
          />
        )}
      </Card>
    );

  const totalShown = totalText(total, first?.totalCapped ?? false);
  return (
    <>
      <OrdersTable orders={rows} {...table} />
      <div className={styles.footer}>
        <span role="status">{`Showing ${formatCount(rows.length)} of ${totalShown} ${total === 1 ? 'order' : 'orders'}`}</span>
        {orders.hasNextPage ? (
          <Button
            variant="secondary"
            size="small"
            loading={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            Load more
          </Button>
        ) : rows.length > 1 ? (
          <span>{`That's all ${plural(rows.length, 'order', 'orders')}.`}</span>
        ) : null}
      </div>
      {orders.isFetchNextPageError ? (
        <ErrorState
          title="More orders could not be loaded"
          description={errorText(orders.error)}
          onRetry={() => void orders.fetchNextPage()}
          titleLevel={3}
        />
      ) : null}
    </>
  );
}
