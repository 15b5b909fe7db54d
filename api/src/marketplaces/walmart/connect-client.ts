/**
 * The raw Walmart Connect Sponsored Search client. Every call carries the partner's signed headers
 * (WM_CONSUMER.ID, WM_SEC.KEY_VERSION, WM_CONSUMER.intimestamp and WM_SEC.AUTH_SIGNATURE, an RSA-SHA256
 * signature of the consumer id, timestamp and key version) and the partner's auth token as
 * `Authorization: Bearer`, goes through marketplaceFetch, and spends from one bucket of operations per
 * partner. It knows paths and payloads, not the neutral shapes (connect-transform.ts does that).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { MarketplaceError } from '../errors.ts';
import { marketplaceFetch, type MarketplaceResponse, type RetryPolicy } from '../shared/http-client.ts';
import { TokenBuckets, type RateLimit } from '../shared/token-bucket.ts';
import { connectPaths, type WalmartConnectEndpoints } from './connect-endpoints.ts';
import { describeConnectError } from './connect-transform.ts';
import type {
  WcAdGroup,
  WcAdGroupItem,
  WcAdGroupItemUpdate,
  WcApiUsage,
  WcCampaign,
  WcCampaignUpdate,
  WcItemResponse,
  WcReportSnapshotRequest,
  WcSnapshot,
} from './connect-types.ts';

/** What Walmart gives a partner at onboarding: the same for every advertiser it reaches. */
export interface WalmartConnectPartner {
  consumerId: string;
  /** WM_SEC.KEY_VERSION, e.g. "1". */
  keyVersion: string;
  /** The RSA private key whose public half the partner registered with Walmart, PEM (PKCS#8 or PKCS#1). */
  privateKey: string;
  /** The auth token sent as `Authorization: Bearer`. */
  authToken: string;
}

/**
 * Walmart Connect limits operations per hour per integrator: "the sum of number of changes requested
 * across all API requests during the hour" (5 bid changes, an ad group, an item and a snapshot request
 * are 8), answering 429 "Retry after 10 minutes" past it. The number is given to each partner, not
 * published (FACTS.md 7.3), so we assume 1,000 an hour, count a read as one operation and a write as
 * one per item, and pace from a bucket of that size. Pass `operationsPerHour` with the partner's own.
 */
export const WALMART_CONNECT_ASSUMED_OPERATIONS_PER_HOUR = 1000;
const perHour = (operations: number): RateLimit => ({ rate: operations / 3600, burst: operations });

/**
 * The signature's freshness: Walmart's signature generator stamps milliseconds since the epoch; the
 * spec says only "Unix epoch format".
 */
const timestampNow = (now: () => number) => String(now());

/**
 * WM_SEC.AUTH_SIGNATURE: base64 of RSA-SHA256 over consumer id, timestamp and key version, each
 * followed by a newline (the order of Walmart's signature generator).
 */
export function connectSignature(
  partner: Pick<WalmartConnectPartner, 'consumerId' | 'keyVersion' | 'privateKey'>,
  timestamp: string,
): string {
  const payload = `${partner.consumerId}\n${timestamp}\n${partner.keyVersion}\n`;
  try {
    return crypto.sign('RSA-SHA256', Buffer.from(payload, 'utf8'), partner.privateKey).toString('base64');
  } catch (error) {
    throw new MarketplaceError('auth', `The Walmart Connect private key cannot sign (${(error as Error).message})`);
  }
}

export interface WalmartConnectClientOptions {
  partner: WalmartConnectPartner;
  endpoints: WalmartConnectEndpoints;
  /** Shared per process, so every adapter of the same partner paces from the same bucket. */
  buckets?: TokenBuckets;
  operationsPerHour?: number;
  retry?: RetryPolicy;
  timeoutMs?: number;
  now?: () => number;
}

const DOWNLOAD_TIMEOUT_MS = 60_000;

export class WalmartConnectClient {
  readonly buckets: TokenBuckets;
  private readonly now: () => number;
  private readonly limit: RateLimit;

  constructor(private readonly options: WalmartConnectClientOptions) {
    this.buckets = options.buckets ?? new TokenBuckets();
    this.now = options.now ?? Date.now;
    this.limit = perHour(options.operationsPerHour ?? WALMART_CONNECT_ASSUMED_OPERATIONS_PER_HOUR);
  }

  /** The headers of one call, signed now. */
  signedHeaders(): Record<string, string> {
    const { partner } = this.options;
    const timestamp = timestampNow(this.now);
    return {
      'WM_CONSUMER.ID': partner.consumerId,
      'WM_SEC.KEY_VERSION': partner.keyVersion,
      'WM_CONSUMER.intimestamp': timestamp,
      'WM_SEC.AUTH_SIGNATURE': connectSignature(partner, timestamp),
      authorization: `Bearer ${partner.authToken}`,
      'user-agent': 'MarketplaceHub/0.1 (Language=TypeScript)',
    };
  }

  private fetchOptions(signal: AbortSignal | undefined) {
    return {
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(signal ? { signal } : {}),
    };
  }

