/** The Admin API version the adapter speaks (the copied official schema's version). */
export const SHOPIFY_API_VERSION = '2025-01';

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
