import { Alert, Badge, Button, Card, ProgressBar } from '../../index';
import type { BillingOverview } from '../../api';
import { billingTexts, formatDay, trialTimeLeft } from '../../shared/billing/billingTexts';
import { planName, statusBadge } from './billingPlans';
import * as styles from './Billing.css';

export interface BillingActions {
  onChoosePlan: () => void;
  onManageBilling: () => void;
  managing: boolean;
}

function limitText(used: number, limit: number | null, unit: string): string {
  return limit === null
    ? `${used.toLocaleString('en-US')} ${unit}, unlimited`
    : `${used.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} ${unit}`;
}

function whenText(billing: BillingOverview, now: number): string | null {
  if (billing.status === 'trialing' && billing.trialEndsAt)
    return `Free trial: ${trialTimeLeft(billing.trialEndsAt, now)} (ends ${formatDay(billing.trialEndsAt)}). No card needed until you choose a plan.`;
  if (billing.status === 'trial_ended') return billingTexts.trialEnded;
  if (billing.status === 'canceled') return billingTexts.planEnded;
  if (!billing.currentPeriodEnd) return null;
  return billing.cancelAtPeriodEnd
    ? `Your plan ends on ${formatDay(billing.currentPeriodEnd)}; nothing is deleted after it.`
    : `Renews on ${formatDay(billing.currentPeriodEnd)}.`;
}

/** One limit: its name, what is used of it in words, and a bar where the plan sets a limit. */
function UsageMeter({ label, used, limit, unit }: { label: string; used: number; limit: number | null; unit: string }) {
  const text = limitText(used, limit, unit);
  return (
    <div className={styles.meter}>
      <p className={styles.meterLabel}>
        <span>{label}</span>
        <span className={styles.numeric}>{text}</span>
      </p>
      {limit === null ? null : <ProgressBar label={label} value={used} max={limit} valueText={text} />}
    </div>
  );
}

/** Overview: the plan and its state, usage against the plan's limits, and the payment-provider button. */
export function BillingOverviewTab({ billing, actions }: { billing: BillingOverview; actions: BillingActions }) {
  const subscribed = billing.status === 'active' || billing.status === 'past_due';
  const badge = statusBadge(billing);
  const button = !billing.canManage ? null : subscribed ? (
    <Button onClick={actions.onManageBilling} loading={actions.managing}>
      {billingTexts.manageBilling}
    </Button>
  ) : (
    <Button onClick={actions.onChoosePlan}>{billingTexts.choosePlan}</Button>
  );
  return (
    <div className={styles.stack}>
      {billing.status === 'past_due' ? (
        <Alert tone="critical" title="Payment failed">
          {billingTexts.pastDue}{' '}
          {billing.canManage ? (
            <Button variant="link" onClick={actions.onManageBilling}>
              {billingTexts.updatePaymentMethod}
            </Button>
          ) : null}
        </Alert>
      ) : null}
      <Card title="Your plan" titleLevel={2} padding="large" actions={button}>
        <div className={styles.stack}>
          <div className={styles.planLine}>
            <p className={styles.planName}>{planName(billing.plan)}</p>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </div>
          <p className={styles.muted}>{whenText(billing, Date.now())}</p>
          {billing.canManage ? null : <p className={styles.muted}>{billingTexts.ownerOnly}</p>}
        </div>
      </Card>
      <Card title="Usage" titleLevel={2} padding="large">
        <div className={styles.usage}>
          <UsageMeter
            label="SKUs in your catalogue"
            used={billing.usage.skus}
            limit={billing.limits.skus}
            unit="SKUs"
          />
          <UsageMeter
            label="Marketplace connections"
            used={billing.usage.connections}
            limit={billing.limits.connections}
            unit="connections"
          />
        </div>
        <p className={styles.muted}>
          {billing.limits.realTimeSync ? 'Real-time sync.' : 'Orders are read hourly on Starter.'} Going over a limit
          never deletes anything: new imports and connections stop at it.
        </p>
      </Card>
    </div>
  );
}
