import type { ReactNode } from 'react';
import type { ChangeEntry, OrderDetail, OrderLine, Shipment } from '../../../api';
import { Alert, Badge, useLinkComponent, type BadgeTone } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { changeCauseLabels, changeFieldLabels, listingHistoryHref } from '../../../shared/listings/changeTexts';
import {
  formatDateTime,
  formatMoney,
  orderEventLabels,
  plural,
  remainingUnits,
  shipmentStateLabels,
  shipmentStateTones,
} from '../orderTexts';
import { unitsBeingCancelled } from './cancelForm';
import * as page from '../OrdersPage.css';
import * as styles from './Detail.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A link to the SKU's drawer on the Listings page, with its change history. */
function HistoryLink({ sku, children }: { sku: string; children: ReactNode }) {
  const Link = useLinkComponent();
  return (
    <Link href={listingHistoryHref(sku)} className={page.link}>
      {children}
    </Link>
  );
}

function LineItem({ line, beingCancelled }: { line: OrderLine; beingCancelled: number }) {
  const left = remainingUnits(line);
  return (
    <li className={styles.item}>
      <p className={styles.itemHead}>
        <span className={page.mono}>{line.sku}</span>
        <span>{`${line.quantity} × ${formatMoney(line.price)}`}</span>
      </p>
      <p className={styles.itemLine}>
        {line.title ?? <span className={page.muted}>No title from the marketplace</span>}
      </p>
      <p className={`${styles.itemLine} ${page.muted}`}>
        {[
          `${line.shippedQuantity} shipped`,
          ...(line.cancelledQuantity > 0 ? [`${line.cancelledQuantity} cancelled`] : []),
          ...(beingCancelled > 0 ? [`${beingCancelled} being cancelled`] : []),
          `${left} left to ship`,
        ].join(' · ')}
      </p>
      <p className={styles.itemLine}>
        {line.listing ? (
          <>
            {'From the listing '}
            <HistoryLink sku={line.listing.sku}>{line.listing.productTitle}</HistoryLink>
          </>
        ) : (
          <span className={page.muted}>Not a SKU of your catalogue.</span>
        )}
      </p>
    </li>
  );
}

export function Lines({ order }: { order: OrderDetail }) {
  return (
    <Section id="order-lines" title={`Lines (${plural(order.units, 'unit', 'units')})`}>
      <ul className={styles.list}>
        {order.lines.map((line, index) => (
          <LineItem
            key={line.lineId ?? `${line.sku}-${index}`}
            line={line}
            beingCancelled={unitsBeingCancelled(order, line)}
          />
        ))}
      </ul>
    </Section>
  );
}

export function ShipTo({ order }: { order: OrderDetail }) {
  const { shipTo } = order;
  return (
    <Section id="order-ship-to" title="Shipping address">
      {order.personalDataErased ? (
        <p className={page.muted}>Erased after the retention period.</p>
      ) : shipTo ? (
        <address className={styles.address}>
          {[
            shipTo.name,
            shipTo.line1,
            shipTo.line2,
            [shipTo.city, shipTo.region, shipTo.postalCode].filter(Boolean).join(', '),
            shipTo.countryCode,
            shipTo.phone,
          ]
            .filter((part): part is string => Boolean(part))
            .map((part) => (
              <span key={part}>
                {part}
                <br />
              </span>
            ))}
        </address>
      ) : (
        <p className={page.muted}>{`${marketplaceNames[order.channel.kind]} gave no address for this order.`}</p>
      )}
    </Section>
  );
}

function ShipmentItem({ shipment, marketplace }: { shipment: Shipment; marketplace: string }) {
  const units = shipment.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <li className={styles.item}>
      <p className={styles.itemHead}>
        <span>
          {`${shipment.carrierName} `}
          <span className={page.mono}>{shipment.trackingNumber}</span>
        </span>
        <Badge tone={shipmentStateTones[shipment.state]}>{shipmentStateLabels[shipment.state]}</Badge>
      </p>
      <p className={`${styles.itemLine} ${page.muted}`}>
        {`Shipped ${formatDateTime(shipment.shippedAt)} · ${plural(units, 'unit', 'units')}: `}
        {shipment.lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ')}
      </p>
      {shipment.state === 'sending' ? (
        <p className={`${styles.itemLine} ${page.muted}`}>
          {shipment.attempts > 1
            ? `Sending to ${marketplace} (attempt ${shipment.attempts}).`
            : `Sending to ${marketplace}.`}
        </p>
      ) : null}
      {shipment.state === 'failed' ? (
        <Alert tone="critical" title={`${marketplace} refused this shipment`}>
          {shipment.message ?? `${marketplace} gave no reason.`}
        </Alert>
      ) : null}
    </li>
  );
}

