import crypto from 'node:crypto';
import express from 'express';
import type { Request, Response, Router } from 'express';
import {
  REFUSED_SKU_CODE,
  SandboxControlError,
  refuseIfThrottled,
  refusedSkuMessage,
  timeAfter,
  type SandboxContext,
  type SandboxDefinition,
} from '../shared/sandbox-kit.ts';
import type { GeneratedProduct } from '../shared/catalogue-generator.ts';
import type { SandboxRate } from '../shared/sandbox-limits.ts';

/**
 * A stateful stand-in for the Walmart Marketplace (US) API: the seller's own paths below the
 * prefix (/v3/token, /v3/items, /v3/inventory, /v3/price, /v3/feeds, /v3/orders,
 * /v3/webhooks/subscriptions), with Walmart's headers, error bodies and 429 answers.
 */

/** Access tokens live 15 minutes (auth.json: expires_in 900). */
export const TOKEN_LIFETIME_S = 900;

/**
 * Feed processing time: Walmart publishes 30 minutes for inventory and price feeds (FACTS.md,
 * W-THR). The sandbox scales it: realistic = 30 min ÷ 600 = 3 s; fast = 200 ms.
 */
export const FEED_PUBLISHED_PROCESSING_MS = 30 * 60_000;
export const FEED_PROCESSING_SCALE = { realistic: 1 / 600, fast: 200 / FEED_PUBLISHED_PROCESSING_MS } as const;

const perHour = (n: number): SandboxRate => ({ rate: n / 3600, burst: n });
const generous: SandboxRate = { rate: 1000, burst: 1000 };

/**
 * Operation names and their limits. Feeds are published (10/hour each for inventory and price).
 * Walmart does not publish the MP sync limits (FACTS.md section 6); these are conservative choices:
 * 5 calls/s with a burst of 10 for item, inventory and price calls, 1/s (burst 5) for order reads and
 * for order updates (cancellations, acknowledgements), 1/s (burst 5) for webhook subscriptions, and the
 * Supplier API's 100/hour for /v3/token.
 */
const realisticLimits: Record<string, SandboxRate> = {
  token: perHour(100),
  'items.read': { rate: 5, burst: 10 },
  'inventory.read': { rate: 5, burst: 10 },
  'inventory.update': { rate: 5, burst: 10 },
  'price.update': { rate: 5, burst: 10 },
  'feeds.inventory': perHour(10),
  'feeds.price': perHour(10),
  /** MP_ITEM feeds: 20 an hour (FACTS.md §3, W-THR). */
  'feeds.item': perHour(20),
  'items.retire': { rate: 5, burst: 10 },
  'feeds.status': { rate: 5, burst: 10 },
  'orders.read': { rate: 1, burst: 5 },
  'orders.update': { rate: 1, burst: 5 },
  webhooks: { rate: 1, burst: 5 },
};
const fastLimits: Record<string, SandboxRate> = Object.fromEntries(
  Object.keys(realisticLimits).map((k) => [k, generous]),
);

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
}

