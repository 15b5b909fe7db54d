import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';

/** The limits on pricing previews and runs as shipped: past them a seller is told what and for how long. */
const limits = loadConfig({}).accountRateLimits;
let t: TestProduct;

beforeAll(async () => {
  t = await startTestProduct({ trustProxy: true, accountRateLimits: limits });
}, 60_000);
afterAll(() => t?.stop());

describe('limits on pricing work', () => {
  for (const [work, rule, path, words] of [
    ['dry runs', limits.pricingDryRun, '/api/pricing-rules/dry-run', 'pricing previews'],
    ['runs', limits.pricingRun, `/api/pricing-rules/${crypto.randomUUID()}/run`, 'pricing rule runs'],
  ] as const) {
    it(`answers ${work} up to the limit, then 429 with Retry-After`, async () => {
      const { browser } = await t.signedInSeller({ browser: { ip: `10.8.0.${work.length}` } });
      const body = work === 'dry runs' ? { ruleId: crypto.randomUUID() } : {};
      for (let i = 0; i < rule.perAccount; i++) expect((await browser.post(path, body)).status).toBe(404);
      const refused = await browser.post(path, body);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(new RegExp(`^Too many ${words} in a short time`));
    }, 60_000);
  }
});