  /** One call costing `operations` of the partner's hourly budget. A 429 comes back as a retryable 'rate_limited'. */
  async call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: {
      query?: Record<string, string | number>;
      body?: unknown;
      operations?: number;
      signal?: AbortSignal;
    } = {},
  ): Promise<MarketplaceResponse<T>> {
    const query = options.query
      ? `?${new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)])).toString()}`
      : '';
    return marketplaceFetch<T>({
      method,
      url: `${this.options.endpoints.api}${path}${query}`,
      headers: { ...this.signedHeaders(), accept: 'application/json' },
      ...(options.body !== undefined ? { body: options.body } : {}),
      limit: {
        buckets: this.buckets,
        key: `walmart-connect:${this.options.partner.consumerId}:operations`,
        rate: this.limit,
        cost: Math.min(this.limit.burst, Math.max(1, options.operations ?? 1)),
      },
      describeError: describeConnectError,
      ...this.fetchOptions(options.signal),
    });
  }

  async listCampaigns(advertiserId: number, signal?: AbortSignal): Promise<WcCampaign[]> {
    const { body } = await this.call<WcCampaign[]>('GET', connectPaths.campaigns, {
      query: { advertiserId },
      ...(signal ? { signal } : {}),
    });
    return Array.isArray(body) ? body : [];
  }

  async listAdGroups(advertiserId: number, campaignId?: number, signal?: AbortSignal): Promise<WcAdGroup[]> {
    const { body } = await this.call<WcAdGroup[]>('GET', connectPaths.adGroups, {
      query: { advertiserId, ...(campaignId !== undefined ? { campaignId } : {}) },
      ...(signal ? { signal } : {}),
    });
    return Array.isArray(body) ? body : [];
  }

  /** Every item of one campaign (the spec takes the campaign only: an ad item list is per campaign). */
  async listAdItems(campaignId: number, signal?: AbortSignal): Promise<WcAdGroupItem[]> {
    const { body } = await this.call<WcAdGroupItem[]>('GET', connectPaths.adItems, {
      query: { campaignId },
      ...(signal ? { signal } : {}),
    });
    return Array.isArray(body) ? body : [];
  }

  /**
   * PUT /api/v1/campaigns with an array of CampaignUpdate. The spec draws the body as one
   * CampaignUpdate, but answers an array of CampaignResponse and Walmart's guide describes batches, so
   * the client sends an array (one item is a batch of one).
   */
  async updateCampaigns(updates: WcCampaignUpdate[], signal?: AbortSignal): Promise<WcItemResponse[]> {
    const { body } = await this.call<WcItemResponse[]>('PUT', connectPaths.campaigns, {
      body: updates,
      operations: updates.length,
      ...(signal ? { signal } : {}),
    });
    return Array.isArray(body) ? body : [body];
  }

  /** PUT /api/v1/adItems with an array of AdGroupItemUpdate (as updateCampaigns, an array). */
  async updateAdItems(updates: WcAdGroupItemUpdate[], signal?: AbortSignal): Promise<WcItemResponse[]> {
    const { body } = await this.call<WcItemResponse[]>('PUT', connectPaths.adItems, {
      body: updates,
      operations: updates.length,
      ...(signal ? { signal } : {}),
    });
    return Array.isArray(body) ? body : [body];
  }

  async createReportSnapshot(request: WcReportSnapshotRequest, signal?: AbortSignal): Promise<WcSnapshot> {
    const { body } = await this.call<WcSnapshot>('POST', connectPaths.snapshotReport, {
      body: request,
      ...(signal ? { signal } : {}),
    });
    return body;
  }

  async getSnapshot(advertiserId: number, snapshotId: string, signal?: AbortSignal): Promise<WcSnapshot> {
    const { body } = await this.call<WcSnapshot>('GET', connectPaths.snapshot, {
      query: { advertiserId, snapshotId },
      ...(signal ? { signal } : {}),
    });
    return body;
  }

  /** The last hour's operations as Walmart counted them. */
  async apiUsage(signal?: AbortSignal): Promise<number> {
    const { body } = await this.call<WcApiUsage>('GET', connectPaths.apiUsage, signal ? { signal } : {});
    return typeof body?.count === 'number' ? body.count : 0;
  }

  /**
   * A finished snapshot's file from the address in its `details`: downloaded with the signed headers
   * (Walmart asks for them on the download too), gunzipped when gzipped, as text.
   */
  async downloadSnapshot(url: string, advertiserId: number, signal?: AbortSignal): Promise<string> {
    const address = new URL(url);
    if (!address.searchParams.has('advertiserId')) address.searchParams.set('advertiserId', String(advertiserId));
    const response = await fetch(address, {
      headers: this.signedHeaders(),
      signal: signal ?? AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
    if (!response.ok)
      throw new MarketplaceError(
        response.status === 401 || response.status === 403
          ? 'auth'
          : response.status >= 500
            ? 'unavailable'
            : 'rejected',
        `The Walmart Connect snapshot download failed (HTTP ${response.status})`,
        { status: response.status },
      );
    const bytes = Buffer.from(await response.arrayBuffer());
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    try {
      return (gzipped ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
    } catch (error) {
      throw new MarketplaceError(
        'unavailable',
        `The Walmart Connect snapshot could not be unpacked (${(error as Error).message})`,
      );
    }
  }
}
