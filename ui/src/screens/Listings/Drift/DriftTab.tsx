import { useState } from 'react';
import {
  Button,
  Card,
  Dialog,
  DialogContent,
  EmptyState,
  ErrorState,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  useToast,
} from '../../../index';
import { errorText, useDrift, useResolveDrift, type Drift, type DriftDecision } from '../../../api';
import { formatWhen, marketplaceNames } from '../../../shared/channels/channelTexts';
import { formatCount } from '../../../shared/channels/syncTexts';
import { fieldNames } from '../SyncActivity/activityTexts';
import * as styles from '../SyncActivity/SyncActivity.css';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** What each decision does, said before it is made. */
const decisionTexts: Record<
  DriftDecision,
  {
    title: (n: number) => string;
    description: string;
    confirm: string;
    toastTitle: string;
    done: (n: number) => string;
  }
> = {
  accept: {
    title: (n) => `Keep ${plural(n, 'value', 'values')} set on the channel?`,
    description:
      'A price set on a channel becomes that listing’s own price there, and our rules leave it alone. A title stays as it is there, until the title is next edited here. A quantity is kept until stock next changes.',
    confirm: 'Keep',
    toastTitle: 'Values Kept',
    done: (n) => `${plural(n, 'value', 'values')} set on the channel ${n === 1 ? 'is' : 'are'} kept.`,
  },
  overwrite: {
    title: (n) => `Overwrite ${plural(n, 'value', 'values')} on the channel?`,
    description: 'The channel is sent the value our rules give, replacing the one set by hand.',
    confirm: 'Overwrite',
    toastTitle: 'Values Overwritten',
    done: (n) => `${plural(n, 'value', 'values')} will be sent our value again.`,
  },
};

/** Listings › Drift: values edited directly on a target channel, to accept or overwrite, one by one or several at once. */
export function DriftTab() {
  const drift = useDrift();
  const resolve = useResolveDrift();
  const { toast } = useToast();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState<{ decision: DriftDecision; items: Drift[] } | null>(null);

  if (drift.isPending) return <Spinner label="Loading drift..." />;
  if (drift.isError)
    return (
      <ErrorState
        title="Drift could not be loaded"
        description={errorText(drift.error)}
        onRetry={() => drift.refetch()}
      />
    );
  const items = drift.data.items;
  if (items.length === 0) {
    return (
      <Card padding="large">
        <EmptyState
          title="No drift"
          description="Values edited directly on a channel appear here, to keep or overwrite. Right now every channel holds what we sent."
        />
      </Card>
    );
  }
  // Items gone from the list (dealt with elsewhere) leave the selection too.
  const chosen = items.filter((d) => selected.has(d.id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = chosen.length === items.length;

  const decide = () => {
    if (!asking) return;
    const { decision, items: those } = asking;
    resolve.mutate(
      { ids: those.map((d) => d.id), decision },
      {
        onSuccess: ({ done, refused }) => {
          setAsking(null);
          setSelected(new Set());
          if (done > 0)
            toast({
              title: decisionTexts[decision].toastTitle,
              description: decisionTexts[decision].done(done),
              variant: 'success',
            });
          if (refused.length > 0)
            toast({
              title: 'Some Were Not Changed',
              description: `${plural(refused.length, 'value', 'values')}: ${refused[0]}`,
              variant: 'destructive',
            });
        },
        onError: (error) => toast({ title: 'Nothing Changed', description: errorText(error), variant: 'destructive' }),
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="drift-title">
      <div className={styles.sectionHead}>
        <h2 id="drift-title" className={styles.sectionTitle}>
          {`Edited on a channel (${formatCount(items.length)})`}
        </h2>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            disabled={chosen.length === 0}
            onClick={() => setAsking({ decision: 'accept', items: chosen })}
          >
            {`Accept selected${chosen.length ? ` (${chosen.length})` : ''}`}
          </Button>
          <Button
            variant="secondary"
            disabled={chosen.length === 0}
            onClick={() => setAsking({ decision: 'overwrite', items: chosen })}
          >
            {`Overwrite selected${chosen.length ? ` (${chosen.length})` : ''}`}
          </Button>
        </div>
      </div>
      <Text size="small" tone="secondary">
        Someone changed these values on the marketplace itself. Accept keeps the channel’s value; Overwrite sends ours
        again.
      </Text>
      <Table caption="Values edited on a channel" hideCaption>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>
              <input
                type="checkbox"
                className={styles.checkbox}
                aria-label="Select all"
                checked={allChosen}
                onChange={() => setSelected(allChosen ? new Set() : new Set(items.map((d) => d.id)))}
              />
            </TableHeaderCell>
            <TableHeaderCell>SKU</TableHeaderCell>
            <TableHeaderCell>Channel</TableHeaderCell>
            <TableHeaderCell>Field</TableHeaderCell>
            <TableHeaderCell>Ours</TableHeaderCell>
            <TableHeaderCell>On the channel</TableHeaderCell>
            <TableHeaderCell>Found</TableHeaderCell>
            <TableHeaderCell>Decision</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((d) => {
            const name = marketplaceNames[d.channelKind];
            return (
              <TableRow key={d.id}>
                <TableCell>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    aria-label={`Select ${d.sku} on ${name}`}
                    checked={selected.has(d.id)}
                    onChange={() => toggle(d.id)}
                  />
                </TableCell>
                <TableHeaderCell scope="row">{d.sku}</TableHeaderCell>
                <TableCell>{name}</TableCell>
                <TableCell>{fieldNames[d.field]}</TableCell>
                <TableCell>{d.expected ?? '—'}</TableCell>
                <TableCell>{d.found ?? '—'}</TableCell>
                <TableCell>{formatWhen(d.detectedAt)}</TableCell>
                <TableCell>
                  <div className={styles.actions}>
                    <Button
                      size="small"
                      variant="secondary"
                      aria-label={`Accept ${d.sku} on ${name}`}
                      onClick={() => setAsking({ decision: 'accept', items: [d] })}
                    >
                      Accept
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={`Overwrite ${d.sku} on ${name}`}
                      onClick={() => setAsking({ decision: 'overwrite', items: [d] })}
                    >
                      Overwrite
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Dialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        {asking ? (
          <DialogContent
            title={decisionTexts[asking.decision].title(asking.items.length)}
            description={decisionTexts[asking.decision].description}
          >
            <ul>
              {asking.items.map((d) => (
                <li key={d.id}>
                  <Text size="small">{`${d.sku} on ${marketplaceNames[d.channelKind]}: ${fieldNames[d.field].toLowerCase()} ${asking.decision === 'accept' ? `stays ${d.found ?? '—'}` : `goes back from ${d.found ?? '—'} to our value`}`}</Text>
                </li>
              ))}
            </ul>
            <div className={styles.actions}>
              <Button
                variant={asking.decision === 'overwrite' ? 'danger' : 'primary'}
                loading={resolve.isPending}
                onClick={decide}
              >
                {decisionTexts[asking.decision].confirm}
              </Button>
              <Button variant="secondary" onClick={() => setAsking(null)}>
                Cancel
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}
