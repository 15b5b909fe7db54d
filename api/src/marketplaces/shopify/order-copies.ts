/**
 * A marketplace's order created in the seller's Shopify store (orderCreate), so the seller ships
 * every order from Shopify: tagged with the marketplace, its order number and our tag of it, paid
 * with no transaction (the buyer paid the marketplace; nobody is charged), stock bypassed (the
 * marketplace's sale has moved our stock already), no receipt sent. Our tag finds it again when the
 * answer to its creation was lost, so it is created once.
 */
import { MarketplaceError } from '../errors.ts';
import { SHOPIFY_MUTATION_COST, type ShopifyClient } from './shopify-client.ts';

/** Our tag of a copy: names the order it copies (Shopify tags are up to 40 characters). */
export const copyTag = (orderId: string) => `hub:${orderId}`;
/** The tag every copy carries, so the store's own order reads can tell copies from its own sales. */
export const COPY_TAG = 'Marketplace Hub';

export interface OrderCopyInput {
  /** Our order's id (its tag). */
  orderId: string;
  marketplace: string;
  orderNumber: string;
  currency: string;
  /** `variantId`: the main store's variant of the SKU, when the store lists it (else a custom item). */
  lines: Array<{ sku: string; title: string; quantity: number; price: string; variantId?: string | null }>;
  shipTo: {
    name: string;
    line1: string;
    line2: string | null;
    city: string;
    region: string | null;
    postalCode: string;
    countryCode: string;
    phone: string | null;
  } | null;
}

export const ORDER_BY_TAG_QUERY_COST = 3;
export const orderByTagQuery = /* GraphQL */ `
  query HubOrderByTag($query: String!) {
    orders(first: 1, query: $query) {
      nodes {
        id
        name
      }
    }
  }
`;

export const orderCreateMutation = /* GraphQL */ `
  mutation HubOrderCreate($order: OrderCreateOrderInput!, $options: OrderCreateOptionsInput) {
    orderCreate(order: $order, options: $options) {
      order {
        id
        name
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export function orderCreateInput(copy: OrderCopyInput) {
  const [firstName, ...rest] = (copy.shipTo?.name ?? '').trim().split(/\s+/);
  return {
    order: {
      currency: copy.currency,
      financialStatus: 'PAID',
      sourceName: `${copy.marketplace} via Marketplace Hub`,
      note: `${copy.marketplace} order ${copy.orderNumber}: paid on ${copy.marketplace}. Ship it here; the tracking goes back to ${copy.marketplace}.`,
      tags: [COPY_TAG, copy.marketplace, `${copy.marketplace} ${copy.orderNumber}`.slice(0, 40), copyTag(copy.orderId)],
      // Linked to its variant, the line shows the product in the Shopify admin (stock still bypassed).
      lineItems: copy.lines.map((l) => ({
        ...(l.variantId ? { variantId: l.variantId } : {}),
        sku: l.sku,
        title: l.title,
        quantity: l.quantity,
        requiresShipping: true,
        priceSet: { shopMoney: { amount: l.price, currencyCode: copy.currency } },
      })),
      ...(copy.shipTo
        ? {
            shippingAddress: {
              firstName: firstName ?? '',
              lastName: rest.join(' '),
              address1: copy.shipTo.line1,
              ...(copy.shipTo.line2 ? { address2: copy.shipTo.line2 } : {}),
              city: copy.shipTo.city,
              ...(copy.shipTo.region ? { provinceCode: copy.shipTo.region } : {}),
              zip: copy.shipTo.postalCode,
              countryCode: copy.shipTo.countryCode,
              ...(copy.shipTo.phone ? { phone: copy.shipTo.phone } : {}),
            },
          }
        : {}),
    },
    options: { inventoryBehaviour: 'BYPASS', sendReceipt: false, sendFulfillmentReceipt: false },
  };
}

/** The copy's Shopify order GID: found by its tag if it was created before, created otherwise. */
export async function createShopifyOrderCopy(
  client: ShopifyClient,
  copy: OrderCopyInput,
  signal?: AbortSignal,
): Promise<{ shopifyOrderId: string; shopifyOrderName: string | null; created: boolean }> {
  const found = await client.graphql<{ orders: { nodes: Array<{ id: string; name?: string | null }> } }>(
    orderByTagQuery,
    { query: `tag:'${copyTag(copy.orderId)}'` },
    { cost: ORDER_BY_TAG_QUERY_COST, signal },
  );
  const existing = found.orders.nodes[0];
  if (existing) return { shopifyOrderId: existing.id, shopifyOrderName: existing.name ?? null, created: false };
  const data = await client.graphql<{
    orderCreate: { order: { id: string; name?: string | null } | null; userErrors: Array<{ message: string }> } | null;
  }>(orderCreateMutation, orderCreateInput(copy), { cost: SHOPIFY_MUTATION_COST, signal });
  const order = data.orderCreate?.order;
  if (!order)
    throw new MarketplaceError(
      'rejected',
      `Shopify refused the order: ${(data.orderCreate?.userErrors ?? []).map((e) => e.message).join('; ') || 'no reason given'}`,
    );
  return { shopifyOrderId: order.id, shopifyOrderName: order.name ?? null, created: true };
}