export function Shipments({ order }: { order: OrderDetail }) {
  const marketplace = marketplaceNames[order.channel.kind];
  return (
    <Section id="order-shipments" title="Shipments">
      {order.shipments.length === 0 ? (
        <p className={page.muted}>None yet.</p>
      ) : (
        <ul className={styles.list}>
          {order.shipments.map((shipment) => (
            <ShipmentItem key={shipment.id} shipment={shipment} marketplace={marketplace} />
          ))}
        </ul>
      )}
    </Section>
  );
}

export function Timeline({ order }: { order: OrderDetail }) {
  return (
    <Section id="order-timeline" title="Timeline">
      <ol className={styles.timeline}>
        {order.timeline.map((event, index) => (
          <li key={`${event.at}-${index}`} className={styles.event}>
            <time dateTime={event.at} className={page.muted}>
              {formatDateTime(event.at)}
            </time>
            <span>
              <strong>{orderEventLabels[event.kind]}</strong>
              {` by ${event.actor}`}
            </span>
            {event.detail ? <span className={page.muted}>{event.detail}</span> : null}
          </li>
        ))}
      </ol>
    </Section>
  );
}

function StockChange({ change }: { change: ChangeEntry }) {
  const where = change.channelKind ? ` on ${marketplaceNames[change.channelKind]}` : '';
  return (
    <li className={styles.item}>
      <p className={styles.itemHead}>
        <span className={page.mono}>{change.sku}</span>
        <time dateTime={change.at} className={page.muted}>
          {formatDateTime(change.at)}
        </time>
      </p>
      <p className={styles.itemLine}>
        {`${changeCauseLabels[change.cause]}: ${changeFieldLabels[change.field]}${where} ${change.before ?? '—'} → ${change.after ?? '—'}`}
      </p>
      <p className={styles.itemLine}>
        <HistoryLink sku={change.sku}>{`Change history of ${change.sku}`}</HistoryLink>
      </p>
    </li>
  );
}

export function StockChanges({ order }: { order: OrderDetail }) {
  return (
    <Section id="order-stock" title="Stock changes">
      {order.stockChanges.length === 0 ? (
        <p className={page.muted}>This order changed no stock.</p>
      ) : (
        <ul className={styles.list}>
          {order.stockChanges.map((change) => (
            <StockChange key={change.id} change={change} />
          ))}
        </ul>
      )}
    </Section>
  );
}

const shopifyCopyTexts: Record<NonNullable<OrderDetail['shopifyCopy']>['status'], { label: string; tone: BadgeTone }> =
  {
    pending: { label: 'Being created', tone: 'neutral' },
    created: { label: 'Waiting to be fulfilled', tone: 'info' },
    shipped: { label: 'Tracking sent', tone: 'positive' },
    failed: { label: 'Failed', tone: 'critical' },
  };

/** The order's copy in the main Shopify store, where the seller ships it from. */
export function ShopifyCopy({ order }: { order: OrderDetail }) {
  const copy = order.shopifyCopy;
  if (!copy) return null;
  const marketplace = marketplaceNames[order.channel.kind];
  const { label, tone } = shopifyCopyTexts[copy.status];
  const name = copy.shopifyOrderName ? `Shopify order ${copy.shopifyOrderName}` : 'Shopify order';
  return (
    <Section id="order-shopify-copy" title="In your Shopify store">
      <p className={styles.itemHead}>
        <span>{copy.status === 'pending' ? 'Being created in your Shopify store' : name}</span>
        <Badge tone={tone}>{label}</Badge>
      </p>
      <p className={`${styles.itemLine} ${page.muted}`}>
        {copy.status === 'created'
          ? `Fulfil it in Shopify: its tracking goes to ${marketplace} on its own.`
          : copy.status === 'shipped'
            ? `Fulfilled in Shopify; its tracking went to ${marketplace} ${formatDateTime(copy.updatedAt)}.`
            : copy.status === 'pending'
              ? 'Paid on the marketplace: nobody is charged, and stock moves once.'
              : `Updated ${formatDateTime(copy.updatedAt)}.`}
      </p>
      {copy.status === 'failed' ? (
        <Alert tone="critical" title="This order could not go through your Shopify store">
          {copy.message ?? 'Shopify gave no reason.'}
        </Alert>
      ) : null}
    </Section>
  );
}
