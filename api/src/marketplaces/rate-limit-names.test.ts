import { describe, expect, it } from 'vitest';
import { amazonRateLimits } from './amazon/amazon-client.ts';
import { ebayRateLimits } from './ebay/ebay-client.ts';
import { rateLimitName } from './rate-limit-names.ts';
import { walmartRateLimits } from './walmart/walmart-client.ts';

describe('rate limits in sellers’ words', () => {
  it('names every limit each client spends, and none by its operation', () => {
    const limits = {
      amazon: Object.keys(amazonRateLimits),
      walmart: Object.keys(walmartRateLimits),
      ebay: Object.keys(ebayRateLimits),
      shopify: ['graphql'],
    } as const;
    for (const [kind, operations] of Object.entries(limits) as Array<[keyof typeof limits, readonly string[]]>)
      for (const operation of operations) {
        const name = rateLimitName(kind, operation);
        expect(name, `${kind} ${operation}`).not.toBe('API calls');
        expect(name).not.toBe(operation);
      }
  });

  it('calls a limit it does not know "API calls", even one named like an object property', () => {
    expect(rateLimitName('amazon', 'somethingNew')).toBe('API calls');
    expect(rateLimitName('ebay', 'toString')).toBe('API calls');
  });
});
