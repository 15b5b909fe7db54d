import { useId } from 'react';
import type { ListingChip as Chip } from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { listingStatusLabels, listingStatusTones, offSaleChipText, shown } from './catalogueState';
import * as styles from './Catalogue.css';

/** "19.99", or "19.99 → 17.99" while a new price is on its way. */
export function valueText(
  confirmed: string | number | null,
  desired: string | number | null,
  pending: boolean,
): string {
  return pending && desired !== null && String(desired) !== String(confirmed)
    ? `${shown(confirmed)} → ${desired}`
    : shown(confirmed);
}

/** What a chip says, in one line (also its accessible name). */
export function chipText(chip: Chip): string {
  const parts = [marketplaceNames[chip.channelKind], listingStatusLabels[chip.status]];
  if (chip.status !== 'not listed') {
    parts.push(
      `Price ${valueText(chip.price, chip.desiredPrice, chip.pushPending)}`,
      `Qty ${valueText(chip.quantity, chip.desiredQuantity, chip.pushPending)}`,
    );
  }
  if (chip.takenOffSale) parts.push(offSaleChipText(chip.channelKind));
  if (chip.pushPending) parts.push('sending');
  return parts.join(' · ');
}

/**
 * A SKU's listing on one channel. A chip in error (or whose last value was refused) can be
 * focused: the marketplace's message shows on hover and focus and is its accessible description.
 */
export function ListingChip({ chip }: { chip: Chip }) {
  const messageId = useId();
  const tone = chip.lastError ? 'critical' : listingStatusTones[chip.status];
  const content = (
    <>
      <span className={styles.chipName}>{marketplaceNames[chip.channelKind]}</span>
      <span>{listingStatusLabels[chip.status]}</span>
      {chip.status !== 'not listed' ? (
        <>
          <span>{valueText(chip.price, chip.desiredPrice, chip.pushPending)}</span>
          <span>× {valueText(chip.quantity, chip.desiredQuantity, chip.pushPending)}</span>
        </>
      ) : null}
      {chip.takenOffSale ? <span className={styles.sending}>{offSaleChipText(chip.channelKind)}</span> : null}
      {chip.pushPending ? <span className={styles.sending}>sending</span> : null}
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
        aria-label={chipText(chip)}
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
