/** What the app uses of the Shopify integration. */
export {
  createShopifyAdapter,
  shopifyCapabilities,
  shopifyWebhookTopics,
  type ShopifyAdapter,
  type ShopifyAdapterOptions,
  type ShopifyWebhookTopic,
} from './shopify-adapter.ts';
export {
  SHOPIFY_SCOPES,
  exchangeShopifyCode,
  refreshShopifyToken,
  shopifyAuthorizeUrl,
  verifyShopifyCallback,
  type ShopifyApp,
  type ShopifyCallback,
} from './oauth.ts';
export { verifyShopifyWebhook, type ShopifyWebhookCheck } from './webhooks.ts';
export { isOrderWebhook, orderWebhookToMarketplaceOrder } from './transform.ts';
export { SHOPIFY_API_VERSION, shopifyEndpoints } from './endpoints.ts';
export type { ShopifyOrderWebhook, ShopifyTokens } from './types.ts';
