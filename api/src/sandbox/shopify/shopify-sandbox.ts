/**
 * A stateful stand-in for a Shopify shop's Admin API, a shop per seller: OAuth with the install page
 * (auth.ts), the Admin GraphQL API (graphql.ts) in the versions the sandbox serves (admin-schema.ts) with
 * its cost-based rate limit (limits.ts, query-cost.ts), products and variants (listings.ts,
 * product-set.ts), inventory (inventory.ts), orders (orders.ts, order-view.ts) and their fulfillments
 * (fulfillments.ts, fulfillment-nodes.ts), and webhooks (notifications.ts). It
 * imports nothing of the engine.
 */
import crypto from 'node:crypto';
import type { SandboxDefinition } from '../shared/sandbox-kit.ts';
import type { GeneratedProduct } from '../shared/catalogue-generator.ts';
import { authRoutes } from './auth.ts';
import { errorBody } from './errors.ts';
import { graphqlRoutes } from './graphql.ts';
import { limits } from './limits.ts';
import { editItem } from './listings.ts';
import { orderView } from './order-view.ts';
import { cancelOrder, placeOrder } from './orders.ts';
import { orderTagControlRoutes } from './order-create.ts';
import { returnControlRoutes } from './returns.ts';
import { findShop, nextId, nowIso, type Shop, type ShopifySandboxState } from './state.ts';
import { complianceControlRoutes } from './compliance.ts';

export { SHOPIFY_SANDBOX_APP } from './auth.ts';

/** A shop with the generated catalogue: two generated items per product, as its variants. */
function createSeller(state: ShopifySandboxState, catalogue: GeneratedProduct[]) {
  let handle: string;
  // Not guessable: a shop's address is what its install page is found by.
  do handle = `hub-demo-${crypto.randomBytes(6).toString('hex')}`;
  while (state.sellers[`${handle}.myshopify.com`]);
  const domain = `${handle}.myshopify.com`;
  const shop: Shop = {
    id: crypto.randomInt(10_000_000, 99_999_999),
    domain,
    name: `Hub Demo ${handle.slice(-4)}`,
    currency: catalogue[0]?.currency ?? 'USD',
    location: { id: 0, name: 'Shop location' },
    products: [],
    orders: [],
    webhooks: [],
    idempotency: {},
    createdAt: nowIso(),
    nextId: 7_000_000_001,
    orderNumber: 1001,
  };
  shop.location.id = nextId(shop);
  const created = nowIso();
  // Two generated items per product, as variants: prices are set per product, one call each.
  for (let i = 0; i < catalogue.length; i += 2) {
    const items = catalogue.slice(i, i + 2);
    const first = items[0]!;
    const [productTitle] = first.title.split(' – ');
    shop.products.push({
      id: nextId(shop),
      title: productTitle ?? first.title,
      descriptionHtml: `<p>${first.description.replace(/[<&>]/g, '')}</p>`,
      vendor: first.brand,
      tags: first.tags,
      status: 'ACTIVE',
      images: items.flatMap((item) => item.imageUrls),
      createdAt: created,
      updatedAt: created,
      variants: items.map((item) => ({
        id: nextId(shop),
        inventoryItemId: nextId(shop),
        sku: item.sku,
        title: item.title.split(' – ')[1] ?? 'Default Title',
        price: item.price,
        compareAtPrice: null,
        barcode: item.gtin,
        available: item.quantity,
        onHand: item.quantity,
        updatedAt: created,
      })),
    });
  }
  state.sellers[domain] = shop;
  return { sellerId: domain, credentials: { shopDomain: domain } };
}

export const shopifySandbox: SandboxDefinition<ShopifySandboxState> = {
  kind: 'shopify',
  emptyState: () => ({ sellers: {}, codes: {}, accessTokens: {}, refreshTokens: {} }),
  // The shop is in every path of the Admin API and of its OAuth endpoints.
  sellerOfRequest: (state, req) => {
    const shop = /^\/shops\/([^/]+)\//.exec(req.path)?.[1];
    return shop ? findShop(state, decodeURIComponent(shop))?.domain : undefined;
  },
  createSeller: (state, catalogue) => createSeller(state, catalogue),
  itemView(state, sellerId, sku) {
    const shop = findShop(state, sellerId);
    for (const product of shop?.products ?? []) {
      const variant = product.variants.find((v) => v.sku === sku);
      if (variant)
        return { sku, quantity: variant.available, price: variant.price, status: product.status.toLowerCase() };
    }
    return undefined;
  },
  placeOrder,
  cancelOrder,
  orderView,
  controlRoutes(router, context) {
    returnControlRoutes(router, context);
    orderTagControlRoutes(router, context);
    complianceControlRoutes(router, context);
  },
  editItem,
  routes(router, context) {
    authRoutes(router, context);
    graphqlRoutes(router, context);
  },
  errorBody,
  limits,
};
