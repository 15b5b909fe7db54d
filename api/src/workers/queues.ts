/** Queue names and their payloads: the one place that says what each job carries. */
export const MAIL_QUEUE = 'mail.send';
export const MAINTENANCE_QUEUE = 'maintenance.cleanup';
export const SYNC_RUN_QUEUE = 'sync.run';
export const ORDERS_POLL_QUEUE = 'orders.read';
/** A channel's buyers' returns read, apart from its orders: Amazon's returns report can take a minute to be ready. */
export const ORDERS_RETURNS_QUEUE = 'orders.read-returns';
export const LISTINGS_PUSH_QUEUE = 'listings.push';
export const LISTINGS_CONFIRM_QUEUE = 'listings.confirm';
export const MAIN_ADJUST_QUEUE = 'stock.adjust-main';
export const MAIN_REFRESH_QUEUE = 'stock.read-main';
export const SYNC_SCHEDULE_QUEUE = 'sync.schedule';
export const LISTINGS_PUBLISH_QUEUE = 'listings.publish';
export const ORDERS_FULFIL_QUEUE = 'orders.fulfil';
export const LIGHT_READ_QUEUE = 'sync.light-read';
/** Every minute: the compliance issues of products changed since their last check, account by account. */
export const COMPLIANCE_SWEEP_QUEUE = 'compliance.sweep';
/** The problems a marketplace reports on one listing, read when it says they changed (Amazon's LISTINGS_ITEM_ISSUES_CHANGE). */
export const LISTING_ISSUES_READ_QUEUE = 'compliance.read-issues';
/** An account's product images not read yet (or read too long ago): their format and size read, the products checked again. */
export const IMAGE_PROBE_QUEUE = 'compliance.read-images';
/** What the categories of an account's listings ask of a listing, read from each marketplace's definition, and their products checked again. */
export const CATEGORY_REQUIREMENTS_QUEUE = 'compliance.read-category-requirements';
/** Every minute: the hours whose orders changed summed into the sales rollup (the Analytics page reads it). */
export const SALES_ROLLUP_QUEUE = 'analytics.rollup';
/** A channel's orders without fees: their fees read from the marketplace, or estimated (modules/analytics/order-fees.ts). */
export const FEES_READ_QUEUE = 'analytics.read-fees';
/** Every minute: alerts raised for causes that appeared (a channel in error, a late order…), resolved for those gone. */
export const ALERTS_EVALUATE_QUEUE = 'alerts.evaluate';
/** An account's new alerts told to its people (mail) and its webhook. */
export const ALERTS_DELIVER_QUEUE = 'alerts.deliver';
/** An advertising account read: its campaigns, its ads and their recent days' figures (modules/advertising). */
export const ADS_SYNC_QUEUE = 'ads.sync';
/** An account's stock-aware ad rules looked at again: ads paused or resumed, each a change. */
export const ADS_RULES_QUEUE = 'ads.apply-rules';
/** An account's ad states of ours sent to the marketplaces. */
export const ADS_SEND_QUEUE = 'ads.send';
/** Every quarter hour: every advertising account read, and every account's ad rules looked at. */
export const ADS_SCHEDULE_QUEUE = 'ads.schedule';

/** Read one advertising account. */
export interface AdsSyncJob {
  accountId: string;
  adAccountId: string;
}

/** Look at an account's ad rules, or send its ad states. */
export interface AdsAccountJob {
  accountId: string;
}

/** Read the fees of a channel's orders that have none yet (asked for by the sales rollup's minute). */
export interface FeesReadJob {
  accountId: string;
  channelId: string;
}

/** Tell the account's alerts not told yet. */
export interface AlertsDeliverJob {
  accountId: string;
}

/** Send a channel's waiting values (one push per channel at a time keeps each SKU's values in order). */
export interface ListingsPushJob {
  accountId: string;
  channelId: string;
}

