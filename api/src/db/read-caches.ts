import { NoticedCache } from './change-notices.ts';
import type { WebhookChannel } from './queries/marketplace-events.ts';
import type { PricingRuleRecord } from './queries/pricing-rules.ts';

/**
 * The reads this process keeps in memory, each told of changes by the database (change-notices.ts).
 * Kinds are the triggers' (migrations 0031 and 0052).
 */
export interface ReadCaches {
  /**
   * A connected channel's record and sealed credentials, read by every webhook delivery. Its counters and
   * stamps (`lastSyncAt`) are not told of (migration 0031): the webhooks do not read them.
   */
  webhookChannels: NoticedCache<WebhookChannel>;
  /** An account's pricing rules, read by every plan of new values. */
  pricingRules: NoticedCache<PricingRuleRecord[]>;
  /**
   * A platform setting's stored value by its key (migration 0052): our marketplace applications' credentials, read
   * by every adapter of a production channel, and the maintenance notice, read by every signed-in page.
   */
  platformSettings: NoticedCache<unknown>;
}

export function createReadCaches(): ReadCaches {
  return {
    webhookChannels: new NoticedCache<WebhookChannel>('channel'),
    pricingRules: new NoticedCache<PricingRuleRecord[]>('pricing-rules', 1_000),
    platformSettings: new NoticedCache<unknown>('platform-setting', 100),
  };
}

export const allReadCaches = (caches: ReadCaches): Array<NoticedCache<unknown>> =>
  Object.values(caches) as Array<NoticedCache<unknown>>;
