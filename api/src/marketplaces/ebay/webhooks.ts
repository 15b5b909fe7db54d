/**
 * eBay push notifications (Notification API, commerce_notification_v1): the endpoint challenge, the
 * X-EBAY-SIGNATURE check (ECDSA, key from the Notification API), registering a destination and
 * subscriptions, and reading a notification. eBay notifies one endpoint per application, not one per
 * channel: the seller a notification concerns is named in it.
 */
import crypto from 'node:crypto';
import { MarketplaceError } from '../errors.ts';
import type {
  ApplicationNotice,
  ApplicationNotificationAccess,
  ApplicationNotifications,
  ApplicationTarget,
  MarketplaceEvents,
} from '../marketplace-events.ts';
import { EbayClient } from './ebay-client.ts';
import { ebayEndpointsAt, ebayProduction } from './endpoints.ts';
import type { EbayDestinationSearchResponse, EbayPublicKey } from './types.ts';

export const ebayTopics = {
  orderConfirmation: 'ORDER_CONFIRMATION',
  accountDeletion: 'MARKETPLACE_ACCOUNT_DELETION',
} as const;

/**
 * The answer to `GET {endpoint}?challenge_code=…`: hex(SHA-256(challengeCode + verificationToken + endpoint)),
 * where endpoint is the exact URL registered with eBay (without the query). Send it as JSON with status 200.
 */
export function answerEbayChallenge(
  challengeCode: string,
  verificationToken: string,
  endpoint: string,
): { challengeResponse: string } {
  return {
    challengeResponse: crypto
      .createHash('sha256')
      .update(challengeCode)
      .update(verificationToken)
      .update(endpoint)
      .digest('hex'),
  };
}

