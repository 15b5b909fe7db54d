import { useState } from 'react';
import { Badge, Button, Card } from '../../index';
import type { BillingOverview, PaidPlan, PlanOffer } from '../../api';
import { PlanChangeDialog } from './PlanChangeDialog';
import { plans as marketingPlans } from '../../shared/marketing/plans';
import { billingTexts, formatMoney } from '../../shared/billing/billingTexts';
import * as styles from './Billing.css';

export interface PlanActions {
  onChoose: (plan: PaidPlan) => void;
  /** The plan whose checkout is being started. */
  choosing: PaidPlan | null;
}

/**
 * Plans: the spec's four plans side by side, the current one marked. Without a subscription a plan
 * is chosen through Stripe Checkout; with one, it changes here, the prorated amount shown before it
 * is confirmed.
 */
export function BillingPlansTab({ billing, actions }: { billing: BillingOverview; actions: PlanActions }) {
  const subscribed = billing.status === 'active' || billing.status === 'past_due';
  const [changingTo, setChangingTo] = useState<PlanOffer | null>(null);
  return (
    <div className={styles.stack}>
      {subscribed && billing.canManage ? (
        <p className={styles.muted}>
          A new plan starts at once: the price difference for the rest of this period is shown before you confirm.
        </p>
      ) : null}
      {billing.canManage ? null : <p className={styles.muted}>{billingTexts.ownerOnly}</p>}
      <ul className={styles.plans} aria-label="Plans">
        {billing.plans.map((offer) => {
          const marketing = marketingPlans.find((p) => p.id === offer.plan)!;
          const current = subscribed && billing.plan === offer.plan;
          return (
            <li key={offer.plan} className={styles.planItem}>
              <Card as="article" tone={marketing.popular ? 'brand' : 'neutral'} padding="large">
                <div className={styles.planCard}>
                  <div className={styles.planHeader}>
                    <h2 className={styles.planName}>{offer.name}</h2>
                    {current ? (
                      <Badge tone="positive" emphasis="solid">
                        Current plan
                      </Badge>
                    ) : marketing.popular ? (
                      <Badge tone="brand" emphasis="solid">
                        Most Popular
                      </Badge>
                    ) : null}
                  </div>
                  <p className={styles.price}>
                    {formatMoney(offer.monthlyCents, 'usd')}
                    <span className={styles.muted}> /month</span>
                  </p>
                  <ul className={styles.features} aria-label={`${offer.name} plan includes`}>
                    {marketing.features.map((feature) => (
                      <li key={feature}>{feature}</li>
                    ))}
                  </ul>
                  <div className={styles.planAction}>
                    {!billing.canManage ? null : subscribed ? (
                      current ? null : (
                        <Button variant="secondary" fullWidth onClick={() => setChangingTo(offer)}>
                          {`Change to ${offer.name}`}
                        </Button>
                      )
                    ) : (
                      <Button
                        fullWidth
                        variant={marketing.popular ? 'primary' : 'secondary'}
                        onClick={() => actions.onChoose(offer.plan)}
                        loading={actions.choosing === offer.plan}
                        disabled={actions.choosing !== null}
                      >
                        {`Choose ${offer.name}`}
                      </Button>
                    )}
                  </div>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <PlanChangeDialog offer={changingTo} onClose={() => setChangingTo(null)} />
    </div>
  );
}
