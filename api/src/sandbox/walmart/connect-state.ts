/**
 * The Walmart sandbox's Walmart Connect (Sponsored Search) accounts: each seller's one advertiser with
 * its campaigns, ad groups, ad items and the report snapshots asked of it. Kept on the seller's record
 * (plain JSON, persisted with the seller), seeded when the seller is made. A day's figures are made up
 * from the item and the date alone, so a report says the same every time.
 */
import crypto from 'node:crypto';
import type { WalmartSandboxSeller, WalmartSandboxState } from './state.ts';

/** Campaign.status as the sandbox keeps it (proposal and rescheduled never arise here). */
export type ConnectCampaignStatus = 'live' | 'enabled' | 'scheduled' | 'paused' | 'completed';

export interface ConnectCampaignRecord {
  campaignId: number;
  name: string;
  status: ConnectCampaignStatus;
  /** Dollars. */
  dailyBudget: number;
  totalBudget: number;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  updatedAt: number;
}

export interface ConnectAdGroupRecord {
  adGroupId: number;
  campaignId: number;
  name: string;
  status: 'enabled' | 'disabled' | 'deleted';
}

export interface ConnectAdItemRecord {
  adItemId: number;
  campaignId: number;
  adGroupId: number;
  /** The Walmart item id of the seller's SKU (made up here: the sandbox's items have no walmart.com page). */
  itemId: string;
  sku: string;
  name: string;
  bid: number;
  status: 'enabled' | 'disabled' | 'deleted';
}

/** An item that served when a report was asked for (item, ad group and campaign all enabled). */
export interface ServingItem {
  campaignId: number;
  adGroupId: number;
  itemId: string;
  sku: string;
}

export interface ConnectSnapshotRecord {
  snapshotId: string;
  reportType: 'adItem';
  startDate: string;
  endDate: string;
  reportMetrics: string[];
  createdAt: number;
  processingFrom: number;
  doneAt: number;
  serving: ServingItem[];
}

export interface ConnectAdvertiserRecord {
  advertiserId: number;
  name: string;
  /** The first day with figures: 30 days before the seller was made. */
  since: string;
  campaigns: Record<string, ConnectCampaignRecord>;
  adGroups: Record<string, ConnectAdGroupRecord>;
  /** Keyed `<adGroupId>:<itemId>`. */
  adItems: Record<string, ConnectAdItemRecord>;
  snapshots: Record<string, ConnectSnapshotRecord>;
}

type ConnectSeller = WalmartSandboxSeller & { walmartConnect?: ConnectAdvertiserRecord };

/** The seller's advertiser (absent on sellers saved before the sandbox had Walmart Connect). */
export const connectOf = (seller: WalmartSandboxSeller): ConnectAdvertiserRecord | undefined =>
  (seller as ConnectSeller).walmartConnect;

/**
 * A seller's advertiser id, from its Marketplace client id: the rule of sandboxAdvertiserId in
 * api/src/marketplaces/walmart/connect-endpoints.ts (Walmart Connect lists no advertisers, so the
 * adapter finds the sandbox seller's one this way). An int32, as the spec's advertiserId.
 */
export function sandboxAdvertiserIdOf(clientId: string): number {
  const hash = crypto.createHash('sha256').update(`advertiser:${clientId}`).digest();
  return 100_000_000 + (hash.readUInt32BE(0) % 900_000_000);
}

/** The advertiser with this id, with its seller. */
export function advertiserWithId(
  state: WalmartSandboxState,
  advertiserId: number,
): { seller: WalmartSandboxSeller; advertiser: ConnectAdvertiserRecord } | undefined {
  for (const seller of Object.values(state.sellers)) {
    const advertiser = connectOf(seller);
    if (advertiser?.advertiserId === advertiserId) return { seller, advertiser };
  }
  return undefined;
}

const DAY_MS = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/**
 * Ids that grow as entities are made (int32, nine digits): the lists answer in that order, oldest
 * first, as the records keyed by id iterate ascending.
 */
function idsFrom(start = 100_000_000 + crypto.randomInt(0, 800_000_000)) {
  let last = start;
  return () => (last += 1 + crypto.randomInt(0, 1000));
}
/**
 * A Walmart item id for a SKU: nine digits, the same for the same seller and SKU (the items API answers
 * productIdType=ITEM_ID with it, listings.ts).
 */
export const itemIdOf = (sellerId: string, sku: string) =>
  String(
    100_000_000 + (crypto.createHash('sha256').update(`${sellerId}|${sku}`).digest().readUInt32BE(0) % 900_000_000),
  );

