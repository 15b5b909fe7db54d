/**
 * Walmart Connect Sponsored Search behind the AdvertisingAdapter contract: campaigns and their ad items
 * through the list calls (whole arrays: the spec's lists do not page), writes in batches of up to 10
 * answered item by item, and daily figures through an adItem report snapshot (requested, polled,
 * downloaded as gzipped CSV). Every call acts on one advertiser the partner was granted; writes set
 * absolute values, so sending one again is harmless.
 *
 * Product ad ids are `<campaignId>:<adGroupId>:<itemId>` (connect-transform.ts productAdId): Walmart
 * names an ad item by those three.
 */
import type {
  AdCampaign,
  AdPerformance,
  AdWriteOutcome,
  AdvertisingAdapter,
  CampaignUpdate,
  ProductAd,
  ProductAdStateChange,
} from '../advertising-adapter.ts';
import { isCalendarDate, reportWindows } from '../amazon/ads-transform.ts';
import { MarketplaceError } from '../errors.ts';
import type { RetryPolicy } from '../shared/http-client.ts';
import { type TokenBuckets } from '../shared/token-bucket.ts';
import { pollReport, type ReportPolling } from '../shared/report-polling.ts';
import { WalmartConnectClient, type WalmartConnectPartner } from './connect-client.ts';
import { connectProductionEndpoints, type WalmartConnectEndpoints } from './connect-endpoints.ts';
import {
  WC_MAX_ITEMS_PER_WRITE,
  adItemReportRequest,
  adItemUpdateToWc,
  campaignFromWc,
  campaignUpdateToWc,
  itemOutcomes,
  parseCsv,
  productAdFromWc,
  reportRowsToPerformance,
} from './connect-transform.ts';
import type { WcAdItemReportRow, WcSnapshot } from './connect-types.ts';

export interface WalmartConnectCredentials {
  partner: WalmartConnectPartner;
  /** The advertiser (Walmart Connect's advertiserId, an int32) the adapter acts on: the ad account's externalId. */
  advertiserId: string;
}

/**
 * How a snapshot is waited for. Walmart makes reports from data it refreshes once a day and asks that
 * they be pulled once a day; a snapshot takes minutes. A snapshot not ready when the wait is over is
 * asked for again next time.
 */
export type SnapshotPolling = ReportPolling;
export const defaultSnapshotPolling: SnapshotPolling = {
  firstDelayMs: 5_000,
  maxDelayMs: 60_000,
  giveUpAfterMs: 15 * 60_000,
};

export interface WalmartConnectAdapterOptions {
  buckets?: TokenBuckets;
  /** The partner's hourly operations, when Walmart told it (the client assumes 1,000). */
  operationsPerHour?: number;
  retry?: RetryPolicy;
  timeoutMs?: number;
  snapshotPolling?: Partial<SnapshotPolling>;
  /**
   * The seller's SKU of each Walmart item id, where the caller can tell (Walmart Connect names items,
   * never SKUs); without it, or for an item it does not know, the item id stands in for the SKU.
   */
  skusOfItems?: (itemIds: string[], signal?: AbortSignal) => Promise<Record<string, string>>;
}

export interface WalmartConnectAdapter extends AdvertisingAdapter {
  readonly kind: 'walmart';
  readonly client: WalmartConnectClient;
  readonly advertiserId: number;
}

/** An advertiser the partner may act on, as found by listWalmartConnectAdvertisers. */
export interface WalmartConnectAdvertiser {
  advertiserId: number;
  /** Its campaigns now (not deleted). */
  campaigns: number;
}

const ADVERTISER_ID = /^\d{1,10}$/;

/**
 * The advertisers among `advertiserIds` that the partner may act on. Walmart Connect has no call that
 * lists a partner's advertisers (a seller grants a partner access in its Ad Center and tells it the
 * id), so each one is tried with a campaign list: answered, it is reachable; refused (401, 403, 404),
 * it is not. Any other failure is thrown.
 */
