import { useState } from 'react';
import { errorText, useUndoAdRuleAction, useUndoBulkChange, type ChangeEntry } from '../../../api';
import { Alert, Badge, Button, Dialog, DialogContent, DialogFooter } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { changeCauseLabels, changeFieldLabels, formatWhen, shown } from './catalogueState';
import { attributeValuesText } from '../../../shared/listings/changeTexts';
import * as styles from './Catalogue.css';
import * as editStyles from './DrawerEdit.css';

const resultLabels = { pending: 'Pending', retrying: 'Retrying', confirmed: 'Confirmed', failed: 'Failed' } as const;
const resultTones = { pending: 'info', retrying: 'caution', confirmed: 'positive', failed: 'critical' } as const;

/**
 * Causes whose reference the seller reads: the marketplace's order number, or why the ad rules moved an ad
 * ("out of stock"); other references are internal.
 */
const SHOWN_REFERENCE_CAUSES = new Set<ChangeEntry['cause']>(['order', 'cancellation', 'return', 'ad_rule']);
const adStateWords: Record<string, string> = { enabled: 'running', paused: 'paused', archived: 'archived' };

type Batch = NonNullable<ChangeEntry['batch']>;
const batchNames = { bulk_edit: 'bulk edit', csv_import: 'CSV import' } as const;

/** How the seller knows a batch: what it was, by whom and when ("Bulk edit by Ann Lee, Nov 21, 09:00"). */
export function batchTitle(batch: Batch): string {
  const what = batchNames[batch.kind];
  if (batch.isUndo) return `Undo of the ${what} of ${formatWhen(batch.at)}`;
  const name = what.charAt(0).toUpperCase() + what.slice(1);
  return `${name}${batch.by ? ` by ${batch.by}` : ''}, ${formatWhen(batch.at)}`;
}

/** A value as the seller reads it: a price with its currency; a channel's own price removed is the rules' price. */
function valueOf(change: ChangeEntry, value: string | null, currency: string | null): string {
  if (change.field === 'cost') return value === null ? 'not known' : currency ? `${value} ${currency}` : value;
  if (change.field === 'tags') return value ? value : 'no tags';
  if (change.field === 'attributes') return attributeValuesText(value);
  if (change.field === 'ad_state') return value === null ? shown(value) : (adStateWords[value] ?? value);
  if (change.field !== 'price') return shown(value);
  if (value === null) return change.channelId ? 'price from your rules' : shown(value);
  return currency ? `${value} ${currency}` : value;
}

/** A channel's cap as the seller set it: "offer at most 5", or "no limit" (the rules decide). */
export const capText = (value: string | null) => (value === null ? 'no limit' : `offer at most ${value}`);

/** The value a change moved, and where: "Price on eBay: 19.99 USD → 27.24 USD" (or back, for an undo). */
function changeText(change: ChangeEntry, currency: string | null, reverse = false): string {
  const where = change.channelKind ? ` on ${marketplaceNames[change.channelKind]}` : '';
  const [from, to] = reverse ? [change.after, change.before] : [change.before, change.after];
  // "eBay: no limit → offer at most 5"
  if (change.field === 'quantity_cap')
    return `${change.channelKind ? `${marketplaceNames[change.channelKind]}: ` : ''}${capText(from)} → ${capText(to)}`;
  return `${changeFieldLabels[change.field]}${where}: ${valueOf(change, from, currency)} → ${valueOf(change, to, currency)}`;
}

/**
 * One row of a SKU's history: the value, what caused it (a batch named by who ran it and when,
 * never by its id), each channel's result once, and Undo while the server says the batch can be undone.
 */
