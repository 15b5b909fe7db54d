import { NoticedCache } from './change-notices.ts';
import type { WebhookChannel } from './queries/marketplace-events.ts';
import type { PricingRuleRecord } from './queries/pricing-rules.ts';

/**
 * The reads this process keeps in memory, each told of changes by the database (change-notices.ts).
 * Kinds are the triggers' (migration 0031).
 */
export interface ReadCaches {
  /**
   * A connected channel's record and sealed credentials, read by every webhook delivery. Its counters and
   * stamps (`lastSyncAt`) are not told of (migration 0031): the webhooks do not read them.
   */
  webhookChannels: NoticedCache<WebhookChannel>;
  /** An account's pricing rules, read by every plan of new values. */
  pricingRules: NoticedCache<PricingRuleRecord[]>;
}

export function createReadCaches(): ReadCaches {
  return {
    webhookChannels: new NoticedCache<WebhookChannel>('channel'),
    pricingRules: new NoticedCache<PricingRuleRecord[]>('pricing-rules', 1_000),
  };
}

export const allReadCaches = (caches: ReadCaches): Array<NoticedCache<unknown>> =>
  Object.values(caches) as Array<NoticedCache<unknown>>;