/** Learn the outcome of values the marketplace took for later processing (a feed, an accepted PATCH). */
export interface ListingsConfirmJob {
  accountId: string;
  channelId: string;
  submissionId: string;
  /** 'feed': read the processing report; 'read-back': read the listings and compare. */
  mode: 'feed' | 'read-back';
  /** How many times the outcome was asked for: the wait between asks grows. */
  check: number;
}

/**
 * Listings on a target channel as the marketplace must hold them:
 * - 'create': create the channel's listings awaiting creation (published), with their values;
 * - 'check': learn how the marketplace's asynchronous creations went (Amazon's ACCEPTED, a Walmart item feed);
 * - 'status': put these listings on sale or take them off, as their status now says (`wait`: how many
 *   times it waited for values of ours on their way there);
 * - 'status-check': learn how statuses the marketplace processes later went (a Walmart item feed).
 */
export type ListingsPublishJob =
  | { mode: 'create'; accountId: string; channelId: string }
  | {
      mode: 'check';
      accountId: string;
      channelId: string;
      check: number;
      submissions: Array<{ submissionId: string; checkBy: 'submission' | 'read'; skus: string[] }>;
    }
  | { mode: 'status'; accountId: string; channelId: string; listingIds: string[]; wait?: number }
  | {
      mode: 'status-check';
      accountId: string;
      channelId: string;
      check: number;
      submissions: Array<{ submissionId: string; listings: Array<{ listingId: string; sku: string }> }>;
    };

/** Pass units sold elsewhere to the main channel as relative adjustments. */
export interface MainAdjustJob {
  accountId: string;
}

/** Read the main channel's quantities of these SKUs again, after a sale or a cancellation there. */
export interface MainRefreshJob {
  accountId: string;
  skus: string[];
  /** The main channel's order behind the read, per SKU, so the change it finds is recorded as that order's. */
  orders?: Record<string, { cause: 'order' | 'cancellation'; causeRef: string; orderId: string }>;
  /**
   * What the main channel's stock notice said it holds, per SKU: a SKU we hold so by the time the job
   * runs (the notice's sale recorded meanwhile, with its units taken off) is not read.
   */
  expect?: Record<string, number>;
}

/**
 * Tell an order's marketplace what the seller did: 'ship' sends one shipment (until the marketplace
 * confirms or refuses it); 'acknowledge' acknowledges newly received orders where the marketplace
 * requires it (Walmart).
 */
export type OrdersFulfilJob =
  | { mode: 'ship'; accountId: string; shipmentId: string }
  | { mode: 'cancel'; accountId: string; cancellationId: string }
  | { mode: 'refund'; accountId: string; refundId: string }
  | { mode: 'acknowledge'; accountId: string; channelId: string; orderIds: string[] }
  /** Target orders created in the main Shopify store (modules/orders/shopify-copies.ts). */
  | { mode: 'shopify-copy'; accountId: string; orderIds: string[] };

/** Read one channel's orders changed since the last read. */
export interface OrdersPollJob {
  accountId: string;
  channelId: string;
  /** 'deliveries': apply the orders that deliveries brought, without reading the marketplace. */
  apply?: 'deliveries';
}

/** Read what the marketplace reports on one listing of a channel (modules/compliance/marketplace-issues.ts). */
export interface ListingIssuesReadJob {
  accountId: string;
  channelId: string;
  sku: string;
}

/** Read the account's images waiting to be read (a batch; the job asks for the next itself). */
export interface ImageProbeJob {
  accountId: string;
}

/** Read the requirements of the account's listings' categories not read yet (a batch; the job asks for the next itself). */
export interface CategoryRequirementsJob {
  accountId: string;
}

/** Read one channel's catalogue for values edited by hand there (modules/reconciliation/light-read.ts). */
export interface LightReadJob {
  accountId: string;
  channelId: string;
}

/** Read a channel's buyers' returns changed since its last returns read. */
export interface ReturnsReadJob {
  accountId: string;
  channelId: string;
}

/** An import (first read of a new main) or a reconciliation of the account, or of one channel. */
export interface SyncRunJob {
  accountId: string;
  runId: string;
}