/** eBay's keys come as PEM, sometimes on one line: restore the line breaks node expects. */
function toPem(key: string): string {
  const match = /-----BEGIN PUBLIC KEY-----\s*([A-Za-z0-9+/=\s]+?)\s*-----END PUBLIC KEY-----/.exec(key);
  if (!match) return key;
  const body = match[1]!.replace(/\s+/g, '');
  return `-----BEGIN PUBLIC KEY-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/**
 * Whether a notification really comes from eBay: the X-EBAY-SIGNATURE header is base64 JSON
 * { alg: "ecdsa", kid, signature, digest: "SHA256" }, the signature an ECDSA signature of the raw body.
 * Pass the body exactly as received (before any JSON parsing). False for anything malformed.
 */
export async function verifyEbaySignature(
  rawBody: string | Buffer,
  header: string | undefined,
  fetchPublicKey: (kid: string) => Promise<EbayPublicKey | string | undefined>,
): Promise<boolean> {
  if (!header) return false;
  let parsed: { alg?: unknown; kid?: unknown; signature?: unknown; digest?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  if (
    typeof parsed.kid !== 'string' ||
    typeof parsed.signature !== 'string' ||
    String(parsed.alg).toLowerCase() !== 'ecdsa' ||
    String(parsed.digest).toUpperCase() !== 'SHA256'
  )
    return false;
  const fetched = await fetchPublicKey(parsed.kid);
  const key = typeof fetched === 'string' ? fetched : fetched?.key;
  if (!key) return false;
  try {
    return crypto.verify(
      'sha256',
      typeof rawBody === 'string' ? Buffer.from(rawBody) : rawBody,
      toPem(key),
      Buffer.from(parsed.signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/**
 * How eBay's public keys are kept. Anyone can post a notification naming a made-up key id, and each
 * lookup spends our application's Notification API calls (10,000 a day by default), so:
 */
export const ebayPublicKeyPolicy = {
  /** A key is asked for once an hour at most, as eBay recommends. */
  keepKeyMs: 3600_000,
  /** A key id eBay did not give us (unknown to it, or the call failed) is not asked for again meanwhile. */
  keepUnknownMs: 10 * 60_000,
  /**
   * Lookups of key ids not known good, per minute and process; past them a notification naming a new
   * key id is refused without a call, as one we cannot verify. eBay signs with a handful of keys, so
   * a real new one is rare; 3 a minute is at most about 4,300 calls a day.
   */
  newKeyIdsPerMinute: 3,
};
export type EbayPublicKeyPolicy = typeof ebayPublicKeyPolicy;

interface KeptKey {
  /** The key, or undefined for a key id eBay did not give us. */
  lookup: Promise<EbayPublicKey | undefined>;
  /** When to ask eBay again. */
  until: number;
  /** eBay gave us this key: asking again (once it is due) spends nothing of the new key ids' budget. */
  known: boolean;
}

/** GET /public_key/{kid} with an application token, kept by the policy above; undefined for a key id refused. */
export function createEbayPublicKeyFetcher(
  applicationClient: EbayClient,
  options: { now?: () => number; policy?: EbayPublicKeyPolicy } = {},
): (kid: string) => Promise<EbayPublicKey | undefined> {
  const now = options.now ?? Date.now;
  const policy = options.policy ?? ebayPublicKeyPolicy;
  const kept = new Map<string, KeptKey>();
  const newKeyIdLookups = { since: -Infinity, made: 0 };
  const mayLookUpNewKeyId = (at: number) => {
    if (at - newKeyIdLookups.since >= 60_000) Object.assign(newKeyIdLookups, { since: at, made: 0 });
    if (newKeyIdLookups.made >= policy.newKeyIdsPerMinute) return false;
    newKeyIdLookups.made++;
    // Made-up key ids are remembered only for a while: at most the budget's worth stay at once.
    for (const [kid, key] of kept) if (!key.known && key.until <= at) kept.delete(kid);
    return true;
  };
  return (kid) => {
    const at = now();
    const previous = kept.get(kid);
    if (previous && at < previous.until) return previous.lookup;
    if (!previous?.known && !mayLookUpNewKeyId(at)) return Promise.resolve(undefined);
    const lookup = applicationClient
      .request<EbayPublicKey>('notification', { method: 'GET', url: `/public_key/${encodeURIComponent(kid)}` })
      .then(
        ({ body }) => {
          kept.set(kid, { lookup: Promise.resolve(body), until: now() + policy.keepKeyMs, known: true });
          return body;
        },
        () => {
          // A key eBay gave us stays in use until it answers again; any other key id is unknown for a while.
          const stillKept = previous?.known ? previous.lookup : Promise.resolve(undefined);
          kept.set(kid, { lookup: stillKept, until: now() + policy.keepUnknownMs, known: previous?.known ?? false });
          return stillKept;
        },
      );
    // Notifications naming this key id meanwhile wait for the same call.
    kept.set(kid, { lookup, until: Infinity, known: previous?.known ?? false });
    return lookup;
  };
}

const idFromLocation = (headers: Headers, what: string) => {
  const id = headers.get('location')?.split('/').pop();
  if (!id) throw new MarketplaceError('unavailable', `eBay created the ${what} without saying where`);
  return id;
};

/** Registers an endpoint; eBay calls it with a challenge first, so it must already answer answerEbayChallenge. */
export async function createEbayDestination(
  client: EbayClient,
  options: { name: string; endpoint: string; verificationToken: string; signal?: AbortSignal },
): Promise<string> {
  const { headers } = await client.request('notification', {
    method: 'POST',
    url: '/destination',
    body: {
      name: options.name,
      status: 'ENABLED',
      deliveryConfig: { endpoint: options.endpoint, verificationToken: options.verificationToken },
    },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return idFromLocation(headers, 'destination');
}

/**
 * The destination for this endpoint: created, or found when eBay already has it (409, errorId
 * 195021 "Destination exists for this endpoint"), so registering again after a restart is safe.
 */
export async function ensureEbayDestination(
  client: EbayClient,
  options: { name: string; endpoint: string; verificationToken: string; signal?: AbortSignal },
): Promise<string> {
  try {
    return await createEbayDestination(client, options);
  } catch (error) {
    if (!(error instanceof MarketplaceError) || error.details.code !== '195021') throw error;
    const { body } = await client.request<EbayDestinationSearchResponse>('notification', {
      method: 'GET',
      url: '/destination?limit=100',
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const found = body.destinations?.find((d) => d.deliveryConfig?.endpoint === options.endpoint);
    if (!found?.destinationId) throw error;
    return found.destinationId;
  }
}

/**
 * Subscribes a destination to a topic: ORDER_CONFIRMATION with a seller's client, account deletion with the
 * application's.
 */
export async function createEbaySubscription(
  client: EbayClient,
  options: { topicId: string; destinationId: string; signal?: AbortSignal },
): Promise<string> {
  const { headers } = await client.request('notification', {
    method: 'POST',
    url: '/subscription',
    body: {
      topicId: options.topicId,
      status: 'ENABLED',
      destinationId: options.destinationId,
      payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' },
    },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return idFromLocation(headers, 'subscription');
}

/**
 * Subscribes a seller to ORDER_CONFIRMATION (a user topic: the seller's own client), delivered to our
 * application's destination. A subscription that exists already (eBay's 195012) is fine.
 */
export async function subscribeEbaySellerToOrders(
  sellerClient: EbayClient,
  destinationId: string,
  signal?: AbortSignal,
): Promise<void> {
  try {
    await createEbaySubscription(sellerClient, {
      topicId: ebayTopics.orderConfirmation,
      destinationId,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (!(error instanceof MarketplaceError && error.details.code === '195012')) throw error;
  }
}

type EbayNotificationBody = {
  metadata?: { topic?: string };
  notification?: {
    notificationId?: string;
    data?: { username?: string; userId?: string; sellerUsername?: string; orderId?: string };
  };
};

/**
 * What a verified notification says: ORDER_CONFIRMATION (one per line item) names the seller and the
 * order; MARKETPLACE_ACCOUNT_DELETION the eBay user (by id and name) whose data is to be deleted.
 * Undefined when a notification of those topics lacks what it must name.
 */
export function readEbayNotice(body: unknown): ApplicationNotice | undefined {
  const { metadata, notification } = (body ?? {}) as EbayNotificationBody;
  if (metadata?.topic === ebayTopics.orderConfirmation) {
    const seller = notification?.data?.sellerUsername;
    const notificationId = notification?.notificationId;
    if (!seller || !notificationId) return undefined;
    const orderId = notification?.data?.orderId;
    return {
      kind: 'orders',
      topic: ebayTopics.orderConfirmation,
      notificationId,
      seller,
      ...(orderId ? { orderId } : {}),
      payload: body,
    };
  }
  if (metadata?.topic !== ebayTopics.accountDeletion) return { kind: 'ignored' };
  const sellerIds = [notification?.data?.userId, notification?.data?.username].filter((v): v is string => Boolean(v));
  if (sellerIds.length === 0) return undefined;
  return { kind: 'account_deleted', sellerIds, notificationId: notification?.notificationId };
}

/**
 * Our application's own client for an environment: its token (client credentials, good for two hours)
 * serves every call until it nears expiry. eBay allows an application 1,000 such tokens a day, so the
 * caller keeps one access per process: one per seller connected or notification checked would spend
 * them, and their pacing would hold every later connection for over a minute.
 */
function connectEbayApplication(target: ApplicationTarget): ApplicationNotificationAccess {
  const client = new EbayClient({
    endpoints: target.environment === 'sandbox' ? ebayEndpointsAt(`${target.sandboxBaseUrl}/ebay`) : ebayProduction,
    application: target.application,
    grant: 'application',
    sellerKey: `app-${target.environment}`,
    buckets: target.buckets,
  });
  const publicKeys = createEbayPublicKeyFetcher(client, { now: target.now });
  return {
    async register(endpoint, signal) {
      const destinationId = await ensureEbayDestination(client, {
        name: endpoint.name,
        endpoint: endpoint.url,
        verificationToken: endpoint.verificationToken,
        ...(signal ? { signal } : {}),
      });
      // eBay requires every application to honour account deletions; subscribed once, a repeat is refused harmlessly.
      await createEbaySubscription(client, { topicId: ebayTopics.accountDeletion, destinationId }).catch(
        () => undefined,
      );
      return destinationId;
    },
    async read(raw, signature, json) {
      if (!(await verifyEbaySignature(raw, signature, publicKeys).catch(() => false)))
        return { ok: false, status: 401 };
      const body = json();
      if (body === undefined) return { ok: false, status: 400 };
      const notice = readEbayNotice(body);
      return notice ? { ok: true, notice } : { ok: false, status: 400 };
    },
  };
}

export const ebayApplicationNotifications: ApplicationNotifications = {
  answerChallenge: answerEbayChallenge,
  connect: connectEbayApplication,
};

/** eBay's events: ORDER_CONFIRMATION for every channel, delivered to our application's one endpoint. */
export const ebayEvents: MarketplaceEvents = {
  topics: { channel: [ebayTopics.orderConfirmation], main: [] },
  application: ebayApplicationNotifications,
};
