import { useId } from 'react';
import type { ListingChip as Chip } from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { listingStatusLabels, listingStatusTones, offSaleChipText, priceText, shown } from './catalogueState';
import { visuallyHidden } from '../../../theme';
import { fulfilledByMarketplace, marketplaceFulfilmentLabel } from './marketplaceStock';
import * as styles from './Catalogue.css';

/** "19.99", or "19.99 → 17.99" while a new value is on its way (each through `format`). */
export function valueText<T extends string | number>(
  confirmed: T | null,
  desired: T | null,
  pending: boolean,
  format: (value: T | null) => string = shown,
): string {
  return pending && desired !== null && String(desired) !== String(confirmed)
    ? `${format(confirmed)} → ${format(desired)}`
    : format(confirmed);
}

/** The chip's price with its currency: "$19.99", "$19.99 → $17.99" while a new price is on its way. */
export const chipPriceText = (chip: Chip) =>
  valueText(chip.price, chip.desiredPrice, chip.pushPending, (value) => priceText(value, chip.currency));

/** A paused channel is neither read nor sent to: its chip says so, whatever the marketplace last said. */
export const isPausedChip = (chip: Chip) => chip.channelPaused === true;

/** The status a chip shows: "Paused" for a paused channel's listing, else the listing's own. */
export const chipStatusLabel = (chip: Chip) => (isPausedChip(chip) ? 'Paused' : listingStatusLabels[chip.status]);

/** The chip's tone: neutral while paused (its values are not current), critical on an error, else its status's. */
export const chipTone = (chip: Chip) =>
  isPausedChip(chip) ? 'neutral' : chip.lastError ? 'critical' : listingStatusTones[chip.status];

/** What a chip says, in one line (the accessible name of a chip that is not a button). */
export function chipText(chip: Chip): string {
  const parts = [marketplaceNames[chip.channelKind], chipStatusLabel(chip)];
  if (chip.status !== 'not listed') {
    if (isPausedChip(chip)) {
      parts.push(`Last known price ${priceText(chip.price, chip.currency)}`, `Qty ${shown(chip.quantity)}`);
      parts.push('not updated while paused');
    } else {
      parts.push(
        `Price ${chipPriceText(chip)}`,
        fulfilledByMarketplace(chip)
          ? `${marketplaceFulfilmentLabel(chip.channelKind)} Qty ${chip.marketplaceQuantity}`
          : `Qty ${valueText(chip.quantity, chip.desiredQuantity, chip.pushPending)}`,
      );
    }
  }
  if (chip.takenOffSale) parts.push(offSaleChipText(chip.channelKind));
  if (chip.pushPending && !isPausedChip(chip)) parts.push('sending');
  return parts.join(' · ');
}

/**
 * A SKU's listing on one channel. A chip in error (or whose last value was refused) can be
 * focused: the marketplace's message shows on hover and focus and is its accessible description.
 */
export function ListingChip({ chip }: { chip: Chip }) {
  const messageId = useId();
  const paused = isPausedChip(chip);
  const tone = chipTone(chip);
  // Words a screen reader needs that the chip shows as layout ("$19.99 × 5"); the spaces between the
  // parts are not drawn (the chip is a flex row) but keep the words apart in the accessible name. Only a
  // chip in error is a button named by its content; the others are images named by `chipText`.
  const spoken = (text: string) => (chip.lastError ? <span className={visuallyHidden}>{text}</span> : null);
  const content = (
    <>
      <span className={styles.chipName}>{marketplaceNames[chip.channelKind]}</span> <span>{chipStatusLabel(chip)}</span>{' '}
      {chip.status !== 'not listed' ? (
        paused ? (
          <span className={styles.sending}>
            last known {priceText(chip.price, chip.currency)} <span aria-hidden="true">×</span>
            {spoken('quantity')} {shown(chip.quantity)}
          </span>
        ) : (
          <>
            <span>
              {spoken('price')} {chipPriceText(chip)}
            </span>{' '}
            {fulfilledByMarketplace(chip) ? (
              <span>
                <span aria-hidden="true">× </span>
                {spoken('quantity')} {chip.marketplaceQuantity}{' '}
                <span className={styles.fulfilment}>{marketplaceFulfilmentLabel(chip.channelKind)}</span>
              </span>
            ) : (
              <span>
                <span aria-hidden="true">× </span>
                {spoken('quantity')} {valueText(chip.quantity, chip.desiredQuantity, chip.pushPending)}
              </span>
            )}
          </>
        )
      ) : null}{' '}
      {chip.takenOffSale ? <span className={styles.sending}>{offSaleChipText(chip.channelKind)}</span> : null}{' '}
      {chip.pushPending && !paused ? <span className={styles.sending}>sending</span> : null}
    </>
  );
  if (!chip.lastError) {
    return (
      <span className={styles.chip({ tone })} role="img" aria-label={chipText(chip)}>
        {content}
      </span>
    );
  }
  return (
    <span className={styles.chipWrap}>
      <button
        type="button"
        className={styles.chip({ tone })}
        aria-describedby={messageId}
        onClick={(event) => event.stopPropagation()}
      >
        {content}
      </button>
      <span role="tooltip" id={messageId} className={styles.tooltip}>
        {chip.lastError}
      </span>
    </span>
  );
}
