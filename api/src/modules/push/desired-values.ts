import type { ChannelRules } from '../../db/schema/index.ts';
import { ruledPrice, type RuleOutcome } from '../pricing/evaluate.ts';

/** Available stock: on hand less what orders elsewhere have committed, never below zero. */
export function availableStock(onHand: number, committed: number): number {
  return Math.max(0, onHand - committed);
}

/**
 * What a channel is offered (pages.md section 2): 0 at or below the out-of-stock threshold,
 * otherwise the channel's share of available, less its buffer, capped at its maximum; never below 0.
 * A listing's own cap (`quantityCap`, set in the SKU drawer; null: none) lowers that further, never
 * raises it: what the rules give from available stock stays the most any channel is offered.
 * With quantity sync off, undefined: the channel's quantity is left alone.
 */
export function desiredQuantity(
  available: number,
  rules: ChannelRules,
  quantityCap: number | null = null,
): number | undefined {
  if (!rules.syncQuantity) return undefined;
  if (available <= rules.outOfStockThreshold) return 0;
  const share = Math.floor((available * rules.stockPercent) / 100) - rules.bufferUnits;
  const capped = rules.maxQuantity === null ? share : Math.min(rules.maxQuantity, share);
  const own = quantityCap === null ? capped : Math.min(quantityCap, capped);
  return Math.max(0, own);
}

/**
 * The price a channel is offered: the seller's own price for that listing where one was chosen,
 * else its pricing rule's price on the main price, else the main channel's price; whatever its
 * source, never outside the matching rule's floor and ceiling (pricing/evaluate.ts). Undefined with
 * price sync off or no price known (or a rule whose floor is above its ceiling): left alone.
 */
export function desiredPrice(
  mainPrice: string | null,
  override: string | null,
  rules: ChannelRules,
  pricing: RuleOutcome = { kind: 'no_rule' },
): string | undefined {
  if (!rules.syncPrice) return undefined;
  const price = ruledPrice(mainPrice, override, pricing);
  return price === null ? undefined : normalisePrice(price);
}

/** Decimal strings as the database gives them back ("12.50"), so equal prices compare equal. */
export function normalisePrice(price: string): string {
  return Number(price).toFixed(2);
}

export function samePrice(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return normalisePrice(a) === normalisePrice(b);
}
