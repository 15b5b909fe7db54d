import { useState, type FormEvent } from 'react';
import { Alert, Button, DialogContent, Stack, useToast } from '../../../index';
import { errorText, useDryRunPricingRule, useSavePricingRule, type Channel, type PricingRule } from '../../../api';
import { DryRunPreview } from './DryRunPreview';
import { bodyOf, draftOf, problemOf, type Draft } from './ruleDraft';
import { RuleFields } from './RuleFields';
import * as styles from './PricingRules.css';

/** The rule editor: what the rule covers and does, its floor and ceiling, a dry run before saving. */
export function RuleEditor({
  rule,
  targets,
  onDone,
}: {
  rule: PricingRule | null;
  targets: Channel[];
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(rule, targets));
  const [shown, setShown] = useState<string | null>(null);
  const dryRun = useDryRunPricingRule();
  const save = useSavePricingRule();
  const { toast } = useToast();
  const set = (change: Partial<Draft>) => {
    setDraft({ ...draft, ...change });
    setShown(null);
    dryRun.reset();
  };
  const check = () => {
    const problem = problemOf(draft);
    setShown(problem);
    return problem === null;
  };
  const preview = () => check() && dryRun.mutate({ rule: bodyOf(draft) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    save.mutate(
      { id: rule?.id ?? null, body: bodyOf(draft) },
      {
        onSuccess: () => {
          toast({
            title: 'Rule Saved',
            description: 'Run it to send its prices to your channels.',
            variant: 'success',
          });
          onDone();
        },
      },
    );
  };
  return (
    <DialogContent
      title={rule ? `Edit ${rule.name}` : 'New pricing rule'}
      description="The first rule that matches a SKU on a channel, lowest priority number first, sets its price there."
    >
      <form onSubmit={submit} aria-label="Pricing rule">
        <Stack space="large">
          <RuleFields draft={draft} set={set} targets={targets} />
          {shown ? (
            <Alert tone="critical" title="Not ready yet">
              {shown}
            </Alert>
          ) : null}
          {save.isError ? (
            <Alert tone="critical" title="The rule was not saved">
              {errorText(save.error)}
            </Alert>
          ) : null}
          {dryRun.isError ? (
            <Alert tone="critical" title="The preview could not be made">
              {errorText(dryRun.error)}
            </Alert>
          ) : null}
          {dryRun.data ? <DryRunPreview run={dryRun.data} request={{ rule: bodyOf(draft) }} /> : null}
          <div className={styles.actions}>
            <Button type="button" variant="secondary" loading={dryRun.isPending} onClick={preview}>
              Preview changes
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save rule
            </Button>
          </div>
        </Stack>
      </form>
    </DialogContent>
  );
}
