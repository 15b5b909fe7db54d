import crypto from 'node:crypto';

/**
 * Our eBay and Shopify applications on the benchmark's sandboxes: the product under test and the
 * sandboxes' own process are told the same secrets (each installation derives its own otherwise).
 * Made once per benchmark run and handed to the sandboxes' process through its environment.
 */
export const benchApplications = {
  ebay: {
    clientId: 'marketplace-hub-sandbox',
    clientSecret:
      process.env.BENCH_EBAY_APP_SECRET ?? (process.env.BENCH_EBAY_APP_SECRET = crypto.randomBytes(24).toString('hex')),
  },
  shopify: {
    clientId: 'hub-sandbox-app',
    clientSecret:
      process.env.BENCH_SHOPIFY_APP_SECRET ??
      (process.env.BENCH_SHOPIFY_APP_SECRET = crypto.randomBytes(24).toString('hex')),
  },
};