export async function listWalmartConnectAdvertisers(
  partner: WalmartConnectPartner,
  advertiserIds: string[],
  endpoints: WalmartConnectEndpoints = connectProductionEndpoints(),
  options: Pick<WalmartConnectAdapterOptions, 'buckets' | 'retry' | 'timeoutMs' | 'operationsPerHour'> = {},
  signal?: AbortSignal,
): Promise<WalmartConnectAdvertiser[]> {
  const client = new WalmartConnectClient({ partner, endpoints, ...options });
  const found: WalmartConnectAdvertiser[] = [];
  for (const id of new Set(advertiserIds.map((candidate) => candidate.trim()))) {
    if (!ADVERTISER_ID.test(id)) continue;
    try {
      const campaigns = await client.listCampaigns(Number(id), signal);
      found.push({ advertiserId: Number(id), campaigns: campaigns.length });
    } catch (error) {
      const refused =
        error instanceof MarketplaceError &&
        (error.kind === 'auth' || error.details.status === 403 || error.details.status === 404);
      if (!refused) throw error;
    }
  }
  return found;
}

function inChunks<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Whether Walmart refused the request itself (its body or an id in it), not the call's circumstances. */
const isRefusal = (error: unknown): error is MarketplaceError =>
  error instanceof MarketplaceError && error.kind === 'rejected';

/**
 * Writes in batches of at most 10, one outcome per item in the order given. Walmart refuses a whole
 * batch with 400 when one item is invalid; then each item of that batch is sent alone, so the
 * refusal lands on the item it is about and the others are still made.
 */
async function writeInBatches<Payload>(
  items: Array<{ id: string; payload: Payload }>,
  send: (payloads: Payload[]) => Promise<unknown>,
): Promise<AdWriteOutcome[]> {
  const outcomes: AdWriteOutcome[] = [];
  for (const chunk of inChunks(items, WC_MAX_ITEMS_PER_WRITE)) {
    try {
      outcomes.push(
        ...itemOutcomes(
          chunk.map((item) => item.id),
          await send(chunk.map((item) => item.payload)),
        ),
      );
    } catch (error) {
      if (!isRefusal(error)) throw error;
      if (chunk.length === 1) {
        outcomes.push({ id: chunk[0]!.id, ok: false, message: error.message });
        continue;
      }
      for (const item of chunk) {
        try {
          outcomes.push(...itemOutcomes([item.id], await send([item.payload])));
        } catch (alone) {
          if (!isRefusal(alone)) throw alone;
          outcomes.push({ id: item.id, ok: false, message: alone.message });
        }
      }
    }
  }
  return outcomes;
}

/** Writes the transform may refuse before sending: refusals in place, the rest sent in batches. */
async function writeAll<Update, Payload>(
  updates: Update[],
  idOf: (update: Update) => string,
  toPayload: (update: Update) => Payload | { refused: string },
  send: (payloads: Payload[]) => Promise<unknown>,
): Promise<AdWriteOutcome[]> {
  const outcomes: AdWriteOutcome[] = [];
  const sendable: Array<{ position: number; id: string; payload: Payload }> = [];
  updates.forEach((update, position) => {
    const payload = toPayload(update);
    if (payload && typeof payload === 'object' && 'refused' in payload)
      outcomes[position] = { id: idOf(update), ok: false, message: (payload as { refused: string }).refused };
    else sendable.push({ position, id: idOf(update), payload: payload as Payload });
  });
  const sent = await writeInBatches(sendable, send);
  sent.forEach((outcome, index) => (outcomes[sendable[index]!.position] = outcome));
  return outcomes;
}

