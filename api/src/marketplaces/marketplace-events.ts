import type { ListingCompetition, MarketplaceEnvironment, MarketplaceOrder, MarketplaceStock } from './types.ts';
import type { TokenBuckets } from './shared/token-bucket.ts';

/**
 * What a marketplace pushes, and what a channel subscribes to, behind one interface per kind (the
 * registry's `marketplaceEvents`). Everything that knows a marketplace's deliveries (signatures,
 * envelopes, payloads) is in its folder's `webhooks.ts`; the app's module records each delivery once,
 * deduplicates by the delivery id read here, and hands the change on.
 */

/** One delivery to a channel's own webhook endpoint, as received: signatures are checked on the raw bytes. */
export interface WebhookDelivery {
  raw: Buffer;
  headers: Headers;
  /** The body as JSON (with what the database cannot store already replaced); undefined when it is not JSON. */
  json(): unknown;
}

/** What the channel's endpoint holds to check a delivery. */
export interface ChannelWebhookSecrets {
  /** The channel's credentials, opened (Walmart signs with the seller's client secret). */
  credentials: Record<string, string>;
  /** The seller as the marketplace named it when the channel was connected (Shopify: the shop's domain). */
  sellerId: string;
  /**
   * Our application's secrets a delivery may be signed with, where the marketplace signs with ours (Shopify):
   * the one in force first, and while a new one is being rolled out, the one it replaces. Empty when not configured.
   */
  applicationSecrets: readonly string[];
  /**
   * The key our endpoint gave the marketplace for this channel, where we choose one (Amazon's EventBridge
   * connection).
   */
  deliveryKey: string;
}

/**
 * What a delivery says changed: orders, one listing's stock (by SKU, or by Shopify inventory item), a
 * product's other values (Shopify's products/update: a title, a variant's price), read again from the
 * channel, or the competition on one of our products.
 */
export type WebhookChange =
  | { kind: 'orders' }
  | { kind: 'stock'; sku?: string; inventoryItemId?: string; quantity?: number }
  | { kind: 'listing' }
  /** Other sellers' offers on one of our products changed (Amazon's ANY_OFFER_CHANGED). */
  | { kind: 'competition'; competition: ListingCompetition }
  /** The problems the marketplace reports on one listing changed (Amazon's LISTINGS_ITEM_ISSUES_CHANGE): read them again. */
  | { kind: 'listing_issues'; sku: string }
  /** The marketplace's own stock of an offer it fulfils changed (Amazon's FBA_INVENTORY_AVAILABILITY_CHANGES). */
  | { kind: 'marketplace_stock'; stock: MarketplaceStock };

/**
 * A delivery read: verified, named (its topic, and the id the marketplace repeats on a redelivery),
 * with what it says changed; or refused, with the status and words to answer the sender.
 */
export type WebhookReading =
  | { ok: true; topic: string; deliveryId: string; payload: unknown; change: WebhookChange }
  | { ok: false; status: 401 | 400; message: string };

/**
 * An order a delivery holds whole, so the sale can count without reading the channel's orders first;
 * `pricesLater`: the marketplace left the prices out (Amazon), for a later read to add.
 */
export interface DeliveredOrder {
  order: MarketplaceOrder;
  pricesLater: boolean;
}

/** Where a channel's events are to go, for MarketplaceAdapter.subscribeToEvents. */
export interface EventDestination {
  environment: MarketplaceEnvironment;
  /** Our endpoint for this channel's deliveries. */
  callbackUrl: string;
  /** The key that endpoint expects in each delivery, where we choose one (Amazon's EventBridge connection). */
  deliveryKey: string;
  /**
   * Where the marketplace delivers to one endpoint per application instead (eBay): that endpoint,
   * registered with our application (found when it is already), as the marketplace's destination id;
   * undefined when our application is not configured.
   */
  applicationDestination?: () => Promise<string | undefined>;
}

/** Our application's own access to a marketplace's notifications in one environment (kept for the process). */
export interface ApplicationTarget {
  environment: MarketplaceEnvironment;
  /** The sandboxes' root, e.g. http://localhost:3000/sandbox; the marketplace adds its own kind. */
  sandboxBaseUrl: string;
  application: { clientId: string; clientSecret: string };
  buckets: TokenBuckets;
  now: () => number;
}

/** What a notification to our application says, once verified. */
export type ApplicationNotice =
  /**
   * A seller's orders changed (eBay's ORDER_CONFIRMATION): the seller as the marketplace names them, and the order
   * where it is named.
   */
  | { kind: 'orders'; topic: string; notificationId: string; seller: string; orderId?: string; payload: unknown }
  /** A seller's account was deleted: every channel of theirs is to be disconnected and its credentials deleted. */
  | { kind: 'account_deleted'; sellerIds: string[]; notificationId: string | undefined }
  /** A topic the app does not act on. */
  | { kind: 'ignored' };

export type ApplicationNoticeReading = { ok: true; notice: ApplicationNotice } | { ok: false; status: 401 | 400 };

/**
 * Our application's connection to a marketplace's notifications: its token, and the keys notifications are signed
 * with.
 */
export interface ApplicationNotificationAccess {
  /**
   * Registers our endpoint with the application (found when registered already, so this is safe to
   * repeat) and subscribes it to the application's own topics (eBay's account deletions, which every
   * application must honour). Answers the destination's id.
   */
  register(endpoint: { name: string; url: string; verificationToken: string }, signal?: AbortSignal): Promise<string>;
  /** Verifies a notification's signature and reads it: 401 when it is not the marketplace's, 400 when unreadable. */
  read(raw: Buffer, signature: string | undefined, json: () => unknown): Promise<ApplicationNoticeReading>;
}

/**
 * Notifications a marketplace sends to one endpoint of our application per environment (eBay), not to each
 * channel's.
 */
export interface ApplicationNotifications {
  /** The answer to the marketplace's check that the endpoint is ours. */
  answerChallenge(challengeCode: string, verificationToken: string, endpoint: string): unknown;
  /** Our application's access in one environment; one per process serves every seller. */
  connect(target: ApplicationTarget): ApplicationNotificationAccess;
}

/**
 * A marketplace's events: the topics a channel subscribes to (through its adapter's
 * subscribeToEvents), and the reading of what the marketplace delivers.
 */
export interface MarketplaceEvents {
  /**
   * The topics every channel subscribes to (its orders), and those the main channel subscribes to
   * besides (its stock levels: a target's are our own values echoed back). A channel made main
   * subscribes to `main` then.
   */
  readonly topics: { readonly channel: readonly string[]; readonly main: readonly string[] };
  /** Verifies and reads a delivery to a channel's own endpoint (where the marketplace delivers per channel). */
  readDelivery?(delivery: WebhookDelivery, secrets: ChannelWebhookSecrets): WebhookReading;
  /** The whole order a verified delivery of this marketplace holds, if it holds one. */
  orderInDelivery?(topic: string, payload: unknown): DeliveredOrder | undefined;
  /** Where the marketplace notifies our application rather than each channel (eBay). */
  readonly application?: ApplicationNotifications;
}