export const authMailKinds = [
  'verify_email',
  'reset_password',
  'account_exists',
  'team_invitation',
  'shopify_data_request',
] as const;
export type AuthMailKind = (typeof authMailKinds)[number];

/** The job carries who and what, never a token: the handler issues the token when it sends. */
export interface AuthMailJob {
  kind: AuthMailKind;
  /** For a team invitation: the owner who invited. */
  userId: string;
  /** For a team invitation: the invitation the mail carries a link to. */
  invitationId?: string;
  /** For a Shopify customer's data request: what was asked, and which of our records hold the customer's data. */
  dataRequest?: ShopifyDataRequestFacts;
}

/** No contact details: the customer by Shopify's id, orders by their numbers. */
export interface ShopifyDataRequestFacts {
  shopDomain: string;
  customerId: string | null;
  dataRequestId: string | null;
  /** Orders named by the request that we hold, with what of the customer each still keeps. */
  orders: Array<{ orderNumber: string; channel: string; buyerName: boolean; shippingAddress: boolean }>;
  /** How many orders the request named (some may be unknown here). */
  ordersNamed: number;
}

/**
 * `notify`: a job sent to a sync queue wakes an idle worker at once (LISTEN/NOTIFY, on PGlite too)
 * instead of waiting for its next poll; each hop of an order (read, push, confirm) would wait up to
 * a poll otherwise. Delayed jobs and retries are not announced, so workers still poll.
 *
 * `oneAtATimePerKey`: one job runs and one waits per singleton key (a channel is pushed by one
 * worker at a time, in order, and a change made meanwhile is never lost: it waits behind). Built
 * from the 'short' policy (one job waiting per key) and a group per key with a concurrency of one,
 * which the fetch checks against the jobs running now (`onePerKeyWork`). The job that waited was
 * announced when it was sent; the worker busy with its key's job heard it and fetches again as
 * soon as that job ends. pg-boss's 'stately' policy would say the same, but its fetch skips the keys
 * a queue-stats snapshot last saw running (taken every monitorIntervalSeconds, then cached as long
 * again): a channel's next push or read waited up to 20 s after the one before it ended.
 * Heartbeats let another worker take over soon after a worker dies mid-job.
 */
/** How a queue's jobs are retried and how long one may run. */
interface RetryOptions {
  retryLimit: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  retryDelayMax?: number;
  expireInSeconds: number;
}

interface QueueDefinition {
  name: string;
  /** One job per singleton key runs at a time (its group is its key) and one waits. */
  oneAtATimePerKey?: true;
  options: RetryOptions & { notify?: boolean; policy?: 'short' | 'stately' | 'singleton'; heartbeatSeconds?: number };
}

/** A queue woken by NOTIFY when a job is sent, whose running jobs beat: a worker lost is seen within seconds. */
const woken = (name: string, options: RetryOptions & { policy?: 'short' }): QueueDefinition => ({
  name,
  options: { notify: true, heartbeatSeconds: 10, ...options },
});

/** A woken queue that runs one job per key at a time, with one waiting ('short'): a request made while one waits adds none. */
const onePerKey = (name: string, options: RetryOptions): QueueDefinition => ({
  ...woken(name, { policy: 'short', ...options }),
  oneAtATimePerKey: true,
});

