import type { ReactNode } from 'react';
import { Badge } from '../../components/Badge/Badge';
import { Card } from '../../components/Card/Card';
import { CheckIcon } from '../../shared/marketing/icons';
import { formatPlanPrice, type Plan } from '../../shared/marketing/plans';
import * as styles from './PlanCard.css';
import * as marketing from '../../shared/marketing/marketing.css';

interface PlanCardProps {
  plan: Plan;
  /** The call to action at the bottom, e.g. "Start Free Trial". */
  action: ReactNode;
  /** The heading level of the plan name in the page outline. */
  headingLevel?: 2 | 3;
}

/** One subscription plan: name, price per month, limits, and an action. The popular plan stands out. */
export function PlanCard({ plan, action, headingLevel = 3 }: PlanCardProps) {
  const NameElement = `h${headingLevel}` as const;
  return (
    <Card as="article" tone={plan.popular ? 'brand' : 'neutral'}>
      <div className={styles.planHeader}>
        <NameElement className={styles.planName}>{plan.name}</NameElement>
        {plan.popular ? (
          <Badge tone="brand" emphasis="solid">
            Most Popular
          </Badge>
        ) : null}
      </div>
      <p className={marketing.cardText}>{plan.description}</p>
      <p className={styles.price}>
        <span className={styles.amount}>{formatPlanPrice(plan)}</span>
        <span className={styles.period}>{plan.period}</span>
      </p>
      <ul className={marketing.checkList} role="list" aria-label={`${plan.name} plan includes`}>
        {plan.features.map((feature) => (
          <li key={feature} className={marketing.checkItem}>
            <CheckIcon size={16} className={marketing.checkMark} />
            {feature}
          </li>
        ))}
      </ul>
      <div className={styles.planAction}>{action}</div>
    </Card>
  );
}