export interface WalmartSandboxOrder {
  purchaseOrderId: string;
  customerOrderId: string;
  orderDate: number;
  lastModified: number;
  lines: WalmartSandboxOrderLine[];
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

/** One row of an inventory or price feed file, as received (unchecked). */
interface FeedRow {
  sku?: unknown;
  quantity?: { unit?: unknown; amount?: unknown };
  pricing?: Array<{ currentPriceType?: unknown; currentPrice?: { currency?: unknown; amount?: unknown } }>;
}

/** One line of a cancellation request, as received (unchecked). */
interface CancelLine {
  lineNumber?: unknown;
  orderLineStatuses?: {
    orderLineStatus?: Array<{ status?: unknown; cancellationReason?: unknown; statusQuantity?: { amount?: unknown } }>;
  };
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
}

export interface WalmartSandboxState {
  sellers: Record<string, WalmartSandboxSeller>;
  tokens: Record<string, { sellerId: string; expiresAt: number }>;
}

type Severity = 'INFO' | 'WARN' | 'ERROR';
type Category = 'APPLICATION' | 'SYSTEM' | 'REQUEST' | 'DATA';

/** Walmart's error body: `{ errors: [{ code, field, description, info, severity, category }] }`. */
export function walmartError(
  code: string,
  description: string,
  options: { field?: string; info?: string; severity?: Severity; category?: Category } = {},
) {
  return {
    errors: [
      {
        code,
        field: options.field ?? '',
        description,
        info: options.info ?? description,
        severity: options.severity ?? 'ERROR',
        category: options.category ?? 'REQUEST',
        causes: [],
        errorIdentifiers: {},
      },
    ],
  };
}

const send = (
  res: Response,
  status: number,
  code: string,
  description: string,
  options: Parameters<typeof walmartError>[2] = {},
) => {
  res.status(status).json(walmartError(code, description, options));
};

const alnum = (n: number) => {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return Array.from(crypto.randomBytes(n), (b) => chars[b % chars.length]).join('');
};
const digits = (n: number) => Array.from(crypto.randomBytes(n), (b, i) => (i === 0 ? 1 + (b % 9) : b % 10)).join('');

/** Prices travel as JSON numbers; the state keeps exact decimal strings. */
const decimal = (amount: number) => amount.toFixed(2);
const isMoneyAmount = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 && Math.round(v * 100) === Number((v * 100).toFixed(6));

function header(req: Request, name: string): string | undefined {
  const value = req.get(name);
  return value && value.trim() ? value.trim() : undefined;
}

/** Every Walmart call carries WM_QOS.CORRELATION_ID and WM_SVC.NAME. */
function requireWalmartHeaders(req: Request, res: Response): boolean {
  for (const name of ['WM_QOS.CORRELATION_ID', 'WM_SVC.NAME']) {
    if (!header(req, name)) {
      send(res, 400, 'INVALID_REQUEST_HEADER.GMP_GATEWAY_API', `Invalid or missing header: ${name}`, {
        field: name,
        category: 'REQUEST',
      });
      return false;
    }
  }
  return true;
}

function itemResponse(item: WalmartSandboxItem) {
  return {
    mart: 'WALMART_US',
    sku: item.sku,
    wpid: item.wpid,
    upc: item.upc,
    gtin: item.gtin,
    productName: item.productName,
    shelf: JSON.stringify(['Home Page', item.productType]),
    productType: item.productType,
    // items.json ItemSearchPrice: amount is a string (its examples show numbers; the schema rules).
    price: { currency: item.currency, amount: item.price },
    publishedStatus: item.publishedStatus,
    lifecycleStatus: item.lifecycleStatus,
  };
}

function orderResponse(seller: WalmartSandboxSeller, order: WalmartSandboxOrder) {
  return {
    purchaseOrderId: order.purchaseOrderId,
    customerOrderId: order.customerOrderId,
    customerEmailId: `${order.customerOrderId}@relay.walmart.com`,
    orderType: 'REGULAR',
    orderDate: order.orderDate,
    shippingInfo: {
      phone: '3155550100',
      estimatedDeliveryDate: order.orderDate + 5 * 86_400_000,
      estimatedShipDate: order.orderDate + 2 * 86_400_000,
      methodCode: 'Standard',
      postalAddress: {
        name: 'Sandbox Buyer',
        address1: '702 SW 8th St',
        city: 'Bentonville',
        state: 'AR',
        postalCode: '72716',
        country: 'USA',
        addressType: 'RESIDENTIAL',
      },
    },
    orderLines: {
      orderLine: order.lines.map((line) => ({
        lineNumber: line.lineNumber,
        item: { productName: line.productName, sku: line.sku },
        charges: {
          charge: [
            {
              chargeType: 'PRODUCT',
              chargeName: 'ItemPrice',
              chargeAmount: { currency: line.currency, amount: Number(line.unitPrice) },
            },
          ],
        },
        orderLineQuantity: { unitOfMeasurement: 'EACH', amount: String(line.quantity) },
        statusDate: line.statusDate,
        orderLineStatuses: { orderLineStatus: lineStatuses(line) },
        fulfillment: { fulfillmentOption: 'S2H', shipMethod: 'STANDARD' },
      })),
    },
    shipNode: { type: 'SellerFulfilled', name: `Seller ${seller.sellerId}`, id: seller.sellerId },
  };
}

function lineStatuses(line: WalmartSandboxOrderLine) {
  const quantity = (amount: number) => ({ unitOfMeasurement: 'EACH', amount: String(amount) });
  const open = line.quantity - line.cancelledQuantity;
  return [
    ...(open > 0 ? [{ status: line.status, statusQuantity: quantity(open) }] : []),
    ...(line.cancelledQuantity > 0
      ? [
          {
            status: 'Cancelled',
            statusQuantity: quantity(line.cancelledQuantity),
            ...(line.cancellationReason ? { cancellationReason: line.cancellationReason } : {}),
          },
        ]
      : []),
  ];
}

/** The PO_CREATED event as Walmart's event page describes it: `{ source, payload }`. */
function poCreatedEvent(seller: WalmartSandboxSeller, order: WalmartSandboxOrder) {
  return {
    source: {
      eventType: 'PO_CREATED',
      eventTime: new Date(order.orderDate).toISOString(),
      eventId: crypto.randomUUID(),
    },
    payload: {
      partnerId: seller.sellerId,
      purchaseOrderId: order.purchaseOrderId,
      customerOrderId: order.customerOrderId,
      orderDate: new Date(order.orderDate).toISOString(),
      estimatedDeliveryDate: new Date(order.orderDate + 5 * 86_400_000).toISOString(),
      estimatedShipDate: new Date(order.orderDate + 2 * 86_400_000).toISOString(),
      orderLines: order.lines.map((line) => ({
        lineNumber: line.lineNumber,
        sku: line.sku,
        productName: line.productName,
        quantity: { unitOfMeasure: 'EACH', measurementValue: line.quantity },
        orderLineStatus: line.status,
        charges: [
          {
            chargeType: 'PRODUCT',
            chargeName: 'ItemPrice',
            chargeAmount: { currency: line.currency, amount: Number(line.unitPrice) },
          },
        ],
      })),
    },
  };
}

/**
 * PO_LINE_AUTOCANCELLED as Walmart's event page describes it: the PO with the lines just cancelled
 * (quantities as numeric strings, status CANCELLED). It is the one line-cancellation event of the
 * notifications definition, so the sandbox sends it for a cancellation made on Walmart's side (the
 * control API's cancel); the seller's own cancelOrderLines sends nothing, as on Walmart.
 */
function poLineCancelledEvent(
  seller: WalmartSandboxSeller,
  order: WalmartSandboxOrder,
  lines: Array<{ line: WalmartSandboxOrderLine; units: number }>,
) {
  return {
    source: {
      eventType: 'PO_LINE_AUTOCANCELLED',
      eventTime: new Date(order.lastModified).toISOString(),
      eventId: crypto.randomUUID(),
    },
    payload: {
      partnerId: seller.sellerId,
      purchaseOrderId: order.purchaseOrderId,
      customerOrderId: order.customerOrderId,
      orderDate: new Date(order.orderDate).toISOString(),
      estimatedDeliveryDate: new Date(order.orderDate + 5 * 86_400_000).toISOString(),
      estimatedShipDate: new Date(order.orderDate + 2 * 86_400_000).toISOString(),
      orderLines: lines.map(({ line, units }) => ({
        lineNumber: line.lineNumber,
        sku: line.sku,
        productName: line.productName,
        quantity: { unitOfMeasure: 'EACH', measurementValue: String(units) },
        status: 'CANCELLED',
        statusDate: new Date(line.statusDate).toISOString(),
        shippingProgramType: 'THREE_DAY',
        shippingMethod: 'Standard',
        cancellationReason: line.cancellationReason,
      })),
    },
  };
}

/** Posts an event to the seller's active subscriptions of its type, HMAC-signed where the subscription asks. */
function deliverEvent(
  context: SandboxContext<WalmartSandboxState>,
  seller: WalmartSandboxSeller,
  eventType: string,
  event: unknown,
) {
  for (const subscription of seller.subscriptions) {
    if (subscription.eventType !== eventType || subscription.status !== 'ACTIVE') continue;
    const body = JSON.stringify(event);
    const headers: Record<string, string> = {};
    if (subscription.authMethod === 'HMAC' && subscription.hmacSecret && subscription.authHeaderName) {
      headers[subscription.authHeaderName] = signWalmartPayload(body, subscription.hmacSecret);
    }
    void context.deliver(subscription.eventUrl, body, headers);
  }
}

/** Walmart signs HMAC deliveries with HMAC-SHA256 of the complete payload (base64; the encoding is not published). */
export function signWalmartPayload(body: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('base64');
}

function redactSubscriptionBody(body: unknown): unknown {
  return JSON.parse(
    JSON.stringify(body ?? null, (key, value) => (/secret|password/i.test(key) ? '[redacted]' : value)),
  );
}

/** The file part of a multipart/form-data body (Walmart feeds are uploaded as `file`). */
function multipartFile(raw: Buffer, contentType: string): string | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return undefined;
  const text = raw.toString('utf8');
  for (const part of text.split(`--${mark}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!/name="file"/i.test(head)) continue;
    return part.slice(split + 4).replace(/\r\n$/, '');
  }
  return undefined;
}

function tokenFor(
  state: WalmartSandboxState,
  clientId: string,
  clientSecret: string,
): WalmartSandboxSeller | undefined {
  const seller = Object.values(state.sellers).find((s) => s.clientId === clientId);
  if (!seller) return undefined;
  const a = Buffer.from(seller.clientSecret);
  const b = Buffer.from(clientSecret);
  return a.length === b.length && crypto.timingSafeEqual(a, b) ? seller : undefined;
}

export const walmartSandbox: SandboxDefinition<WalmartSandboxState> = {
  kind: 'walmart',
  emptyState: () => ({ sellers: {}, tokens: {} }),

  sellerOfRequest(state, req) {
    const token = header(req, 'WM_SEC.ACCESS_TOKEN');
    if (token) return state.tokens[token]?.sellerId;
    const basic = /^Basic\s+(.+)$/i.exec(req.get('authorization') ?? '');
    const clientId = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0] : undefined;
    return clientId ? Object.values(state.sellers).find((s) => s.clientId === clientId)?.sellerId : undefined;
  },
  limits: { realistic: realisticLimits, fast: fastLimits },

  errorBody(status, message) {
    if (status === 404) return walmartError('CONTENT_NOT_FOUND.GMP_GATEWAY_API', message, { category: 'REQUEST' });
    if (status === 400 || status === 413)
      return walmartError('INVALID_REQUEST_CONTENT.GMP_GATEWAY_API', message, { category: 'REQUEST' });
    if (status === 429)
      return walmartError('REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API', message, { category: 'REQUEST' });
    return walmartError('SYSTEM_ERROR.GMP_GATEWAY_API', message, { category: 'SYSTEM' });
  },

  createSeller(state, catalogue: GeneratedProduct[]) {
    const sellerId = digits(11);
    const clientId = crypto.randomUUID();
    const clientSecret = crypto.randomBytes(32).toString('base64url');
    const items: Record<string, WalmartSandboxItem> = {};
    for (const product of catalogue) {
      items[product.sku] = {
        sku: product.sku,
        wpid: alnum(12),
        gtin: `0${product.gtin}`,
        upc: product.gtin.startsWith('0') ? product.gtin.slice(1) : '',
        productName: product.title,
        brand: product.brand,
        productType: product.title.split('–')[0]!.trim().split(' ').slice(-2).join(' '),
        price: product.price,
        currency: product.currency,
        quantity: product.quantity,
        publishedStatus: 'PUBLISHED',
        lifecycleStatus: 'ACTIVE',
        attributes: product.attributes,
      };
    }
    state.sellers[sellerId] = {
      sellerId,
      clientId,
      clientSecret,
      skus: catalogue.map((p) => p.sku),
      items,
      orders: [],
      feeds: {},
      subscriptions: [],
    };
    return { sellerId, credentials: { clientId, clientSecret } };
  },

  itemView(state, sellerId, sku) {
    const item = state.sellers[sellerId]?.items[sku];
    if (!item) return undefined;
    return { sku, quantity: item.quantity, price: item.price, status: item.publishedStatus };
  },

  placeOrder(state, sellerId, lines, context) {
    const seller = state.sellers[sellerId];
    if (!seller) throw new SandboxControlError(404, `No Walmart sandbox seller ${sellerId}`);
    const wanted = new Map<string, number>();
    for (const line of lines) wanted.set(line.sku, (wanted.get(line.sku) ?? 0) + line.quantity);
    for (const [sku, quantity] of wanted) {
      const item = seller.items[sku];
      if (!item) throw new SandboxControlError(404, `SKU ${sku} is not listed by seller ${sellerId}`);
      if (item.quantity < quantity)
        throw new SandboxControlError(409, `Only ${item.quantity} of ${sku} available; ${quantity} ordered`);
    }
    const now = Date.now();
    const order: WalmartSandboxOrder = {
      purchaseOrderId: digits(13),
      customerOrderId: digits(13),
      orderDate: now,
      lastModified: now,
      lines: lines.map((line, i) => {
        const item = seller.items[line.sku]!;
        item.quantity -= line.quantity;
        return {
          lineNumber: String(i + 1),
          sku: line.sku,
          productName: item.productName,
          quantity: line.quantity,
          unitPrice: item.price,
          currency: item.currency,
          status: 'Created',
          cancelledQuantity: 0,
          statusDate: now,
        };
      }),
    };
    seller.orders.push(order);
    context.changed(seller.sellerId);
    deliverEvent(context, seller, 'PO_CREATED', poCreatedEvent(seller, order));
    return orderResponse(seller, order);
  },

  // Every open unit cancelled and put back on sale (unlike the seller's own cancelOrderLines, which
  // leaves the stock for the seller to set).
  cancelOrder(state, sellerId, orderId, context) {
    const seller = state.sellers[sellerId];
    if (!seller) throw new SandboxControlError(404, `No Walmart sandbox seller ${sellerId}`);
    const order = seller.orders.find((o) => o.purchaseOrderId === orderId);
    if (!order) throw new SandboxControlError(404, `No purchase order ${orderId} for seller ${sellerId}`);
    if (order.lines.some((l) => l.status === 'Shipped' || l.status === 'Delivered'))
      throw new SandboxControlError(409, `Purchase order ${orderId} has shipped lines and cannot be cancelled`);
    const open = order.lines
      .map((line) => ({ line, units: line.quantity - line.cancelledQuantity }))
      .filter((l) => l.units > 0);
    if (open.length === 0) throw new SandboxControlError(409, `Purchase order ${orderId} is already cancelled`);
    const now = timeAfter(order.lastModified);
    for (const { line, units } of open) {
      line.cancelledQuantity += units;
      line.cancellationReason = 'CUSTOMER_REQUESTED_SELLER_TO_CANCEL';
      line.statusDate = now;
      // The units go back on sale.
      const item = seller.items[line.sku];
      if (item) item.quantity += units;
    }
    order.lastModified = now;
    context.changed(seller.sellerId);
    deliverEvent(context, seller, 'PO_LINE_AUTOCANCELLED', poLineCancelledEvent(seller, order, open));
    return orderResponse(seller, order);
  },

  editItem(state, sellerId, sku, edit) {
    const item = state.sellers[sellerId]?.items[sku];
    if (!item) throw new SandboxControlError(404, 'No such seller or SKU');
    if (edit.quantity !== undefined) item.quantity = edit.quantity;
    if (edit.price !== undefined) item.price = edit.price;
    if (edit.title !== undefined) item.productName = edit.title;
  },

  tick(state, context) {
    const now = Date.now();
    const changed = new Set<string>();
    for (const seller of Object.values(state.sellers)) {
      for (const feed of Object.values(seller.feeds)) {
        if (feed.status === 'RECEIVED' && now >= feed.startAt) {
          feed.status = 'INPROGRESS';
          changed.add(seller.sellerId);
        }
        if (feed.status === 'INPROGRESS' && now >= feed.doneAt) {
          for (const entry of feed.items) {
            if (entry.status !== 'INPROGRESS') continue;
            const item = seller.items[entry.sku];
            if (context.refusesSku(seller.sellerId, entry.sku)) {
              entry.status = 'DATA_ERROR';
              entry.error = { code: REFUSED_SKU_CODE, description: refusedSkuMessage(entry.sku) };
            } else if (entry.setup) {
              setUpItem(seller, entry.sku, entry.setup);
              entry.status = 'SUCCESS';
            } else if (!item) {
              entry.status = 'DATA_ERROR';
              entry.error = {
                code: 'ERR_EXT_DATA_0101001',
                description: `SKU ${entry.sku} does not exist for this seller. Set up the item before updating it.`,
              };
            } else if (entry.quantity !== undefined) {
              item.quantity = entry.quantity;
              entry.status = 'SUCCESS';
            } else if (entry.price) {
              item.price = decimal(entry.price.amount);
              item.currency = entry.price.currency;
              entry.status = 'SUCCESS';
            }
          }
          feed.status = 'PROCESSED';
          changed.add(seller.sellerId);
        }
      }
    }
    for (const sellerId of changed) context.changed(sellerId);
  },

  routes(router: Router, context: SandboxContext<WalmartSandboxState>) {
    const state = () => context.state();

    /** Walmart's 429, with the usage headers its gateway documents for token-bucket APIs. */
    const throttled = (res: Response, sellerId: string, operation: string): boolean => {
      const wait = context.rateLimit(sellerId, operation);
      if (wait <= 0) return false;
      const limit = context.limitOf(operation, sellerId);
      res.set(
        'X-Current-Token-Count',
        String(Math.floor(context.buckets.available(`${sellerId}:${operation}`, limit))),
      );
      res.set('X-Next-Replenishment-Time', String(Date.now() + wait));
      return refuseIfThrottled(
        res,
        wait,
        walmartError('REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API', 'Too Many Requests', {
          category: 'REQUEST',
          info: 'Request threshold violated',
        }),
      );
    };

    /** The rejectSkus fault on a single update: Walmart's 400 error body for this SKU. */
    const refused = (res: Response, seller: WalmartSandboxSeller, sku: string, field: string): boolean => {
      if (!context.refusesSku(seller.sellerId, sku)) return false;
      send(res, 400, REFUSED_SKU_CODE, refusedSkuMessage(sku), { field, category: 'DATA' });
      return true;
    };

    /** The seller behind WM_SEC.ACCESS_TOKEN, or a 401 already sent. */
    const authorise = (req: Request, res: Response): WalmartSandboxSeller | undefined => {
      if (!requireWalmartHeaders(req, res)) return undefined;
      const token = header(req, 'WM_SEC.ACCESS_TOKEN');
      const entry = token ? state().tokens[token] : undefined;
      const seller = entry && entry.expiresAt > Date.now() ? state().sellers[entry.sellerId] : undefined;
      if (!seller) {
        send(
          res,
          401,
          'UNAUTHORIZED.GMP_GATEWAY_API',
          token ? 'Access token is invalid or has expired' : 'Missing WM_SEC.ACCESS_TOKEN header',
          {
            field: 'WM_SEC.ACCESS_TOKEN',
            category: 'REQUEST',
          },
        );
        return undefined;
      }
      return seller;
    };

    router.post('/v3/token', (req, res) => {
      if (!requireWalmartHeaders(req, res)) return;
      const basic = /^Basic\s+(.+)$/i.exec(req.get('authorization') ?? '');
      const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
      const colon = decoded.indexOf(':');
      const seller = colon > 0 ? tokenFor(state(), decoded.slice(0, colon), decoded.slice(colon + 1)) : undefined;
      if (!seller) {
        send(
          res,
          401,
          'UNAUTHORIZED.GMP_GATEWAY_API',
          'Invalid client credentials: check the Client ID and Client Secret',
          { field: 'Authorization', category: 'REQUEST' },
        );
        return;
      }
      if (req.body?.grant_type !== 'client_credentials') {
        send(
          res,
          400,
          'INVALID_REQUEST_PARAM.GMP_GATEWAY_API',
          'grant_type must be client_credentials (form-encoded)',
          { field: 'grant_type' },
        );
        return;
      }
      if (throttled(res, seller.sellerId, 'token')) return;
      const now = Date.now();
      for (const [key, entry] of Object.entries(state().tokens)) if (entry.expiresAt <= now) delete state().tokens[key];
      const accessToken = `eyJ${crypto.randomBytes(24).toString('base64url')}`;
      state().tokens[accessToken] = { sellerId: seller.sellerId, expiresAt: now + TOKEN_LIFETIME_S * 1000 };
      context.changed();
      res.json({ access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S });
    });

    router.get('/v3/token/detail', (req, res) => {
      const seller = authorise(req, res);
      if (!seller) return;
      const entry = state().tokens[header(req, 'WM_SEC.ACCESS_TOKEN')!]!;
      const full = 'full_access';
      res.json({
        expire_at: String(entry.expiresAt),
        issued_at: String(entry.expiresAt - TOKEN_LIFETIME_S * 1000),
        is_valid: true,
        is_channel_match: true,
        scopes: {
          reports: full,
          item: full,
          price: full,
          lagtime: full,
          feeds: full,
          returns: full,
          orders: full,
          inventory: full,
          content: full,
        },
      });
    });

    router.get('/v3/items', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'items.read')) return;
      const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
        send(res, 400, 'INVALID_REQUEST_PARAM.GMP_ITEM_QUERY_API', 'limit must be a whole number from 1 to 200', {
          field: 'limit',
        });
        return;
      }
      let skus = seller.skus;
      if (typeof req.query.sku === 'string') skus = skus.filter((s) => s === req.query.sku);
      const cursor = typeof req.query.nextCursor === 'string' ? req.query.nextCursor : '*';
      let start = 0;
      if (cursor !== '*') {
        start = Number(
          Buffer.from(cursor, 'base64')
            .toString('utf8')
            .replace(/^offset:/, ''),
        );
        if (!Number.isInteger(start) || start < 0) {
          send(res, 400, 'INVALID_REQUEST_PARAM.GMP_ITEM_QUERY_API', 'nextCursor is not a cursor this API returned', {
            field: 'nextCursor',
          });
          return;
        }
      }
      const page = skus.slice(start, start + limit);
      const end = start + page.length;
      res.json({
        ItemResponse: page.map((sku) => itemResponse(seller.items[sku]!)),
        totalItems: skus.length,
        ...(end < skus.length ? { nextCursor: Buffer.from(`offset:${end}`).toString('base64') } : {}),
      });
    });

    router.get('/v3/items/:id', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'items.read')) return;
      const type = req.query.productIdType;
      if (type !== undefined && type !== 'SKU') {
        send(
          res,
          400,
          'INVALID_REQUEST_PARAM.GMP_ITEM_QUERY_API',
          'This sandbox looks items up by productIdType=SKU only',
          { field: 'productIdType' },
        );
        return;
      }
      const item = seller.items[req.params.id!];
      if (!item) {
        send(res, 404, 'CONTENT_NOT_FOUND.GMP_ITEM_QUERY_API', `Item not found for SKU ${req.params.id}`, {
          field: 'sku',
          category: 'DATA',
        });
        return;
      }
      res.json({ ItemResponse: [itemResponse(item)], totalItems: 1 });
    });

    // items.json retireAnItem: the item is un-published and retired; only item setup (MP_ITEM) brings it back.
    router.delete('/v3/items/:sku', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'items.retire')) return;
      const item = seller.items[req.params.sku!];
      if (!item) {
        send(res, 404, 'CONTENT_NOT_FOUND.GMP_ITEM_API', `Item not found for SKU ${req.params.sku}`, {
          field: 'sku',
          category: 'DATA',
        });
        return;
      }
      if (refused(res, seller, item.sku, 'sku')) return;
      item.lifecycleStatus = 'RETIRED';
      item.publishedStatus = 'UNPUBLISHED';
      context.changed(seller.sellerId);
      res.json({
        sku: item.sku,
        message:
          'Thank you.  Your item has been submitted for retirement from Walmart Catalog.  Please note that it can take up to 48 hours for items to be retired from our catalog.',
        additionalAttributes: null,
        errors: null,
      });
    });

    const skuFromQuery = (
      req: Request,
      res: Response,
      seller: WalmartSandboxSeller,
    ): WalmartSandboxItem | undefined => {
      const sku = req.query.sku;
      if (typeof sku !== 'string' || !sku) {
        send(res, 400, 'INVALID_REQUEST_PARAM.GMP_INVENTORY_API', 'Query parameter sku is required', { field: 'sku' });
        return undefined;
      }
      const item = seller.items[sku];
      if (!item)
        send(res, 404, 'CONTENT_NOT_FOUND.GMP_INVENTORY_API', `Item not found for SKU ${sku}`, {
          field: 'sku',
          category: 'DATA',
        });
      return item;
    };

    router.get('/v3/inventory', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'inventory.read')) return;
      const item = skuFromQuery(req, res, seller);
      if (item) res.json({ sku: item.sku, quantity: { unit: 'EACH', amount: item.quantity } });
    });

    router.put('/v3/inventory', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'inventory.update')) return;
      const body = req.body;
      const amount = body?.quantity?.amount;
      if (typeof body?.sku !== 'string' || body.sku !== req.query.sku) {
        send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_INVENTORY_API', 'Body sku must match the sku query parameter', {
          field: 'sku',
        });
        return;
      }
      if (body.quantity?.unit !== 'EACH' || !Number.isInteger(amount) || amount < 0) {
        send(
          res,
          400,
          'INVALID_REQUEST_CONTENT.GMP_INVENTORY_API',
          'quantity must be { unit: "EACH", amount } with a whole amount of 0 or more',
          { field: 'quantity.amount', category: 'DATA' },
        );
        return;
      }
      const item = skuFromQuery(req, res, seller);
      if (!item || refused(res, seller, item.sku, 'quantity.amount')) return;
      item.quantity = amount;
      context.changed(seller.sellerId);
      res.json({ sku: item.sku, quantity: { unit: 'EACH', amount: item.quantity } });
    });

    router.put('/v3/price', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'price.update')) return;
      const body = req.body;
      const pricing = Array.isArray(body?.pricing) ? body.pricing : [];
      const base = pricing.find((p: { currentPriceType?: string }) => p?.currentPriceType === 'BASE');
      if (typeof body?.sku !== 'string' || !body.sku) {
        send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_PRICE_API', 'sku is required', { field: 'sku' });
        return;
      }
      if (!base || !isMoneyAmount(base.currentPrice?.amount) || !['USD', 'CAD'].includes(base.currentPrice?.currency)) {
        send(
          res,
          400,
          'INVALID_REQUEST_CONTENT.GMP_PRICE_API',
          'pricing needs a BASE currentPrice with currency USD and an amount above 0 with at most 2 decimals',
          {
            field: 'pricing.currentPrice',
            category: 'DATA',
          },
        );
        return;
      }
      const item = seller.items[body.sku];
      if (!item) {
        send(res, 404, 'CONTENT_NOT_FOUND.GMP_PRICE_API', `Item not found for SKU ${body.sku}`, {
          field: 'sku',
          category: 'DATA',
        });
        return;
      }
      if (refused(res, seller, item.sku, 'pricing.currentPrice')) return;
      item.price = decimal(base.currentPrice.amount);
      item.currency = base.currentPrice.currency;
      context.changed(seller.sellerId);
      res.json({
        ItemPriceResponse: {
          mart: 'WALMART_US',
          message:
            'Thank you. Your price has been updated. Please allow up to five minutes for this change to be reflected on the site.',
          sku: item.sku,
        },
      });
    });

    router.post('/v3/feeds', express.raw({ type: 'multipart/form-data', limit: '50mb' }), (req, res) => {
      const seller = authorise(req, res);
      if (!seller) return;
      const feedType = req.query.feedType === 'MP_ITEM' ? 'item' : req.query.feedType;
      if (feedType !== 'inventory' && feedType !== 'price' && feedType !== 'item') {
        send(
          res,
          400,
          'INVALID_REQUEST_PARAM.GMP_FEED_API',
          'This sandbox takes feedType=inventory, price or MP_ITEM',
          { field: 'feedType' },
        );
        return;
      }
      const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
      const file = raw ? multipartFile(raw, req.get('content-type') ?? '') : undefined;
      let feed: Record<string, unknown> | undefined;
      try {
        feed = file ? (JSON.parse(file) as Record<string, unknown>) : undefined;
      } catch {
        feed = undefined;
      }
      // Log the feed file itself rather than the raw multipart bytes.
      req.body = feed ?? { file: file === undefined ? '[missing]' : '[not JSON]' };
      if (!feed || typeof feed !== 'object') {
        send(
          res,
          400,
          'INVALID_REQUEST_CONTENT.GMP_FEED_API',
          'Send the feed as multipart/form-data with a JSON part named "file"',
          { field: 'file' },
        );
        return;
      }
      if (feedType === 'item') {
        const header = feed.MPItemFeedHeader as { version?: unknown } | undefined;
        if (typeof header?.version !== 'string' || !Array.isArray(feed.MPItem) || feed.MPItem.length === 0) {
          send(
            res,
            400,
            'INVALID_REQUEST_CONTENT.GMP_FEED_API',
            'An MP_ITEM feed needs MPItemFeedHeader.version and a non-empty MPItem list',
            { field: 'file' },
          );
          return;
        }
        if (feed.MPItem.length > 10_000) {
          send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_FEED_API', 'An item feed holds at most 10,000 items', {
            field: 'file',
          });
          return;
        }
        if (throttled(res, seller.sellerId, 'feeds.item')) return;
        const now = Date.now();
        const processing =
          FEED_PUBLISHED_PROCESSING_MS * FEED_PROCESSING_SCALE[context.faults(seller.sellerId).rateLimitProfile];
        const feedId = `${alnum(32)}@AQMBAQA`;
        seller.feeds[feedId] = {
          feedId,
          feedType,
          status: 'RECEIVED',
          submittedAt: now,
          startAt: now + processing / 4,
          doneAt: now + processing,
          items: (feed.MPItem as unknown[]).map(itemSetupEntry),
        };
        context.tickAfter(processing / 4);
        context.tickAfter(processing);
        context.changed(seller.sellerId);
        res.json({ feedId });
        return;
      }
      const rows = feedType === 'inventory' ? feed.Inventory : feed.Price;
      const headerOk =
        feedType === 'inventory'
          ? (feed.InventoryHeader as { version?: string })?.version === '1.4'
          : typeof (feed.PriceHeader as { version?: string })?.version === 'string';
      if (!headerOk || !Array.isArray(rows) || rows.length === 0) {
        send(
          res,
          400,
          'INVALID_REQUEST_CONTENT.GMP_FEED_API',
          feedType === 'inventory'
            ? 'An inventory feed needs InventoryHeader.version "1.4" and a non-empty Inventory list'
            : 'A price feed needs PriceHeader.version and a non-empty Price list',
          { field: 'file' },
        );
        return;
      }
      if (throttled(res, seller.sellerId, `feeds.${feedType}`)) return;
      const items: WalmartSandboxFeedItem[] = (rows as FeedRow[]).map((row, index) => {
        const sku = typeof row?.sku === 'string' ? row.sku : '';
        const entry: WalmartSandboxFeedItem = { index, sku, status: 'INPROGRESS' };
        const fail = (description: string): WalmartSandboxFeedItem => ({
          ...entry,
          status: 'DATA_ERROR',
          error: { code: 'ERR_EXT_DATA_0101002', description },
        });
        if (!sku) return fail('sku is required');
        if (feedType === 'inventory') {
          const amount = row.quantity?.amount;
          if (row.quantity?.unit !== 'EACH' || typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) {
            return fail(`Invalid quantity for SKU ${sku}: amount must be a whole number of 0 or more`);
          }
          return { ...entry, quantity: amount };
        }
        const base = Array.isArray(row.pricing) ? row.pricing.find((p) => p?.currentPriceType === 'BASE') : undefined;
        const amount = base?.currentPrice?.amount;
        const currency = base?.currentPrice?.currency;
        if (!isMoneyAmount(amount) || typeof currency !== 'string' || !['USD', 'CAD'].includes(currency)) {
          return fail(`Invalid price for SKU ${sku}: a BASE currentPrice above 0 in USD is required`);
        }
        return { ...entry, price: { amount, currency } };
      });
      const now = Date.now();
      const processing =
        FEED_PUBLISHED_PROCESSING_MS * FEED_PROCESSING_SCALE[context.faults(seller.sellerId).rateLimitProfile];
      const feedId = `${alnum(32)}@AQMBAQA`;
      seller.feeds[feedId] = {
        feedId,
        feedType,
        status: 'RECEIVED',
        submittedAt: now,
        startAt: now + processing / 4,
        doneAt: now + processing,
        items,
      };
      context.tickAfter(processing / 4);
      context.tickAfter(processing);
      context.changed(seller.sellerId);
      res.json({ feedId });
    });

    router.get('/v3/feeds/:feedId', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'feeds.status')) return;
      const feed = seller.feeds[req.params.feedId!];
      if (!feed) {
        send(res, 404, 'CONTENT_NOT_FOUND.GMP_FEED_API', `Feed ${req.params.feedId} not found`, {
          field: 'feedId',
          category: 'DATA',
        });
        return;
      }
      const offset = Number(req.query.offset ?? 0);
      const limit = Number(req.query.limit ?? 50);
      if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > 50) {
        send(res, 400, 'INVALID_REQUEST_PARAM.GMP_FEED_API', 'offset must be 0 or more and limit from 1 to 50', {
          field: 'limit',
        });
        return;
      }
      const count = (status: string) => feed.items.filter((i) => i.status === status).length;
      const done = feed.status === 'PROCESSED';
      res.json({
        feedId: feed.feedId,
        feedStatus: feed.status,
        itemsReceived: feed.items.length,
        itemsSucceeded: done ? count('SUCCESS') : 0,
        itemsFailed: done ? count('DATA_ERROR') : 0,
        itemsProcessing: done ? 0 : feed.items.length,
        offset,
        limit,
        ...(req.query.includeDetails === 'true'
          ? {
              itemDetails: {
                itemIngestionStatus: feed.items.slice(offset, offset + limit).map((entry) => ({
                  martId: 0,
                  sku: entry.sku,
                  index: entry.index,
                  ingestionStatus: done ? entry.status : 'INPROGRESS',
                  ...(done && entry.error
                    ? {
                        ingestionErrors: {
                          ingestionError: [
                            { type: 'DATA_ERROR', code: entry.error.code, description: entry.error.description },
                          ],
                        },
                      }
                    : {}),
                })),
              },
            }
          : {}),
      });
    });

    router.get('/v3/orders', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'orders.read')) return;
      const limit = req.query.limit === undefined ? 100 : Number(req.query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
        send(res, 400, 'INVALID_REQUEST_PARAM.GMP_ORDER_API', 'limit must be a whole number from 1 to 200', {
          field: 'limit',
        });
        return;
      }
      const dateParam = (name: string): number | undefined | null => {
        const value = req.query[name];
        if (value === undefined) return undefined;
        const ms = typeof value === 'string' ? Date.parse(value) : NaN;
        return Number.isFinite(ms) ? ms : null;
      };
      const modifiedFrom = dateParam('lastModifiedStartDate');
      const createdFrom = dateParam('createdStartDate');
      if (modifiedFrom === null || createdFrom === null) {
        send(res, 400, 'INVALID_REQUEST_PARAM.GMP_ORDER_API', 'Dates must be ISO 8601, e.g. 2020-03-16T10:30:15Z', {
          field: modifiedFrom === null ? 'lastModifiedStartDate' : 'createdStartDate',
        });
        return;
      }
      const poIndex = req.query.poIndex === undefined ? 0 : Number(req.query.poIndex);
      if (!Number.isInteger(poIndex) || poIndex < 0) {
        send(res, 400, 'INVALID_REQUEST_PARAM.GMP_ORDER_API', 'poIndex must come from meta.nextCursor', {
          field: 'poIndex',
        });
        return;
      }
      // Without dates Walmart answers the last 7 days (orders.json: createdStartDate defaults to now - 7 days).
      const from = modifiedFrom ?? createdFrom ?? Date.now() - 7 * 86_400_000;
      const matching = seller.orders
        .filter((o) => (modifiedFrom !== undefined ? o.lastModified >= from : o.orderDate >= from))
        .filter((o) => typeof req.query.sku !== 'string' || o.lines.some((l) => l.sku === req.query.sku))
        .sort((a, b) => a.lastModified - b.lastModified || a.purchaseOrderId.localeCompare(b.purchaseOrderId));
      const page = matching.slice(poIndex, poIndex + limit);
      const end = poIndex + page.length;
      const dateQuery =
        modifiedFrom !== undefined
          ? `&lastModifiedStartDate=${encodeURIComponent(String(req.query.lastModifiedStartDate))}`
          : createdFrom !== undefined
            ? `&createdStartDate=${encodeURIComponent(String(req.query.createdStartDate))}`
            : '';
      res.json({
        list: {
          meta: {
            totalCount: matching.length,
            limit,
            ...(end < matching.length
              ? {
                  nextCursor: `?limit=${limit}&hasMoreElements=true&soIndex=${matching.length}&poIndex=${end}${dateQuery}`,
                }
              : {}),
          },
          elements: { order: page.map((o) => orderResponse(seller, o)) },
        },
      });
    });

    // The seller cancels units of order lines (orders.json cancelOrderLines). Stock is not put back:
    // the seller sets inventory, as on Walmart.
    router.post('/v3/orders/:purchaseOrderId/cancel', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'orders.update')) return;
      const order = seller.orders.find((o) => o.purchaseOrderId === req.params.purchaseOrderId);
      if (!order) {
        send(res, 404, 'CONTENT_NOT_FOUND.GMP_ORDER_API', `Purchase order ${req.params.purchaseOrderId} not found`, {
          field: 'purchaseOrderId',
          category: 'DATA',
        });
        return;
      }
      const lines = req.body?.orderCancellation?.orderLines?.orderLine;
      if (!Array.isArray(lines) || lines.length === 0) {
        send(
          res,
          400,
          'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
          'orderCancellation.orderLines.orderLine must list the lines to cancel',
          { field: 'orderCancellation' },
        );
        return;
      }
      const changes: Array<{ line: WalmartSandboxOrderLine; units: number; reason: string }> = [];
      for (const requested of lines as CancelLine[]) {
        const line = order.lines.find((l) => l.lineNumber === requested?.lineNumber);
        const status = requested?.orderLineStatuses?.orderLineStatus?.[0];
        const units = Number(status?.statusQuantity?.amount);
        if (!line) {
          send(
            res,
            400,
            'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
            `No line ${requested?.lineNumber} in purchase order ${order.purchaseOrderId}`,
            { field: 'lineNumber' },
          );
          return;
        }
        if (
          status?.status !== 'Cancelled' ||
          typeof status?.cancellationReason !== 'string' ||
          !Number.isInteger(units) ||
          units < 1 ||
          units > line.quantity - line.cancelledQuantity
        ) {
          send(
            res,
            400,
            'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
            `Line ${line.lineNumber}: status must be Cancelled with a cancellationReason and from 1 to ${line.quantity - line.cancelledQuantity} units`,
            { field: 'orderLineStatus' },
          );
          return;
        }
        if (line.status === 'Shipped' || line.status === 'Delivered') {
          send(
            res,
            400,
            'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
            `Line ${line.lineNumber} has shipped and cannot be cancelled`,
            { field: 'lineNumber' },
          );
          return;
        }
        changes.push({ line, units, reason: status.cancellationReason });
      }
      const now = Date.now();
      for (const { line, units, reason } of changes) {
        line.cancelledQuantity += units;
        line.cancellationReason = reason;
        line.statusDate = now;
      }
      order.lastModified = now;
      context.changed(seller.sellerId);
      res.json({ order: orderResponse(seller, order) });
    });

    // The seller acknowledges a whole PO (orders.json acknowledgeOrders): every open line goes from
    // Created to Acknowledged, and the answer is the order (GetOrderResponse). Walmart's guide allows
    // acknowledging again (the same answer) and says not to acknowledge a PO shipped or cancelled, which
    // it refuses as invalid content. Throttled with the other order updates.
    router.post('/v3/orders/:purchaseOrderId/acknowledge', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'orders.update')) return;
      const order = seller.orders.find((o) => o.purchaseOrderId === req.params.purchaseOrderId);
      if (!order) {
        send(res, 404, 'CONTENT_NOT_FOUND.GMP_ORDER_API', `Purchase order ${req.params.purchaseOrderId} not found`, {
          field: 'purchaseOrderId',
          category: 'DATA',
        });
        return;
      }
      const open = order.lines.filter((l) => l.quantity > l.cancelledQuantity);
      const refusal = order.lines.some((l) => l.status === 'Shipped' || l.status === 'Delivered')
        ? 'has shipped lines'
        : open.length === 0
          ? 'is cancelled'
          : undefined;
      if (refusal) {
        send(
          res,
          400,
          'INVALID_REQUEST_CONTENT.GMP_ORDER_API',
          `Purchase order ${order.purchaseOrderId} ${refusal} and cannot be acknowledged`,
          { field: 'purchaseOrderId', category: 'DATA' },
        );
        return;
      }
      const created = open.filter((l) => l.status === 'Created');
      if (created.length) {
        const now = timeAfter(order.lastModified);
        for (const line of created) {
          line.status = 'Acknowledged';
          line.statusDate = now;
        }
        order.lastModified = now;
        context.changed(seller.sellerId);
      }
      res.json({ order: orderResponse(seller, order) });
    });

    router.get('/v3/webhooks/subscriptions', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'webhooks')) return;
      res.json({ events: seller.subscriptions.map((s) => subscriptionResponse(seller, s)) });
    });

    router.post('/v3/webhooks/subscriptions', (req, res) => {
      const seller = authorise(req, res);
      const events = req.body?.events;
      // Never keep the HMAC secret in the request log.
      const received = req.body;
      req.body = redactSubscriptionBody(received);
      if (!seller || throttled(res, seller.sellerId, 'webhooks')) return;
      if (!Array.isArray(events) || events.length === 0) {
        send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_WEBHOOK_API', 'events must be a non-empty list', {
          field: 'events',
        });
        return;
      }
      const created: WalmartSandboxSubscription[] = [];
      for (const [i, event] of events.entries()) {
        for (const field of ['eventType', 'eventVersion', 'resourceName', 'eventUrl', 'status']) {
          if (typeof event?.[field] !== 'string' || !event[field]) {
            send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_WEBHOOK_API', `events[${i}].${field} is required`, { field });
            return;
          }
        }
        if (
          !['PO_CREATED', 'PO_LINE_AUTOCANCELLED', 'OFFER_UNPUBLISHED', 'BUY_BOX_CHANGED', 'REPORT_STATUS'].includes(
            event.eventType,
          )
        ) {
          send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_WEBHOOK_API', `Unknown eventType ${event.eventType}`, {
            field: 'eventType',
          });
          return;
        }
        let url: URL | undefined;
        try {
          url = new URL(event.eventUrl);
        } catch {
          url = undefined;
        }
        if (!url || !['http:', 'https:'].includes(url.protocol)) {
          send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_WEBHOOK_API', 'eventUrl must be an absolute https URL', {
            field: 'eventUrl',
          });
          return;
        }
        const auth = event.authDetails;
        if (
          auth?.authMethod === 'HMAC' &&
          (typeof auth.clientSecret !== 'string' ||
            !auth.clientSecret ||
            typeof auth.authHeaderName !== 'string' ||
            !auth.authHeaderName)
        ) {
          send(
            res,
            400,
            'INVALID_REQUEST_CONTENT.GMP_WEBHOOK_API',
            'HMAC authDetails need clientSecret and authHeaderName',
            { field: 'authDetails' },
          );
          return;
        }
        created.push({
          subscriptionId: crypto.randomUUID(),
          eventType: event.eventType,
          eventVersion: event.eventVersion,
          resourceName: event.resourceName,
          eventUrl: event.eventUrl,
          status: event.status,
          ...(auth?.authMethod ? { authMethod: String(auth.authMethod) } : {}),
          ...(auth?.authHeaderName ? { authHeaderName: String(auth.authHeaderName) } : {}),
          ...(auth?.authMethod === 'HMAC' ? { hmacSecret: String(auth.clientSecret) } : {}),
        });
      }
      seller.subscriptions.push(...created);
      context.changed(seller.sellerId);
      res.json({ events: created.map((s) => subscriptionResponse(seller, s)) });
    });

    router.delete('/v3/webhooks/subscriptions/:subscriptionId', (req, res) => {
      const seller = authorise(req, res);
      if (!seller || throttled(res, seller.sellerId, 'webhooks')) return;
      const index = seller.subscriptions.findIndex((s) => s.subscriptionId === req.params.subscriptionId);
      if (index < 0) {
        send(res, 404, 'CONTENT_NOT_FOUND.GMP_WEBHOOK_API', `Subscription ${req.params.subscriptionId} not found`, {
          field: 'subscriptionId',
          category: 'DATA',
        });
        return;
      }
      seller.subscriptions.splice(index, 1);
      context.changed(seller.sellerId);
      res.json({ subscriptionId: req.params.subscriptionId, message: 'Subscription deleted successfully' });
    });

    // Anything else below the prefix: Walmart's 404 body rather than Express's HTML.
    router.use((_req, res) =>
      send(res, 404, 'CONTENT_NOT_FOUND.GMP_GATEWAY_API', 'No such resource in the Walmart sandbox', {
        category: 'REQUEST',
      }),
    );
  },
};

/** A GTIN-8/12/13/14 (padded to 14 as Walmart keeps it) whose check digit holds. */
function validGtin(value: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/**
 * One MPItem row checked as Walmart's item setup does: each missing required attribute is a
 * DATA_ERROR of the item in the feed status, in Walmart's words; a valid row sets the item up when
 * the feed is processed.
 */
function itemSetupEntry(row: unknown, index: number): WalmartSandboxFeedItem {
  const r = (row && typeof row === 'object' ? row : {}) as {
    Orderable?: Record<string, unknown>;
    Visible?: Record<string, Record<string, unknown>>;
  };
  const orderable = r.Orderable ?? {};
  const sku = typeof orderable.sku === 'string' ? orderable.sku : '';
  const entry: WalmartSandboxFeedItem = { index, sku, status: 'INPROGRESS' };
  const identifiers = orderable.productIdentifiers as { productIdType?: unknown; productId?: unknown } | undefined;
  const productId = typeof identifiers?.productId === 'string' ? identifiers.productId.trim() : '';
  const [category, visible] = Object.entries(r.Visible ?? {})[0] ?? ['', {}];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const missing: string[] = [];
  if (!sku) missing.push('sku');
  if (!productId) missing.push('productIdentifiers');
  if (!text(orderable.productName)) missing.push('productName');
  if (!text(orderable.brand)) missing.push('brand');
  if (!isMoneyAmount(orderable.price)) missing.push('price');
  if (!category || !text(visible?.mainImageUrl)) missing.push('mainImageUrl');
  if (missing.length > 0) {
    return {
      ...entry,
      status: 'DATA_ERROR',
      error: {
        code: 'ERR_EXT_DATA_0801001',
        description: `Missing required attribute(s): ${missing.join(', ')}. Provide a value for each and submit the item again.`,
      },
    };
  }
  if (!validGtin(productId))
    return {
      ...entry,
      status: 'DATA_ERROR',
      error: {
        code: 'ERR_EXT_DATA_0801002',
        description: `Invalid productId '${productId}': a GTIN must have 8, 12, 13 or 14 digits and a valid check digit.`,
      },
    };
  return {
    ...entry,
    setup: {
      gtin: productId.padStart(14, '0'),
      productName: text(orderable.productName),
      brand: text(orderable.brand),
      price: orderable.price as number,
      productType: category,
      description: text(visible?.shortDescription),
      mainImageUrl: text(visible?.mainImageUrl),
    },
  };
}

/** Sets an item up from its feed row (processMode REPLACE): a new item starts with no stock; a retired one is active again. */
function setUpItem(seller: WalmartSandboxSeller, sku: string, setup: NonNullable<WalmartSandboxFeedItem['setup']>) {
  const existing = seller.items[sku];
  const gtin = setup.gtin;
  seller.items[sku] = {
    sku,
    wpid: existing?.wpid ?? alnum(12),
    gtin,
    upc: gtin.startsWith('00') ? gtin.slice(2) : '',
    productName: setup.productName,
    brand: setup.brand,
    productType: setup.productType,
    price: decimal(setup.price),
    currency: existing?.currency ?? 'USD',
    quantity: existing?.quantity ?? 0,
    publishedStatus: 'PUBLISHED',
    lifecycleStatus: 'ACTIVE',
    attributes: existing?.attributes ?? {},
  };
  if (!seller.skus.includes(sku)) seller.skus.push(sku);
}

function subscriptionResponse(seller: WalmartSandboxSeller, s: WalmartSandboxSubscription) {
  return {
    eventType: s.eventType,
    subscriptionId: s.subscriptionId,
    partnerId: seller.sellerId,
    eventVersion: s.eventVersion,
    resourceName: s.resourceName,
    eventUrl: s.eventUrl,
    status: s.status,
    ...(s.authMethod
      ? { authDetails: { authMethod: s.authMethod, ...(s.authHeaderName ? { authHeaderName: s.authHeaderName } : {}) } }
      : {}),
  };
}