export const queueDefinitions: readonly QueueDefinition[] = [
  { name: MAIL_QUEUE, options: { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 } },
  { name: MAINTENANCE_QUEUE, options: { retryLimit: 2, expireInSeconds: 600 } },
  onePerKey(ORDERS_POLL_QUEUE, { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 }),
  // One returns read per channel at a time and one waiting: a read asked for while one runs is not lost.
  onePerKey(ORDERS_RETURNS_QUEUE, { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 600 }),
  onePerKey(LISTINGS_PUSH_QUEUE, {
    retryLimit: 10,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 3600,
  }),
  woken(LISTINGS_CONFIRM_QUEUE, {
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 600,
  }),
  onePerKey(MAIN_ADJUST_QUEUE, {
    retryLimit: 10,
    retryDelay: 1,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 1800,
  }),
  // 'short': one read of a SKU waits at most; notifications arriving meanwhile (our own adjustments echoed back) add none.
  woken(MAIN_REFRESH_QUEUE, {
    policy: 'short',
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 600,
  }),
  // One create run per channel (singleton key) at a time, a second waiting behind; checks and status sends carry their own keys.
  onePerKey(LISTINGS_PUBLISH_QUEUE, {
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 1800,
  }),
  // Each shipment is its own job, grouped by channel (register-workers.ts): one refused or retried never holds back the others; the adapter paces the calls.
  woken(ORDERS_FULFIL_QUEUE, {
    retryLimit: 10,
    retryDelay: 2,
    retryBackoff: true,
    retryDelayMax: 300,
    expireInSeconds: 600,
  }),
  woken(SYNC_RUN_QUEUE, { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 3 * 3600 }),
  // One light read per channel runs and one waits (a notice or the schedule while it reads adds none).
  onePerKey(LIGHT_READ_QUEUE, { retryLimit: 2, retryDelay: 30, expireInSeconds: 1800 }),
  // One read per listing (its singleton key: channel and SKU) runs and one waits: the notices Amazon repeats add none.
  onePerKey(LISTING_ISSUES_READ_QUEUE, { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 300 }),
  // One read of an account's images runs and one waits (its singleton key: the account): checks asking again add none.
  onePerKey(IMAGE_PROBE_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 }),
  // One read of an account's categories runs and one waits (its singleton key: the account), as for images.
  onePerKey(CATEGORY_REQUIREMENTS_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 }),
  { name: SYNC_SCHEDULE_QUEUE, options: { retryLimit: 1, expireInSeconds: 120 } },
  { name: COMPLIANCE_SWEEP_QUEUE, options: { retryLimit: 1, expireInSeconds: 300 } },
  // One run at a time is enough (a second would find the hours taken): a run that waits is dropped.
  { name: SALES_ROLLUP_QUEUE, options: { policy: 'stately', retryLimit: 1, expireInSeconds: 600 } },
  // One fee read per channel runs and one waits: the rollup's minute asking again while one reads adds none.
  onePerKey(FEES_READ_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 }),
  { name: ALERTS_EVALUATE_QUEUE, options: { policy: 'stately', retryLimit: 1, expireInSeconds: 120 } },
  // One read per advertising account runs and one waits; the rules and the sends likewise per account (a stock
  // change asking again while they run adds none, and the one waiting sees it).
  onePerKey(ADS_SYNC_QUEUE, { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 }),
  onePerKey(ADS_RULES_QUEUE, { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 }),
  // A marketplace down or throttling: the states are sent again, further apart each time (sending one twice is harmless).
  onePerKey(ADS_SEND_QUEUE, {
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 300,
  }),
  { name: ADS_SCHEDULE_QUEUE, options: { policy: 'stately', retryLimit: 1, expireInSeconds: 300 } },
  // A webhook or mail server down for a while: tried again for about an hour, further apart each time.
  {
    name: ALERTS_DELIVER_QUEUE,
    options: { policy: 'singleton', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 120 },
  },
];

/** Work options of a one-at-a-time queue: no job is fetched while one of its key (its group) runs. */
export const onePerKeyWork = { groupConcurrency: 1 } as const;

/** Queues whose jobs run one at a time per singleton key (see above); their jobs' group is their key. */
export const oneAtATimePerKeyQueues: ReadonlySet<string> = new Set(
  queueDefinitions.filter((q) => q.oneAtATimePerKey).map((q) => q.name),
);

/** Queues filled by pg-boss's clock (schedules), not by requests. */
export const scheduledQueues = [
  MAINTENANCE_QUEUE,
  SYNC_SCHEDULE_QUEUE,
  COMPLIANCE_SWEEP_QUEUE,
  SALES_ROLLUP_QUEUE,
  ALERTS_EVALUATE_QUEUE,
  ADS_SCHEDULE_QUEUE,
] as const;
