import { ApiError, errorText, useListingDetail, type ListingDetail } from '../../../api';
import { Badge, Drawer, DrawerContent, ErrorState, Spinner } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { valueText } from './ListingChip';
import { DrawerEdit } from './DrawerEdit';
import { BundleComponents } from './BundleComponents';
import { HistoryEntry } from './HistoryEntry';
import { fulfilledByMarketplace, marketplaceFulfilmentLabel, marketplaceStockExplanation } from './marketplaceStock';
import { formatWhen, listingStatusLabels, listingStatusTones, offSaleExplanation, shown } from './catalogueState';
import * as styles from './Catalogue.css';

/** The drawer of one SKU (`sku` from the address); closing it takes the SKU out of the address. */
export function ListingDrawer({ sku, onClose }: { sku: string | null; onClose: () => void }) {
  const detail = useListingDetail(sku);
  return (
    <Drawer open={sku !== null} onOpenChange={(open) => !open && onClose()}>
      {sku !== null ? (
        <DrawerContent title={sku} description={detail.data?.row.title ?? undefined}>
          {detail.isPending ? (
            <Spinner label="Loading SKU..." />
          ) : detail.isError ? (
            <ErrorState
              title={
                detail.error instanceof ApiError && detail.error.status === 404
                  ? 'This SKU is not in your catalogue'
                  : 'This SKU could not be loaded'
              }
              description={errorText(detail.error)}
              onRetry={() => detail.refetch()}
              titleLevel={3}
            />
          ) : (
            <DetailBody detail={detail.data} />
          )}
        </DrawerContent>
      ) : null}
    </Drawer>
  );
}

function Fact({ name, value }: { name: string; value: string | number | null | undefined }) {
  return (
    <>
      <dt className={styles.factName}>{name}</dt>
      <dd className={styles.factValue}>{shown(value)}</dd>
    </>
  );
}

function DetailBody({ detail }: { detail: ListingDetail }) {
  const { row, product, listings, history } = detail;
  const money = (value: string | null) =>
    value === null ? null : product?.currency ? `${value} ${product.currency}` : value;
  return (
    <>
      <section className={styles.section} aria-labelledby="sku-product">
        <h3 id="sku-product" className={styles.sectionTitle}>
          Product
        </h3>
        {product ? (
          <>
            {product.images.length > 0 ? (
              <ul className={styles.images}>
                {product.images.map((src, index) => (
                  <li key={src}>
                    <img
                      className={styles.image}
                      src={src}
                      alt={`${row.title ?? row.sku}, image ${index + 1}`}
                      width={72}
                      height={72}
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            <dl className={styles.facts}>
              <Fact name="Title" value={row.title} />
              <Fact name="Brand" value={row.brand} />
              <Fact name="GTIN" value={row.gtin} />
              <Fact name="Price" value={money(product.price)} />
              <Fact name="Cost" value={money(product.cost)} />
              <Fact name="Tags" value={product.tags.length > 0 ? product.tags.join(', ') : null} />
              <Fact name="On hand" value={row.onHand} />
              <Fact name="Committed" value={row.committed} />
              <Fact name="Available" value={row.available} />
              <Fact name="Description" value={product.description} />
            </dl>
          </>
        ) : (
          <p className={styles.muted}>This SKU is on a target channel only: your main channel does not have it.</p>
        )}
      </section>
      <section className={styles.section} aria-labelledby="sku-listings">
        <h3 id="sku-listings" className={styles.sectionTitle}>
          Listings
        </h3>
        {listings.map((listing) => (
          <article
            key={listing.listingId}
            className={styles.listingCard}
            aria-label={`${marketplaceNames[listing.channelKind]} listing`}
          >
            <h4 className={styles.listingHead}>
              {marketplaceNames[listing.channelKind]}
              {listing.channelRole === 'main' ? ' (main)' : ''}
              <Badge tone={listingStatusTones[listing.status]}>{listingStatusLabels[listing.status]}</Badge>
              {fulfilledByMarketplace(listing) ? (
                <Badge tone="info">{marketplaceFulfilmentLabel(listing.channelKind)}</Badge>
              ) : null}
            </h4>
            <dl className={styles.facts}>
              <Fact name="Marketplace ID" value={listing.marketplaceId} />
              <Fact name="Price" value={valueText(listing.price, listing.desiredPrice, listing.pushPending)} />
              {fulfilledByMarketplace(listing) ? (
                <Fact
                  name="Quantity"
                  value={`${listing.marketplaceQuantity} (held by ${marketplaceNames[listing.channelKind]})`}
                />
              ) : (
                <Fact
                  name="Quantity"
                  value={valueText(listing.quantity, listing.desiredQuantity, listing.pushPending)}
                />
              )}
              <Fact name="Price override" value={listing.priceOverride ?? 'None'} />
              {listing.quantityCap !== null ? (
                <Fact name="Offer at most" value={`${listing.quantityCap} units`} />
              ) : null}
              <Fact name="Confirmed" value={formatWhen(listing.confirmedAt)} />
            </dl>
            {listing.takenOffSale ? <p className={styles.muted}>{offSaleExplanation(listing.channelKind)}</p> : null}
            {fulfilledByMarketplace(listing) ? (
              <p className={styles.muted}>{marketplaceStockExplanation(listing.channelKind)}</p>
            ) : null}
            {listing.pushPending ? (
              <p className={styles.muted}>Sending the new values to {marketplaceNames[listing.channelKind]}.</p>
            ) : null}
            {listing.lastError ? <p className={styles.errorText}>{listing.lastError}</p> : null}
          </article>
        ))}
        {listings.length === 0 ? <p className={styles.muted}>Not listed on any channel yet.</p> : null}
      </section>
      {product && row.productId ? <BundleComponents sku={row.sku} /> : null}
      {product && row.productId ? <DrawerEdit key={row.sku} detail={detail} currency={product.currency} /> : null}
      <section className={styles.section} aria-labelledby="sku-history">
        <h3 id="sku-history" className={styles.sectionTitle}>
          Change history
        </h3>
        {history.length === 0 ? (
          <p className={styles.muted}>No changes yet.</p>
        ) : (
          <ol className={styles.history}>
            {history.map((change) => (
              <HistoryEntry
                key={change.id}
                change={change}
                currency={product?.currency ?? null}
                batchChanges={history.filter(
                  (c) => c.batch && !c.batch.isUndo && c.batch.batchId === change.batch?.batchId,
                )}
              />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
