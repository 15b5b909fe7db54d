import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogContent, Stack, Text, TextField, useToast } from '../../index';
import { errorText, useUpdateRules, type Channel, type ChannelRules } from '../../api';
import * as styles from './Channels.css';

export interface RulesDialogProps {
  channel: Channel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The account's main channel's marketplace: a target of a Shopify main may have its orders created there. */
  mainKind?: Channel['kind'] | undefined;
}

const whole = (value: string) => (value.trim() === '' ? NaN : Number(value));

/** What this channel is offered: on/off for stock and price, share, buffer, cap and threshold (pages.md section 1). */
export function RulesDialog({ channel, open, onOpenChange, mainKind }: RulesDialogProps) {
  const offerShopifyCopies = channel.role === 'target' && mainKind === 'shopify';
  const update = useUpdateRules();
  const { toast } = useToast();
  const [draft, setDraft] = useState(() => asDraft(channel.rules));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setDraft(asDraft(channel.rules));
      setProblem(null);
    }
  }, [open, channel.rules]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rules: ChannelRules = {
      syncQuantity: draft.syncQuantity,
      syncPrice: draft.syncPrice,
      syncTitle: draft.syncTitle,
      stockPercent: whole(draft.stockPercent),
      bufferUnits: whole(draft.bufferUnits),
      maxQuantity: draft.maxQuantity.trim() === '' ? null : whole(draft.maxQuantity),
      outOfStockThreshold: whole(draft.outOfStockThreshold),
      createOrdersInShopify: offerShopifyCopies ? draft.createOrdersInShopify : channel.rules.createOrdersInShopify,
    };
    const invalid = [rules.stockPercent, rules.bufferUnits, rules.outOfStockThreshold, rules.maxQuantity ?? 0].some(
      (n) => !Number.isInteger(n) || n < 0,
    );
    if (invalid || rules.stockPercent > 100) {
      setProblem('Use whole numbers: a share from 0 to 100, and a buffer, cap and threshold of 0 or more.');
      return;
    }
    update.mutate(
      { channelId: channel.id, rules },
      {
        onSuccess: () => {
          toast({
            title: 'Rules Saved',
            description: `${channel.displayName} will be offered stock and prices by the new rules.`,
            variant: 'success',
          });
          onOpenChange(false);
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={`Rules for ${channel.displayName}`}
        description="What this channel is offered of your available stock, and whether prices follow the main channel."
      >
        <form onSubmit={submit} aria-label="Channel rules">
          <Stack space="large">
            <label className={styles.checkboxRow}>
              <input
                type="checkbox"
                checked={draft.syncQuantity}
                onChange={(e) => setDraft({ ...draft, syncQuantity: e.target.checked })}
              />
              Sync quantity
            </label>
            <label className={styles.checkboxRow}>
              <input
                type="checkbox"
                checked={draft.syncPrice}
                onChange={(e) => setDraft({ ...draft, syncPrice: e.target.checked })}
              />
              Sync price
            </label>
            <label className={styles.checkboxRow}>
              <input
                type="checkbox"
                checked={draft.syncTitle}
                onChange={(e) => setDraft({ ...draft, syncTitle: e.target.checked })}
              />
              Sync titles edited here
            </label>
            <div className={styles.twoColumns}>
              <TextField
                label="Share of stock (%)"
                inputMode="numeric"
                value={draft.stockPercent}
                onChange={(e) => setDraft({ ...draft, stockPercent: e.target.value })}
              />
              <TextField
                label="Buffer units"
                inputMode="numeric"
                value={draft.bufferUnits}
                onChange={(e) => setDraft({ ...draft, bufferUnits: e.target.value })}
              />
              <TextField
                label="Maximum quantity"
                secondaryLabel="optional"
                inputMode="numeric"
                value={draft.maxQuantity}
                onChange={(e) => setDraft({ ...draft, maxQuantity: e.target.value })}
              />
              <TextField
                label="Out-of-stock at"
                inputMode="numeric"
                value={draft.outOfStockThreshold}
                onChange={(e) => setDraft({ ...draft, outOfStockThreshold: e.target.value })}
              />
            </div>
            <Text size="small" tone="secondary">
              Offered = 0 when available is at or below the threshold; otherwise the share of available, less the
              buffer, up to the maximum.
            </Text>
            {offerShopifyCopies ? (
              <Stack space="small">
                <label className={styles.checkboxRow}>
                  <input
                    type="checkbox"
                    checked={draft.createOrdersInShopify}
                    onChange={(e) => setDraft({ ...draft, createOrdersInShopify: e.target.checked })}
                  />
                  Create this channel’s orders in your Shopify store
                </label>
                <Text size="small" tone="secondary">
                  Each order is added to Shopify tagged with its marketplace and order number, without charging the
                  buyer or taking stock off twice. Ship it from Shopify and the tracking goes back to{' '}
                  {channel.displayName}.
                </Text>
              </Stack>
            ) : null}
            {problem ? <Alert tone="critical">{problem}</Alert> : null}
            <Button type="submit" loading={update.isPending}>
              Save Rules
            </Button>
          </Stack>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function asDraft(rules: ChannelRules) {
  return {
    syncQuantity: rules.syncQuantity,
    syncPrice: rules.syncPrice,
    syncTitle: rules.syncTitle,
    stockPercent: String(rules.stockPercent),
    bufferUnits: String(rules.bufferUnits),
    maxQuantity: rules.maxQuantity === null ? '' : String(rules.maxQuantity),
    outOfStockThreshold: String(rules.outOfStockThreshold),
    createOrdersInShopify: rules.createOrdersInShopify,
  };
}
