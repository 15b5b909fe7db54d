import { useEffect, useState } from 'react';
import { Button, TopBar } from '../../index';
import { useBilling } from '../../api';
import { billingTexts, trialTimeLeft } from '../../shared/billing/billingTexts';
import * as styles from './TrialBar.css';

/** A message in full on wider screens, in a few words on a phone (each hidden from everyone where it is not shown). */
const Message = ({ full, short }: { full: string; short: string }) => (
  <span>
    <span className={styles.wide}>{full}</span>
    <span className={styles.narrow}>{short}</span>
  </span>
);

/** The bar re-reads the clock this often: the countdown moves by hours on the last day. */
const TICK_MS = 60_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The 44 px bar above the page about the account's plan: the trial's time left with "Choose a plan";
 * once the trial or the plan has ended, that the account is read-only and its data kept; a failed
 * payment. Nothing while a plan is paid up, or for staff who are not viewing as a seller.
 */
export function TrialBar({ enabled }: { enabled: boolean }) {
  const billing = useBilling({ enabled });
  const now = useNow();
  const data = billing.data;
  if (!enabled || !data) return null;
  const plansLink = (
    <Button size="small" variant="secondary" href="/billing?tab=plans">
      {billingTexts.choosePlan}
    </Button>
  );
  if (data.status === 'trialing' && data.trialEndsAt)
    return (
      <TopBar tone="brand" label="Free trial" actions={plansLink}>
        <span>Free trial: {trialTimeLeft(data.trialEndsAt, now)}</span>
      </TopBar>
    );
  if (data.status === 'trial_ended' || data.status === 'canceled')
    return (
      <TopBar tone="impersonation" label="Plan ended" actions={plansLink}>
        {data.status === 'trial_ended' ? (
          <Message full={billingTexts.trialEnded} short={billingTexts.trialEndedShort} />
        ) : (
          <Message full={billingTexts.planEnded} short={billingTexts.planEndedShort} />
        )}
      </TopBar>
    );
  if (data.status === 'past_due')
    return (
      <TopBar
        tone="impersonation"
        label="Payment failed"
        actions={
          <Button size="small" variant="secondary" href="/billing">
            {billingTexts.updatePaymentMethod}
          </Button>
        }
      >
        <Message full={billingTexts.pastDue} short={billingTexts.pastDueShort} />
      </TopBar>
    );
  return null;
}
