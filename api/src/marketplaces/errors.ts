/**
 * Why a marketplace call failed, named so callers can decide: retry later (rate_limited,
 * unavailable), give up on the item with the marketplace's words (rejected), ask the seller to
 * reconnect (auth), or treat the outcome as unknown (a timeout after the request was sent).
 */
export const marketplaceFailureKinds = ['auth', 'rejected', 'rate_limited', 'unavailable', 'outcome_unknown'] as const;
export type MarketplaceFailureKind = (typeof marketplaceFailureKinds)[number];

export class MarketplaceError extends Error {
  constructor(
    readonly kind: MarketplaceFailureKind,
    message: string,
    readonly details: { status?: number; code?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'MarketplaceError';
  }

  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'unavailable';
  }
}
