/**
 * The Walmart sandbox's state (plain JSON, persisted by the kit) and the small helpers its resources
 * share: ids and money amounts.
 */
import crypto from 'node:crypto';
import type { SandboxContext } from '../shared/sandbox-kit.ts';

export interface WalmartSandboxItem {
  sku: string;
  wpid: string;
  gtin: string;
  upc: string;
  productName: string;
  brand: string;
  productType: string;
  /** Decimal string, e.g. "12.50". */
  price: string;
  currency: string;
  quantity: number;
  publishedStatus: string;
  lifecycleStatus: string;
  attributes: Record<string, string>;
  /** Set while Walmart fulfils the item (WFS, wfs.ts): the units it holds, which no seller's inventory update changes. */
  wfs?: { availToSell: number; modifiedDate: number };
}

export interface WalmartSandboxOrderLine {
  lineNumber: string;
  sku: string;
  productName: string;
  quantity: number;
  unitPrice: string;
  currency: string;
  /** The status of the units not cancelled. */
  status: 'Created' | 'Acknowledged' | 'Shipped' | 'Delivered';
  /** Units cancelled so far (a Cancelled status line of their own). */
  cancelledQuantity: number;
  cancellationReason?: string;
  statusDate: number;
  /** Units shipped, one entry per Shipped status the seller sent (absent in orders stored before shipping existed). */
  shipments?: WalmartSandboxLineShipment[];
  /** The seller's refunds of the line (refundOrderLines), oldest first. */
  refunds?: WalmartSandboxRefund[];
}

/** One refund of a line (orders.json RefundType): the charges given back, amounts negative as Walmart takes them. */
export interface WalmartSandboxRefund {
  refundId: string;
  refundComments?: string;
  charges: Array<{ refundReason: string; chargeType: string; chargeName: string; amount: number; currency: string }>;
  recordedAt: number;
}

/** A buyer's return (returns.json ReturnOrder) of units of one purchase order. */
export interface WalmartSandboxReturn {
  returnOrderId: string;
  purchaseOrderId: string;
  customerOrderId: string;
  /** returns.json ReturnOrderLine.returnReason (one of the reason codes it lists). */
  returnReason: string;
  createdAt: number;
  lastModified: number;
  /** INITIATED, then DELIVERED once it reached the seller's return centre. */
  status: 'INITIATED' | 'DELIVERED';
  /** returnTrackingDetail, oldest first. */
  events: Array<{ eventTag: string; eventDescription: string; eventTime: number }>;
  lines: Array<{
    lineNumber: string;
    sku: string;
    productName: string;
    quantity: number;
    unitPrice: string;
    currency: string;
  }>;
  /** Set when received: whether the item goes back to stock (kept out of stock is recorded as isKeepIt). */
  restock?: boolean;
}

/** One Shipped status of a line: its units and the trackingInfo the seller sent (orders.json TrackingInfoType). */
export interface WalmartSandboxLineShipment {
  units: number;
  shipDateTime: number;
  carrier?: string;
  otherCarrier?: string;
  methodCode: string;
  trackingNumber: string;
  trackingURL?: string;
  /** When the sandbox recorded it. */
  recordedAt: number;
  /** When the carrier delivered it (the control API's deliver): its status is Delivered from then on. */
  deliveredAt?: number;
}

export interface WalmartSandboxOrder {
  purchaseOrderId: string;
  customerOrderId: string;
  orderDate: number;
  lastModified: number;
  lines: WalmartSandboxOrderLine[];
  /** The seller's nth order (1-based): its buyer and address are generated from it. Absent in older stored orders. */
  sequence?: number;
  /** WFSFulfilled: Walmart ships the order from its own stock (an order of WFS items); absent: SellerFulfilled. */
  shipNodeType?: 'WFSFulfilled';
  /**
   * The UTC day (its midnight) of the recon report that settles the order, when the control API settled it early;
   * absent: the day after the order's (recon.ts).
   */
  settledOn?: number;
}

export interface WalmartSandboxFeedItem {
  index: number;
  sku: string;
  quantity?: number;
  price?: { amount: number; currency: string };
  /** An MP_ITEM row that passed validation: the item as it will be set up. */
  setup?: {
    gtin: string;
    productName: string;
    brand: string;
    price: number;
    productType: string;
    description: string;
    mainImageUrl: string;
  };
  status: 'INPROGRESS' | 'SUCCESS' | 'DATA_ERROR';
  error?: { code: string; description: string };
}

export interface WalmartSandboxFeed {
  feedId: string;
  feedType: 'inventory' | 'price' | 'item';
  status: 'RECEIVED' | 'INPROGRESS' | 'PROCESSED' | 'ERROR';
  submittedAt: number;
  startAt: number;
  doneAt: number;
  items: WalmartSandboxFeedItem[];
}

export interface WalmartSandboxSubscription {
  subscriptionId: string;
  eventType: string;
  eventVersion: string;
  resourceName: string;
  eventUrl: string;
  status: string;
  authMethod?: string;
  authHeaderName?: string;
  /** Kept to sign deliveries (HMAC); never answered back. */
  hmacSecret?: string;
}

export interface WalmartSandboxSeller {
  sellerId: string;
  clientId: string;
  clientSecret: string;
  skus: string[];
  items: Record<string, WalmartSandboxItem>;
  orders: WalmartSandboxOrder[];
  feeds: Record<string, WalmartSandboxFeed>;
  subscriptions: WalmartSandboxSubscription[];
  /** Buyers' returns (absent in sellers stored before returns existed). */
  returns?: WalmartSandboxReturn[];
}

export interface WalmartSandboxState {
  sellers: Record<string, WalmartSandboxSeller>;
  tokens: Record<string, { sellerId: string; expiresAt: number }>;
}

export type WalmartContext = SandboxContext<WalmartSandboxState>;

export const alnum = (n: number) => {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(crypto.randomBytes(n), (b) => chars[b % chars.length]).join('');
};
export const digits = (n: number) =>
  Array.from(crypto.randomBytes(n), (b, i) => (i === 0 ? 1 + (b % 9) : b % 10)).join('');

/** Prices travel as JSON numbers; the state keeps exact decimal strings. */
export const decimal = (amount: number) => amount.toFixed(2);
export const isMoneyAmount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 && Math.round(v * 100) === Number((v * 100).toFixed(6));
