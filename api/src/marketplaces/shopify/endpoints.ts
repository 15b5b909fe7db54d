/**
 * The Admin API version the adapter speaks: the first that has everything it sends. Relative
 * adjustments carry `@idempotent(key:)` (inventoryAdjustQuantities), which 2026-01 introduced (optional
 * there, mandatory for inventory adjustments from 2026-04: Shopify's changelog,
 * https://shopify.dev/changelog/adding-idempotency-for-inventory-adjustments-and-refund-mutations and
 * https://shopify.dev/changelog/making-idempotency-mandatory-for-inventory-adjustments-and-refund-mutations);
 * an earlier version refuses the document. Every other field and mutation it uses is in the official
 * 2025-01 schema, which 2026-01 keeps.
 */
export const SHOPIFY_API_VERSION = '2026-01';

/** The shop's own host in production; the same paths below `{sandboxBase}/shops/{shop}` in the sandbox. */
export function shopBaseUrl(shopDomain: string, sandboxBaseUrl?: string): string {
  if (!sandboxBaseUrl) return `https://${shopDomain}`;
  return `${sandboxBaseUrl.replace(/\/$/, '')}/shops/${encodeURIComponent(shopDomain.replace(/\.myshopify\.com$/, ''))}`;
}

export const shopifyEndpoints = (shopDomain: string, sandboxBaseUrl?: string) => {
  const base = shopBaseUrl(shopDomain, sandboxBaseUrl);
  return {
    authorize: `${base}/admin/oauth/authorize`,
    accessToken: `${base}/admin/oauth/access_token`,
    graphql: `${base}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`,
  };
};

/** A shop domain as Shopify issues them: `{name}.myshopify.com`. */
export const shopDomainPattern = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;
