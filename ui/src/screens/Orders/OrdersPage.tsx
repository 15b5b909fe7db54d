import { useLocation, useSearch } from 'wouter';
import { ApiError, useChannels, useOrdersEvents } from '../../api';
import { Card, EmptyState, Tabs, TabsContent, TabsList, TabsTrigger } from '../../index';
import { PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { OrderDrawer } from './Detail/OrderDrawer';
import { OrdersTab } from './List/OrdersTab';
import { isOneOf } from './List/ordersView';
import { ReturnsTab } from './Returns/ReturnsTab';
import { ordersTabs, type OrdersTab as Tab } from './Orders.variants';

const TITLE = 'Orders';
const DESCRIPTION = 'Every order from your channels, with what is left to ship and by when.';
const tabLabels: Record<Tab, string> = { orders: 'Orders', returns: 'Returns' };

/**
 * /orders: the account's orders and the returns its channels report, one tab each (`?tab=returns`);
 * the open order is in the address too (`?orderId=`), whichever tab opened it.
 */
export function OrdersPage() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const orderId = params.get('orderId');
  const requested = params.get('tab');
  const tab: Tab = isOneOf(ordersTabs, requested) ? requested : 'orders';
  const channels = useChannels();
  useOrdersEvents();

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

  const go = (next: URLSearchParams) => {
    const text = next.toString();
    navigate(text ? `${location}?${text}` : location, { replace: true });
  };
  const openOrder = (next: string | null) => {
    const changed = new URLSearchParams(search);
    if (next === null) changed.delete('orderId');
    else changed.set('orderId', next);
    go(changed);
  };
  // Each tab has its own filters: switching tabs starts from a clean address.
  const selectTab = (value: string) => {
    if (isOneOf(ordersTabs, value)) go(new URLSearchParams(value === 'orders' ? {} : { tab: value }));
  };

  return (
    <>
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Orders views">
          {ordersTabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="orders">
          {tab === 'orders' ? (
            <OrdersTab channels={channels.data?.items} channelsPending={channels.isPending} onOpen={openOrder} />
          ) : null}
        </TabsContent>
        <TabsContent value="returns">
          {tab === 'returns' ? (
            <ReturnsTab channels={channels.data?.items} channelsPending={channels.isPending} onOpen={openOrder} />
          ) : null}
        </TabsContent>
      </Tabs>
      <OrderDrawer orderId={orderId} onClose={() => openOrder(null)} />
    </>
  );
}

export default OrdersPage;
