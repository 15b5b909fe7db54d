/**
 * eBay push notifications: the endpoint challenge, the X-EBAY-SIGNATURE check (ECDSA, key from the
 * Notification API), and registering a destination and subscriptions through the Notification API.
 */
import crypto from 'node:crypto';
import { MarketplaceError } from '../errors.ts';
import type { EbayClient } from './ebay-client.ts';
import type { EbayDestinationSearchResponse, EbayPublicKey } from './types.ts';

export const ebayTopics = { orderConfirmation: 'ORDER_CONFIRMATION', accountDeletion: 'MARKETPLACE_ACCOUNT_DELETION' } as const;

/**
 * The answer to `GET {endpoint}?challenge_code=…`: hex(SHA-256(challengeCode + verificationToken + endpoint)),
 * where endpoint is the exact URL registered with eBay (without the query). Send it as JSON with status 200.
 */
export function answerEbayChallenge(challengeCode: string, verificationToken: string, endpoint: string): { challengeResponse: string } {
  return { challengeResponse: crypto.createHash('sha256').update(challengeCode).update(verificationToken).update(endpoint).digest('hex') };
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
  fetchPublicKey: (kid: string) => Promise<EbayPublicKey | string>,
): Promise<boolean> {
  if (!header) return false;
  let parsed: { alg?: unknown; kid?: unknown; signature?: unknown; digest?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(header, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  if (typeof parsed.kid !== 'string' || typeof parsed.signature !== 'string' || String(parsed.alg).toLowerCase() !== 'ecdsa' || String(parsed.digest).toUpperCase() !== 'SHA256') return false;
  const fetched = await fetchPublicKey(parsed.kid);
  const key = typeof fetched === 'string' ? fetched : fetched.key;
  if (!key) return false;
  try {
    return crypto.verify('sha256', typeof rawBody === 'string' ? Buffer.from(rawBody) : rawBody, toPem(key), Buffer.from(parsed.signature, 'base64'));
  } catch {
    return false;
  }
}

/** GET /public_key/{kid} with an application token, each key fetched once per process. */
export function createEbayPublicKeyFetcher(applicationClient: EbayClient): (kid: string) => Promise<EbayPublicKey> {
  const cache = new Map<string, Promise<EbayPublicKey>>();
  return (kid) => {
    let key = cache.get(kid);
    if (!key) {
      key = applicationClient.request<EbayPublicKey>('notification', { method: 'GET', url: `/public_key/${encodeURIComponent(kid)}` }).then((r) => r.body);
      key.catch(() => cache.delete(kid));
      cache.set(kid, key);
    }
    return key;
  };
}

const idFromLocation = (headers: Headers, what: string) => {
  const id = headers.get('location')?.split('/').pop();
  if (!id) throw new MarketplaceError('unavailable', `eBay created the ${what} without saying where`);
  return id;
};

/** Registers an endpoint; eBay calls it with a challenge first, so it must already answer answerEbayChallenge. */
export async function createEbayDestination(client: EbayClient, options: { name: string; endpoint: string; verificationToken: string; signal?: AbortSignal }): Promise<string> {
  const { headers } = await client.request('notification', {
    method: 'POST',
    url: '/destination',
    body: { name: options.name, status: 'ENABLED', deliveryConfig: { endpoint: options.endpoint, verificationToken: options.verificationToken } },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return idFromLocation(headers, 'destination');
}

/**
 * The destination for this endpoint: created, or found when eBay already has it (409, errorId
 * 195021 "Destination exists for this endpoint"), so registering again after a restart is safe.
 */
export async function ensureEbayDestination(client: EbayClient, options: { name: string; endpoint: string; verificationToken: string; signal?: AbortSignal }): Promise<string> {
  try {
    return await createEbayDestination(client, options);
  } catch (error) {
    if (!(error instanceof MarketplaceError) || error.details.code !== '195021') throw error;
    const { body } = await client.request<EbayDestinationSearchResponse>('notification', { method: 'GET', url: '/destination?limit=100', ...(options.signal ? { signal: options.signal } : {}) });
    const found = body.destinations?.find((d) => d.deliveryConfig?.endpoint === options.endpoint);
    if (!found?.destinationId) throw error;
    return found.destinationId;
  }
}

/** Subscribes a destination to a topic: ORDER_CONFIRMATION with a seller's client, account deletion with the application's. */
export async function createEbaySubscription(client: EbayClient, options: { topicId: string; destinationId: string; signal?: AbortSignal }): Promise<string> {
  const { headers } = await client.request('notification', {
    method: 'POST',
    url: '/subscription',
    body: { topicId: options.topicId, status: 'ENABLED', destinationId: options.destinationId, payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' } },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return idFromLocation(headers, 'subscription');
}
