import { Alert, Button, Dialog, DialogContent, DialogFooter, Spinner, useToast } from '../../index';
import { errorText, useChangePlan, usePlanChangePreview, type PaidPlan, type PlanOffer } from '../../api';
import { formatMoney } from '../../shared/billing/billingTexts';
import * as styles from './Billing.css';

/**
 * Changing plan: the prorated amount first (the current plan's unused time credited, the new one's
 * charged for the rest of the period), then the change once confirmed; the new limits apply at once.
 */
export function PlanChangeDialog({ offer, onClose }: { offer: PlanOffer | null; onClose: () => void }) {
  const plan: PaidPlan | null = offer?.plan ?? null;
  const preview = usePlanChangePreview(plan);
  const change = useChangePlan();
  const { toast } = useToast();
  const confirm = () =>
    change.mutate(plan!, {
      onSuccess: () => {
        toast({ title: 'Plan changed', description: `You are on the ${offer!.name} plan now.`, variant: 'success' });
        onClose();
      },
    });
  return (
    <Dialog open={offer !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {offer ? (
        <DialogContent
          title={`Change to ${offer.name}`}
          description={`${formatMoney(offer.monthlyCents, 'usd')} a month from now on.`}
        >
          {preview.isPending ? (
            <Spinner label="Working out the price difference..." />
          ) : preview.isError ? (
            <Alert tone="critical" title="The price could not be worked out">
              {errorText(preview.error)}
            </Alert>
          ) : (
            <div className={styles.stack}>
              <ul className={styles.features} aria-label="Price difference for the rest of this period">
                {preview.data.lines.map((line) => (
                  <li key={line.description}>
                    {line.description}: {formatMoney(line.amountCents, preview.data.currency)}
                  </li>
                ))}
              </ul>
              <p className={styles.price}>
                {preview.data.amountDueCents > 0
                  ? `Due today: ${formatMoney(preview.data.amountDueCents, preview.data.currency)}`
                  : 'Nothing to pay today: the difference is credited to your next invoice.'}
              </p>
            </div>
          )}
          {change.isError ? (
            <Alert tone="critical" title="The plan was not changed">
              {errorText(change.error)}
            </Alert>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={onClose}>
              Keep my plan
            </Button>
            <Button onClick={confirm} loading={change.isPending} disabled={!preview.isSuccess}>
              Confirm plan change
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