export function createWalmartConnectAdapter(
  credentials: WalmartConnectCredentials,
  endpoints: WalmartConnectEndpoints = connectProductionEndpoints(),
  options: WalmartConnectAdapterOptions = {},
): WalmartConnectAdapter {
  const advertiserText = credentials.advertiserId.trim();
  if (!ADVERTISER_ID.test(advertiserText))
    throw new MarketplaceError('rejected', `"${credentials.advertiserId}" is not a Walmart Connect advertiser id`);
  const advertiserId = Number(advertiserText);
  const client = new WalmartConnectClient({
    partner: credentials.partner,
    endpoints,
    ...(options.buckets ? { buckets: options.buckets } : {}),
    ...(options.operationsPerHour ? { operationsPerHour: options.operationsPerHour } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const polling = { ...defaultSnapshotPolling, ...options.snapshotPolling };

  /** The SKU lookup for these items (item id for SKU where none is known). */
  async function skuLookup(itemIds: string[], signal?: AbortSignal): Promise<(itemId: string) => string | undefined> {
    if (!options.skusOfItems || itemIds.length === 0) return () => undefined;
    const known = await options.skusOfItems([...new Set(itemIds)], signal);
    return (itemId) => known[itemId];
  }

  /** getSnapshot until done, failed or expired, slowing down as it waits; undefined when the wait is over. */
  function finishedSnapshot(snapshotId: string, signal?: AbortSignal): Promise<WcSnapshot | undefined> {
    return pollReport(
      (s) => client.getSnapshot(advertiserId, snapshotId, s),
      (snapshot) =>
        snapshot.jobStatus === 'done' || snapshot.jobStatus === 'failed' || snapshot.jobStatus === 'expired',
      polling,
      signal,
    );
  }

  async function reportRows(startDate: string, endDate: string, signal?: AbortSignal): Promise<WcAdItemReportRow[]> {
    const created = await client.createReportSnapshot(adItemReportRequest(advertiserId, startDate, endDate), signal);
    if (created.code === 'failure' || !created.snapshotId)
      throw new MarketplaceError(
        'rejected',
        `Walmart Connect refused the report: ${created.details || 'no snapshot id in its answer'}`,
      );
    const snapshot = await finishedSnapshot(created.snapshotId, signal);
    if (!snapshot)
      throw new MarketplaceError(
        'unavailable',
        `Walmart Connect is still making snapshot ${created.snapshotId}; ask again later`,
      );
    if (snapshot.jobStatus !== 'done' || !snapshot.details)
      throw new MarketplaceError(
        'unavailable',
        `Walmart Connect could not make snapshot ${created.snapshotId} (${snapshot.jobStatus ?? 'no status'})`,
      );
    return parseCsv(await client.downloadSnapshot(snapshot.details, advertiserId, signal));
  }

  return {
    kind: 'walmart',
    client,
    advertiserId,

    async listCampaigns(signal?: AbortSignal): Promise<AdCampaign[]> {
      return (await client.listCampaigns(advertiserId, signal)).map(campaignFromWc);
    },

    updateCampaigns(updates: CampaignUpdate[], signal?: AbortSignal): Promise<AdWriteOutcome[]> {
      return writeAll(
        updates,
        (update) => update.campaignId,
        campaignUpdateToWc,
        (payloads) => client.updateCampaigns(payloads, signal),
      );
    },

    /** Ad items are listed per campaign: one call per campaign (deleted campaigns are not listed). */
    async listProductAds(signal?: AbortSignal): Promise<ProductAd[]> {
      const campaigns = await client.listCampaigns(advertiserId, signal);
      const items = [];
      for (const campaign of campaigns) items.push(...(await client.listAdItems(campaign.campaignId, signal)));
      const skuOf = await skuLookup(
        items.map((item) => String(item.itemId)),
        signal,
      );
      return items.map((item) => productAdFromWc(item, skuOf));
    },

    setProductAdStates(updates: ProductAdStateChange[], signal?: AbortSignal): Promise<AdWriteOutcome[]> {
      return writeAll(
        updates,
        (change) => change.adId,
        adItemUpdateToWc,
        (payloads) => client.updateAdItems(payloads, signal),
      );
    },

    async dailyPerformance(from: string, to: string, signal?: AbortSignal): Promise<AdPerformance[]> {
      if (!isCalendarDate(from) || !isCalendarDate(to) || from > to)
        throw new MarketplaceError('rejected', 'A report needs two dates, YYYY-MM-DD, the first not after the second');
      // Walmart's figures are a day's once the day is over (a snapshot cannot include today): asked up to yesterday.
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const until = to > yesterday ? yesterday : to;
      if (from > until) return [];
      const rows: WcAdItemReportRow[] = [];
      // Windows of 31 days: Walmart publishes no longest range for a snapshot; its reportDate looks back 90 days.
      for (const window of reportWindows(from, until))
        rows.push(...(await reportRows(window.startDate, window.endDate, signal)));
      const skuOf = await skuLookup(rows.map((row) => row.itemId?.trim() ?? '').filter(Boolean), signal);
      return reportRowsToPerformance(rows, skuOf)
        .filter((row) => row.date >= from && row.date <= to)
        .sort(
          (a, b) =>
            a.date.localeCompare(b.date) ||
            (a.adId ?? '').localeCompare(b.adId ?? '') ||
            a.campaignId.localeCompare(b.campaignId),
        );
    },
  };
}

export type { WalmartConnectEndpoints, WalmartConnectPartner };
