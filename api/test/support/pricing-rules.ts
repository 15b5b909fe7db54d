/**
 * A pricing rule's request body as the Pricing rules tab sends it: on these channels, every SKU, the main
 * price unchanged, no rounding, no bounds and no dates, on; a test overrides what it is about.
 */
export function pricingRuleBody(channelIds: string[], overrides: Record<string, unknown> = {}) {
  return {
    name: 'Rule',
    priority: 10,
    enabled: true,
    channelIds,
    scope: { kind: 'all' },
    action: { basis: 'main_price', change: 'amount', value: '0' },
    rounding: 'none',
    minPrice: null,
    minMarginPercent: null,
    maxPrice: null,
    startsAt: null,
    endsAt: null,
    ...overrides,
  };
}
