import type { Db } from '../../db/client.ts';
import { storedTrialSkuLimit } from '../../db/queries/platform-settings.ts';
import type { Plan } from '../../db/schema/index.ts';

/**
 * The limits of the spec's plan table (and the trial's, from its FAQ), enforced by the server.
 * `skus` null means unlimited; `syncIntervalMinutes` is how often every channel is read on a schedule;
 * `teamManagement`: owners invite and manage a team (Business and above); `apiAccess`: the account's API keys work
 * (Business and above).
 */
export const planLimits = {
  trial: {
    skus: 1_000,
    connections: null,
    syncIntervalMinutes: 3,
    realTime: true,
    teamManagement: false,
    apiAccess: false,
  },
  starter: {
    skus: 500,
    connections: 2,
    syncIntervalMinutes: 60,
    realTime: false,
    teamManagement: false,
    apiAccess: false,
  },
  growth: {
    skus: 2_000,
    connections: 3,
    syncIntervalMinutes: 3,
    realTime: true,
    teamManagement: false,
    apiAccess: false,
  },
  business: {
    skus: 10_000,
    connections: null,
    syncIntervalMinutes: 3,
    realTime: true,
    teamManagement: true,
    apiAccess: true,
  },
  enterprise: {
    skus: null,
    connections: null,
    syncIntervalMinutes: 3,
    realTime: true,
    teamManagement: true,
    apiAccess: true,
  },
} as const satisfies Record<
  Plan,
  {
    skus: number | null;
    connections: number | null;
    syncIntervalMinutes: number;
    realTime: boolean;
    teamManagement: boolean;
    apiAccess: boolean;
  }
>;

export const planNames: Record<Plan, string> = {
  trial: 'free trial',
  starter: 'Starter plan',
  growth: 'Growth plan',
  business: 'Business plan',
  enterprise: 'Enterprise plan',
};

/** The message a seller reads when an import stops at the plan's SKU limit; the page links it to billing. */
export function skuLimitMessage(plan: Plan, skipped: number, limit: number = planLimits[plan].skus!): string {
  return `Your ${planNames[plan]} includes up to ${limit.toLocaleString('en-US')} SKUs. ${skipped.toLocaleString('en-US')} more SKU${skipped === 1 ? ' was' : 's were'} not imported; nothing was deleted. Upgrade your plan to import them.`;
}

/** A plan's SKU limit in force (null: unlimited): the trial's as System Settings set it, the others from the table. */
export async function skuLimitOfPlan(db: Db, plan: Plan): Promise<number | null> {
  if (plan !== 'trial') return planLimits[plan].skus;
  return (await storedTrialSkuLimit(db)) ?? planLimits.trial.skus;
}
