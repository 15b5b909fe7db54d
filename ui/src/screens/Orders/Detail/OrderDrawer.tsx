import type { ReactNode } from 'react';
import { ApiError, errorText, useOrderDetail, type OrderDetail } from '../../../api';
import { Badge, Drawer, DrawerContent, ErrorState, Spinner } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import {
  canShip,
  feesText,
  formatDateTime,
  formatMoney,
  fulfilmentLabels,
  fulfilmentTones,
  remainingUnits,
  shipByMarkLabels,
  shipByMarkTones,
} from '../orderTexts';
import { shipByMark } from '../shipBy';
import { Cancellations, Refunds, Returns } from './ActionSections';
import { OrderActions } from './OrderActions';
import { Lines, Shipments, ShipTo, ShopifyCopy, StockChanges, Timeline } from './OrderSections';
import { ShipForm } from './ShipForm';
import * as page from '../OrdersPage.css';
import * as styles from './Detail.css';

/** The drawer of one order (`orderId` from the address); closing it takes the order out of the address. */
export function OrderDrawer({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const detail = useOrderDetail(orderId);
  const order = detail.data;
  return (
    <Drawer open={orderId !== null} onOpenChange={(open) => !open && onClose()}>
      {orderId !== null ? (
        <DrawerContent
          title={order ? `Order ${order.orderNumber}` : 'Order'}
          description={order ? `${marketplaceNames[order.channel.kind]} · ${order.channel.name}` : undefined}
        >
          {detail.isPending ? (
            <Spinner label="Loading order..." />
          ) : detail.isError ? (
            <ErrorState
              title={
                detail.error instanceof ApiError && detail.error.status === 404
                  ? 'This order is not in your account'
                  : 'This order could not be loaded'
              }
              description={errorText(detail.error)}
              onRetry={() => detail.refetch()}
              titleLevel={3}
            />
          ) : (
            <OrderBody order={detail.data} />
          )}
        </DrawerContent>
      ) : null}
    </Drawer>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt className={styles.factName}>{name}</dt>
      <dd className={styles.factValue}>{children}</dd>
    </>
  );
}

function OrderBody({ order }: { order: OrderDetail }) {
  const mark = shipByMark(order, new Date());
  const leftToShip = order.lines.some((line) => remainingUnits(line) > 0);
  return (
    <>
      <section className={styles.section} aria-label="Summary">
        <dl className={styles.facts}>
          <Fact name="Status">
            <span className={page.badges}>
              <Badge tone={fulfilmentTones[order.status]}>{fulfilmentLabels[order.status]}</Badge>
            </span>
          </Fact>
          <Fact name="Ordered">{formatDateTime(order.orderedAt)}</Fact>
          <Fact name="Ship by">
            <span className={page.badges}>
              {order.shipBy ? formatDateTime(order.shipBy) : 'No date from the marketplace'}
              {mark ? <Badge tone={shipByMarkTones[mark]}>{shipByMarkLabels[mark]}</Badge> : null}
            </span>
          </Fact>
          <Fact name="Buyer">
            {order.personalDataErased ? 'Erased after the retention period' : (order.buyerName ?? '—')}
          </Fact>
          <Fact name="Total">{formatMoney(order.total)}</Fact>
          <Fact name="Fees">{feesText(order.fees, order.channel.kind)}</Fact>
          <Fact name={`${marketplaceNames[order.channel.kind]} order`}>
            <span className={page.mono}>{order.marketplaceOrderId}</span>
          </Fact>
        </dl>
      </section>
      <OrderActions order={order} />
      <Lines order={order} />
      <ShipTo order={order} />
      <ShopifyCopy order={order} />
      <Shipments order={order} />
      {canShip(order) && leftToShip ? (
        <section className={styles.section}>
          {/* A new form once a shipment is recorded: what is left to ship has changed. */}
          <ShipForm key={order.shipments.length} order={order} />
        </section>
      ) : null}
      <Cancellations order={order} />
      <Refunds order={order} />
      <Returns order={order} />
      <Timeline order={order} />
      <StockChanges order={order} />
    </>
  );
}
