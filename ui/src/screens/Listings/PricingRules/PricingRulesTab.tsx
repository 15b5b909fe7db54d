import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Dialog,
  DialogContent,
  EmptyState,
  ErrorState,
  Spinner,
  Stack,
  Text,
  useToast,
} from '../../../index';
import {
  ApiError,
  errorText,
  useChannels,
  useDeletePricingRule,
  useDryRunPricingRule,
  usePricingRules,
  useRunPricingRule,
  useUndoPricingRun,
  type PricingRule,
  type PricingRuleRun,
  type PricingRunUndoResult,
} from '../../../api';
import { formatCount } from '../../../shared/channels/syncTexts';
import { DryRunPreview } from './DryRunPreview';
import { RuleEditor } from './RuleEditor';
import { RulesTable } from './RulesTable';
import * as styles from './PricingRules.css';

type Asking =
  | { kind: 'edit'; rule: PricingRule | null }
  | { kind: 'preview'; rule: PricingRule }
  | { kind: 'confirmRun'; rule: PricingRule; message: string }
  | { kind: 'delete'; rule: PricingRule };

const prices = (n: number) => `${formatCount(n)} ${n === 1 ? 'price' : 'prices'}`;

/** Listings › Pricing rules: the rules, a dry run of each, a run (confirmed when it moves prices a lot) and its undo. */
export function PricingRulesTab() {
  const rules = usePricingRules();
  const channels = useChannels();
  const dryRun = useDryRunPricingRule();
  const run = useRunPricingRule();
  const undo = useUndoPricingRun();
  const remove = useDeletePricingRule();
  const { toast } = useToast();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [lastRun, setLastRun] = useState<PricingRuleRun | null>(null);
  const [undone, setUndone] = useState<PricingRunUndoResult | null>(null);

  // The rules name their channels: until the channels come, a rule would read "a removed channel".
  if (rules.isPending || channels.isPending) return <Spinner label="Loading pricing rules..." />;
  if (rules.isError)
    return (
      <ErrorState
        title="Pricing rules could not be loaded"
        description={errorText(rules.error)}
        onRetry={() => rules.refetch()}
      />
    );
  const allChannels = channels.data?.items ?? [];
  const targets = allChannels.filter((c) => c.role === 'target');
  const close = () => setAsking(null);

  const startRun = (rule: PricingRule, confirmed: boolean) =>
    run.mutate(
      { ruleId: rule.id, confirmed },
      {
        onSuccess: (result) => {
          close();
          setUndone(null);
          setLastRun(result);
          toast({
            title: 'Rule Run',
            description: `${prices(result.prices)} on their way to your channels.`,
            variant: 'success',
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409)
            setAsking({ kind: 'confirmRun', rule, message: error.serverMessage ?? error.message });
          else toast({ title: 'Nothing Changed', description: errorText(error), variant: 'destructive' });
        },
      },
    );
  const undoRun = (runId: string) =>
    undo.mutate(runId, {
      onSuccess: (result) => {
        setLastRun(null);
        setUndone(result);
        toast({
          title: 'Run Undone',
          description: `${prices(result.restored)} put back; the rule is off.`,
          variant: 'success',
        });
      },
      onError: (error) => toast({ title: 'Nothing Changed', description: errorText(error), variant: 'destructive' }),
    });

  const items = rules.data.items;
  const newRule = (
    <Button onClick={() => setAsking({ kind: 'edit', rule: null })} disabled={targets.length === 0}>
      New rule
    </Button>
  );
  return (
    <section aria-labelledby="pricing-title">
      <Stack space="medium">
        <div className={styles.head}>
          <h2 id="pricing-title" className={styles.title}>
            {`Pricing rules (${formatCount(items.length)})`}
          </h2>
          {items.length > 0 ? newRule : null}
        </div>
        {lastRun ? (
          <Alert tone="positive" title={`${lastRun.ruleName} ran`}>
            <div className={styles.head}>
              <Text size="small">{`${prices(lastRun.prices)} changed. Undo puts them back and turns the rule off.`}</Text>
              <Button size="small" variant="secondary" loading={undo.isPending} onClick={() => undoRun(lastRun.runId)}>
                Undo run
              </Button>
            </div>
          </Alert>
        ) : null}
        {undone && undone.skipped.length > 0 ? (
          <Alert tone="caution" title={`${prices(undone.skipped.length)} left as they are`}>
            <Text size="small">These changed since the run, so undo did not touch them:</Text>
            <ul className={styles.list}>
              {undone.skipped.map((s) => (
                <li
                  key={`${s.sku}:${s.channelId}`}
                >{`${s.sku} on ${targets.find((c) => c.id === s.channelId)?.displayName ?? 'a channel'}: now ${s.now ?? '—'}`}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        {items.length === 0 ? (
          <Card padding="large">
            <EmptyState
              title="No pricing rules yet"
              description={
                targets.length === 0
                  ? 'Connect a channel besides your main one first: rules set the prices of your other channels.'
                  : 'A rule sets your other channels’ prices from the main price or the cost, within a minimum and a maximum. Create one, preview what it would change, then run it.'
              }
              action={newRule}
            />
          </Card>
        ) : (
          <RulesTable
            items={items}
            channels={allChannels}
            running={run.isPending ? (run.variables?.ruleId ?? null) : null}
            onPreview={(rule) => {
              setAsking({ kind: 'preview', rule });
              dryRun.mutate({ ruleId: rule.id });
            }}
            onRun={(rule) => startRun(rule, false)}
            onEdit={(rule) => setAsking({ kind: 'edit', rule })}
            onDelete={(rule) => setAsking({ kind: 'delete', rule })}
          />
        )}
      </Stack>
      <Dialog open={asking !== null} onOpenChange={(open) => !open && close()}>
        {asking?.kind === 'edit' ? <RuleEditor rule={asking.rule} targets={targets} onDone={close} /> : null}
        {asking?.kind === 'preview' ? (
          <DialogContent
            title={`What ${asking.rule.name} would change`}
            description="Nothing is sent until you run the rule."
          >
            {dryRun.isPending ? <Spinner label="Working out the prices..." /> : null}
            {dryRun.isError ? (
              <Alert tone="critical" title="The preview could not be made">
                {errorText(dryRun.error)}
              </Alert>
            ) : null}
            {dryRun.data ? <DryRunPreview run={dryRun.data} request={{ ruleId: asking.rule.id }} /> : null}
          </DialogContent>
        ) : null}
        {asking?.kind === 'confirmRun' ? (
          <DialogContent title={`Run ${asking.rule.name}?`} description={asking.message}>
            <div className={styles.actions}>
              <Button variant="danger" loading={run.isPending} onClick={() => startRun(asking.rule, true)}>
                Run anyway
              </Button>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
            </div>
          </DialogContent>
        ) : null}
        {asking?.kind === 'delete' ? (
          <DialogContent
            title={`Delete ${asking.rule.name}?`}
            description="The prices it set stay as they are until something else changes them."
          >
            <div className={styles.actions}>
              <Button
                variant="danger"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(asking.rule.id, {
                    onSuccess: () => {
                      close();
                      toast({ title: 'Rule Deleted', description: asking.rule.name, variant: 'success' });
                    },
                    onError: (error) =>
                      toast({ title: 'Nothing Changed', description: errorText(error), variant: 'destructive' }),
                  })
                }
              >
                Delete
              </Button>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
            </div>
          </DialogContent>
        ) : null}
      </Dialog>
    </section>
  );
}