/** The seller's first six SKUs are advertised, alternately in each campaign. */
export const ADVERTISED_ITEMS = 6;

/**
 * One advertiser per seller: "Walmart best sellers" live at 30.00 a day and "Walmart clearance" paused
 * at 12.00, each with one enabled ad group, and an enabled ad item for each of the first six SKUs.
 */
export function seedWalmartConnect(seller: WalmartSandboxSeller, now = Date.now()): void {
  const startDate = isoDay(now - 30 * DAY_MS);
  const entityId = idsFrom();
  const advertiser: ConnectAdvertiserRecord = {
    advertiserId: sandboxAdvertiserIdOf(seller.clientId),
    name: `Sandbox seller ${seller.sellerId}`,
    since: startDate,
    campaigns: {},
    adGroups: {},
    adItems: {},
    snapshots: {},
  };
  const groups = (
    [
      ['Walmart best sellers', 'live', 30],
      ['Walmart clearance', 'paused', 12],
    ] as const
  ).map(([name, status, dailyBudget]) => {
    const campaignId = entityId();
    advertiser.campaigns[campaignId] = {
      campaignId,
      name,
      status,
      dailyBudget,
      totalBudget: dailyBudget * 100,
      startDate,
      // "To run campaign indefinitely, set its value as 9999-12-30" (Walmart's campaign update guide).
      endDate: '9999-12-30',
      updatedAt: now,
    };
    const adGroupId = entityId();
    advertiser.adGroups[adGroupId] = { adGroupId, campaignId, name: `${name} ad group`, status: 'enabled' };
    return { campaignId, adGroupId };
  });
  seller.skus.slice(0, ADVERTISED_ITEMS).forEach((sku, index) => {
    const { campaignId, adGroupId } = groups[index % groups.length]!;
    const itemId = itemIdOf(seller.sellerId, sku);
    advertiser.adItems[`${adGroupId}:${itemId}`] = {
      adItemId: entityId(),
      campaignId,
      adGroupId,
      itemId,
      sku,
      name: seller.items[sku]?.productName ?? sku,
      bid: 0.6,
      status: 'enabled',
    };
  });
  (seller as ConnectSeller).walmartConnect = advertiser;
}

/** Campaign statuses that serve (or will, by their dates). */
export const SERVING_CAMPAIGN = new Set<string>(['live', 'enabled', 'scheduled']);

/** The items serving now: enabled, in an enabled ad group of a serving campaign. */
export function servingItems(advertiser: ConnectAdvertiserRecord): ServingItem[] {
  return Object.values(advertiser.adItems)
    .filter(
      (item) =>
        item.status === 'enabled' &&
        advertiser.adGroups[item.adGroupId]?.status === 'enabled' &&
        SERVING_CAMPAIGN.has(advertiser.campaigns[item.campaignId]?.status ?? ''),
    )
    .map(({ campaignId, adGroupId, itemId, sku }) => ({ campaignId, adGroupId, itemId, sku }));
}

/**
 * One item's day, made up from (itemId, date) alone: a few hundred impressions, a click-through rate
 * of 0.3–1.5 %, 0.40–1.60 a click, a tenth of the clicks at most buying, at 12–60 each.
 */
export function dailyFigures(itemId: string, date: string) {
  const hash = crypto.createHash('sha256').update(`walmart-connect|${itemId}|${date}`).digest();
  const fraction = (offset: number) => hash.readUInt32BE(offset) / 0x1_0000_0000;
  const impressions = 200 + Math.floor(fraction(0) * 1800);
  const clicks = Math.floor(impressions * (0.003 + fraction(4) * 0.012));
  const adSpend = Math.round(clicks * (40 + fraction(8) * 120)) / 100;
  const orders = Math.floor(clicks * fraction(12) * 0.1);
  const units = orders + (orders > 0 && fraction(16) > 0.7 ? 1 : 0);
  const unitPrice = 12 + Math.floor(fraction(20) * 4800) / 100;
  const sales = Math.round(units * unitPrice * 100) / 100;
  return { impressions, clicks, adSpend, orders, units, sales };
}

/** The days from `from` to `to` (both included) that have figures: from the advertiser's first day to yesterday. */
export function reportDays(advertiser: ConnectAdvertiserRecord, from: string, to: string, now = Date.now()): string[] {
  const first = from > advertiser.since ? from : advertiser.since;
  const yesterday = isoDay(now - DAY_MS);
  const last = to < yesterday ? to : yesterday;
  const days: string[] = [];
  for (let day = Date.parse(`${first}T00:00:00Z`); isoDay(day) <= last; day += DAY_MS) days.push(isoDay(day));
  return days;
}