export function HistoryEntry({
  change,
  batchChanges,
  currency,
}: {
  change: ChangeEntry;
  batchChanges: ChangeEntry[];
  currency: string | null;
}) {
  const batch = change.batch ?? null;
  return (
    <li className={styles.change}>
      <div className={styles.changeHead}>
        <time dateTime={change.at}>{formatWhen(change.at)}</time>
        <strong>{batch ? batchTitle(batch) : changeCauseLabels[change.cause]}</strong>
        {!batch && change.causeRef && SHOWN_REFERENCE_CAUSES.has(change.cause) ? (
          <span className={styles.muted}>{change.causeRef}</span>
        ) : null}
      </div>
      <span>{changeText(change, currency)}</span>
      {change.results.length > 0 ? (
        <ul className={styles.results} aria-label="Result per channel">
          {change.results.map((result) => (
            <li key={result.channelId}>
              <Badge
                tone={resultTones[result.status]}
              >{`${marketplaceNames[result.channelKind]}: ${resultLabels[result.status]}`}</Badge>
              {result.message ? <span className={styles.errorText}> {result.message}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {batch && !batch.isUndo ? <BatchUndo batch={batch} changes={batchChanges} currency={currency} /> : null}
      {change.cause === 'ad_rule' && change.undoable ? <AdRuleUndo change={change} /> : null}
    </li>
  );
}

function BatchUndo({ batch, changes, currency }: { batch: Batch; changes: ChangeEntry[]; currency: string | null }) {
  const [confirming, setConfirming] = useState(false);
  const undo = useUndoBulkChange();
  if (batch.undoneAt)
    return (
      <p className={editStyles.batchLine}>
        <Badge tone="neutral">Undone</Badge>
        {`${batch.undoneBy ? `by ${batch.undoneBy}, ` : ''}${formatWhen(batch.undoneAt)}`}
      </p>
    );
  if (!batch.undoable) return null;
  const title = batchTitle(batch);
  return (
    <div className={editStyles.batchLine}>
      <Button variant="secondary" size="small" onClick={() => setConfirming(true)} aria-label={`Undo ${title}`}>
        Undo
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title={`Undo the ${title.charAt(0).toLowerCase()}${title.slice(1)}?`}>
          <p>These values go back to what they were, on every channel that holds them:</p>
          <ul className={editStyles.previewList} aria-label="Values to put back">
            {changes.map((c) => (
              <li key={c.id}>{changeText(c, currency, true)}</li>
            ))}
          </ul>
          <p>A value changed since (by an order or another edit) is left as it is.</p>
          {undo.isError ? <Alert tone="critical">{errorText(undo.error)}</Alert> : null}
          <DialogFooter>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep the change
            </Button>
            <Button
              loading={undo.isPending}
              onClick={() => undo.mutate(batch.batchId, { onSuccess: () => setConfirming(false) })}
            >
              Undo the change
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/**
 * Undo of an ad rule's pause or resume (its latest move of the SKU's ads on that marketplace). What follows is
 * said before it is done: a pause undone lets the ads run while the SKU stays as it is; a resume undone is the
 * seller's own pause, which the rules never lift.
 */
function AdRuleUndo({ change }: { change: ChangeEntry }) {
  const [confirming, setConfirming] = useState(false);
  const undo = useUndoAdRuleAction(change.sku);
  const where = change.channelKind ? marketplaceNames[change.channelKind] : 'the marketplace';
  const undoingPause = change.after === 'paused';
  const title = undoingPause ? `Run the ads on ${where} again?` : `Pause the ads on ${where} again?`;
  return (
    <div className={editStyles.batchLine}>
      <Button
        variant="secondary"
        size="small"
        onClick={() => setConfirming(true)}
        aria-label={`Undo the ad rule's ${undoingPause ? 'pause' : 'resume'} on ${where}`}
      >
        Undo
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent title={title}>
          <p>
            {undoingPause
              ? `The ads of ${change.sku} on ${where} run again, and the ad rules leave them running until the reason they paused them (${change.causeRef ?? 'the rule'}) is over.`
              : `The ads of ${change.sku} on ${where} are paused again as your own pause: the ad rules never resume them; you do, on the Advertising page or on ${where}.`}
          </p>
          {undo.isError ? <Alert tone="critical">{errorText(undo.error)}</Alert> : null}
          <DialogFooter>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
            <Button
              loading={undo.isPending}
              onClick={() => undo.mutate(change.id, { onSuccess: () => setConfirming(false) })}
            >
              {undoingPause ? 'Run the ads' : 'Pause the ads'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
