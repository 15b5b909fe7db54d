import type { ChannelRules } from '../../db/schema/index.ts';

/** Available stock: on hand less what orders elsewhere have committed, never below zero. */
export function availableStock(onHand: number, committed: number): number {
  return Math.max(0, onHand - committed);
}

/**
 * What a channel is offered (pages.md section 2): 0 at or below the out-of-stock threshold,
 * otherwise the channel's share of available, less its buffer, capped at its maximum; never below 0.
 * With quantity sync off, undefined: the channel's quantity is left alone.
 */
export function desiredQuantity(available: number, rules: ChannelRules): number | undefined {
  if (!rules.syncQuantity) return undefined;
  if (available <= rules.outOfStockThreshold) return 0;
  const share = Math.floor((available * rules.stockPercent) / 100) - rules.bufferUnits;
  const capped = rules.maxQuantity === null ? share : Math.min(rules.maxQuantity, share);
  return Math.max(0, capped);
}
