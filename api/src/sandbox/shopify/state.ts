/**
 * The Shopify sandbox's state (plain JSON, persisted by the kit): a shop per seller, keyed by its
 * myshopify domain, with its products, orders and webhook subscriptions; and the small helpers its
 * resources share (global ids, a variant's named quantities).
 */
import crypto from 'node:crypto';
import type { SandboxContext } from '../shared/sandbox-kit.ts';

export interface Variant {
  id: number;
  inventoryItemId: number;
  sku: string;
  title: string;
  price: string;
  compareAtPrice: string | null;
  barcode: string;
  available: number;
  onHand: number;
  updatedAt: string;
}
export interface Product {
  id: number;
  title: string;
  descriptionHtml: string;
  vendor: string;
  /** Absent in a store saved before tags were kept: none. */
  tags?: string[];
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  images: string[];
  createdAt: string;
  updatedAt: string;
  variants: Variant[];
}
export interface OrderLine {
  id: number;
  variantId: number;
  sku: string;
  title: string;
  quantity: number;
  currentQuantity: number;
  price: string;
  /** Units shipped by fulfillments (absent on orders saved before fulfillments were kept: none). */
  fulfilledQuantity?: number;
  /** The line's FulfillmentOrderLineItem (absent on orders saved before: the line's own id stands in). */
  fulfillmentOrderLineItemId?: number;
}
/** A fulfillment (a shipment) of some of an order's units, with its tracking. */
export interface FulfillmentRecord {
  id: number;
  /** The order's name and the fulfillment's number on it: #1001.1. */
  name: string;
  createdAt: string;
  status: 'SUCCESS';
  trackingCompany: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  notifyCustomer: boolean;
  lines: Array<{ id: number; lineId: number; quantity: number }>;
}
export interface Order {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  /** OrderCancelReason (CUSTOMER, DECLINED, FRAUD, INVENTORY, STAFF, OTHER) once cancelled. */
  cancelReason?: string | null;
  lines: OrderLine[];
  /** The order's one FulfillmentOrder, at the shop's location (absent on orders saved before: the order's id stands in). */
  fulfillmentOrderId?: number;
  fulfillments?: FulfillmentRecord[];
  /** The seller's refunds (refundCreate), oldest first (absent on orders saved before refunds were kept). */
  refunds?: RefundRecord[];
  /** Buyers' returns, oldest first (absent on orders saved before returns were kept). */
  returns?: ReturnRecord[];
  /** Set by an app's orderCreate (absent on buyers' orders). */
  tags?: string[];
  sourceName?: string | null;
  note?: string | null;
}
/** A refund (Refund): the units of lines refunded and the money given back by a REFUND transaction. */
export interface RefundRecord {
  id: number;
  createdAt: string;
  note: string | null;
  lines: Array<{ id: number; lineId: number; quantity: number; restockType: string }>;
  /** Given back, in cents (0 when no transaction was refunded). */
  amountCents: number;
  /** The REFUND transaction's id, when money moved. */
  transactionId: number | null;
}
/**
 * A buyer's return (Return): REQUESTED by the buyer; once received, OPEN with its reverse fulfillment
 * order's line items disposed of (RESTOCKED or NOT_RESTOCKED).
 */
export interface ReturnRecord {
  id: number;
  /** The order's name and the return's number on it: #1001-R1. */
  name: string;
  status: 'REQUESTED' | 'OPEN' | 'CLOSED';
  createdAt: string;
  reverseFulfillmentOrderId: number;
  lines: Array<{
    id: number;
    /** The FulfillmentLineItem returned (a line of one of the order's fulfillments), and its order line. */
    fulfillmentLineItemId: number;
    lineId: number;
    quantity: number;
    returnReason: string;
    reverseFulfillmentOrderLineItemId: number;
    /** Set when received: RESTOCKED (back to available) or NOT_RESTOCKED. */
    disposition?: 'RESTOCKED' | 'NOT_RESTOCKED';
  }>;
}
export interface Webhook {
  id: number;
  topic: string;
  callbackUrl: string;
  format: string;
  createdAt: string;
}
export interface AdjustmentRecord {
  id: number;
  createdAt: string;
  reason: string;
  referenceDocumentUri: string | null;
  changes: Array<{ name: string; delta: number; inventoryItemId: number; quantityAfterChange: number }>;
}
export interface Shop {
  id: number;
  domain: string;
  name: string;
  currency: string;
  /** When the shop was made (absent from state saved before it was kept). */
  createdAt?: string;
  location: { id: number; name: string };
  products: Product[];
  orders: Order[];
  webhooks: Webhook[];
  /** Results of @idempotent mutations by key, so a replay answers the original result. */
  idempotency: Record<string, { fingerprint: string; result: AdjustmentRecord }>;
  /** refundCreate's @idempotent keys: the refund each made (absent in shops saved before refunds were kept). */
  refundKeys?: Record<string, { fingerprint: string; orderId: number; refundId: number }>;
  nextId: number;
  orderNumber: number;
}
export interface ShopifySandboxState {
  sellers: Record<string, Shop>;
  /** Keyed by SHA-256 of the code or token: the state file holds no usable secret. */
  codes: Record<string, { shop: string; scope: string; expiresAt: number }>;
  accessTokens: Record<string, { shop: string; scope: string; expiresAt: number | null }>;
  refreshTokens: Record<string, { shop: string; scope: string; expiresAt: number }>;
}

export type ShopifyContext = SandboxContext<ShopifySandboxState>;

export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
export const parseGid = (value: unknown, type: string): number | undefined => {
  const match = typeof value === 'string' ? new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(value) : null;
  return match ? Number(match[1]) : undefined;
};
export const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
export const nowIso = () => new Date().toISOString();

/** Accepts `hub-demo-1234` or `hub-demo-1234.myshopify.com` in the path, as a shop's own host would. */
export function findShop(state: ShopifySandboxState, shop: string): Shop | undefined {
  const domain = shop.endsWith('.myshopify.com') ? shop : `${shop}.myshopify.com`;
  return state.sellers[domain];
}

export function nextId(shop: Shop): number {
  return shop.nextId++;
}

/** A variant's quantity by its name in the Admin API (available, on_hand, committed; 0 for the others). */
export const quantityOf = (variant: Variant, name: string) =>
  name === 'available'
    ? variant.available
    : name === 'on_hand'
      ? variant.onHand
      : name === 'committed'
        ? Math.max(0, variant.onHand - variant.available)
        : 0;

/** Units of a line shipped so far. */
export const fulfilledOf = (line: OrderLine) => line.fulfilledQuantity ?? 0;
/** Units of a line the order still holds and has not shipped. */
export const unfulfilledOf = (line: OrderLine) => Math.max(0, line.currentQuantity - fulfilledOf(line));
export const fulfillmentOrderIdOf = (order: Order) => order.fulfillmentOrderId ?? order.id;
export const fulfillmentOrderLineIdOf = (line: OrderLine) => line.fulfillmentOrderLineItemId ?? line.id;

/** Marks a variant (and its product) updated now. */
export function touch(product: Product, variant: Variant) {
  variant.updatedAt = nowIso();
  product.updatedAt = variant.updatedAt;
}
