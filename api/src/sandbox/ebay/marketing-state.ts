/**
 * The eBay sandbox's Promoted Listings (Marketing API): each seller's campaigns, the ad group of its
 * CPC campaign, its ads and the report tasks asked of it. Kept on the seller's record (plain JSON,
 * persisted with the seller), seeded when the seller is made. A day's figures are made up from the
 * listing, the date and the funding model alone, so a report says the same every time.
 */
import crypto from 'node:crypto';
import type { SandboxSeller } from './state.ts';

export type PlFundingModel = 'COST_PER_SALE' | 'COST_PER_CLICK';
/** CampaignStatusEnum as the sandbox keeps it (the passing states never arise here). */
export type PlCampaignStatus = 'RUNNING' | 'PAUSED' | 'ENDED';

export interface PlCampaignRecord {
  campaignId: string;
  campaignName: string;
  campaignStatus: PlCampaignStatus;
  fundingModel: PlFundingModel;
  /** CPS: the campaign's ad rate, a percentage ("5.0"). */
  bidPercentage?: string;
  /** CPC: the daily budget in USD ("20.00"). */
  dailyBudget?: string;
  /** UTC timestamp. */
  startDate: string;
  updatedAt: number;
}

export interface PlAdGroupRecord {
  adGroupId: string;
  campaignId: string;
  name: string;
}

export interface PlAdRecord {
  adId: string;
  campaignId: string;
  listingId: string;
  /** The Inventory API SKU of the listing: the ad's inventoryReferenceId (INVENTORY_ITEM). */
  sku: string;
  /** CPS ads: their own ad rate. */
  bidPercentage?: string;
  /** CPC ads. */
  adGroupId?: string;
  adStatus?: 'ACTIVE' | 'PAUSED' | 'ARCHIVED';
}

/** An ad that served when a report was asked for. */
export interface ServingAd {
  campaignId: string;
  adGroupId?: string;
  listingId: string;
  /** CPS: the ad rate its fees were charged at. */
  bidPercentage?: string;
}

export interface PlReportTaskRecord {
  reportTaskId: string;
  reportId: string;
  reportType: string;
  fundingModel: PlFundingModel;
  campaignIds: string[];
  dimensionKeys: string[];
  metricKeys: string[];
  /** As asked (ISO 8601); the days are their dates. */
  dateFrom: string;
  dateTo: string;
  marketplaceId: string;
  createdAt: number;
  doneAt: number;
  serving: ServingAd[];
}

export interface PromotedListingsRecord {
  /** The first day with figures: 30 days before the seller was made. */
  since: string;
  campaigns: Record<string, PlCampaignRecord>;
  adGroups: Record<string, PlAdGroupRecord>;
  ads: Record<string, PlAdRecord>;
  reportTasks: Record<string, PlReportTaskRecord>;
}

type MarketingSeller = SandboxSeller & { promotedListings?: PromotedListingsRecord };

/** The seller's Promoted Listings (absent on sellers saved before the sandbox had them). */
export const promotedListingsOf = (seller: SandboxSeller): PromotedListingsRecord | undefined =>
  (seller as MarketingSeller).promotedListings;

const DAY_MS = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * eBay-like ids (eleven digits) that grow as entities are made: the lists answer in that order,
 * oldest first.
 */
function idsFrom(start = 10_000_000_000 + crypto.randomInt(0, 80_000_000_000)) {
  let last = start;
  return () => String((last += 1 + crypto.randomInt(0, 1000)));
}

/** The seller's first six SKUs are advertised, alternately in each campaign. */
export const ADVERTISED_LISTINGS = 6;
export const SEEDED_AD_RATE = '5.0';
export const SEEDED_DAILY_BUDGET = '20.00';

/**
 * A seller's Promoted Listings: "eBay general" (cost per sale, ad rate 5.0) and "eBay priority" (cost
 * per click, 20.00 a day, one ad group), both running, with an ad for each of the first six SKUs,
 * alternately general and priority.
 */
export function seedPromotedListings(seller: SandboxSeller, now = Date.now()): PromotedListingsRecord {
  const nextId = idsFrom();
  const started = now - 30 * DAY_MS;
  const record: PromotedListingsRecord = {
    since: isoDay(started),
    campaigns: {},
    adGroups: {},
    ads: {},
    reportTasks: {},
  };
  const general: PlCampaignRecord = {
    campaignId: nextId(),
    campaignName: 'eBay general',
    campaignStatus: 'RUNNING',
    fundingModel: 'COST_PER_SALE',
    bidPercentage: SEEDED_AD_RATE,
    startDate: new Date(started).toISOString(),
    updatedAt: now,
  };
  const priority: PlCampaignRecord = {
    campaignId: nextId(),
    campaignName: 'eBay priority',
    campaignStatus: 'RUNNING',
    fundingModel: 'COST_PER_CLICK',
    dailyBudget: SEEDED_DAILY_BUDGET,
    startDate: new Date(started).toISOString(),
    updatedAt: now,
  };
  const adGroup: PlAdGroupRecord = {
    adGroupId: nextId(),
    campaignId: priority.campaignId,
    name: 'eBay priority ad group',
  };
  record.campaigns[general.campaignId] = general;
  record.campaigns[priority.campaignId] = priority;
  record.adGroups[adGroup.adGroupId] = adGroup;
  Object.values(seller.items)
    .slice(0, ADVERTISED_LISTINGS)
    .forEach((item, index) => {
      const adId = nextId();
      record.ads[adId] =
        index % 2 === 0
          ? {
              adId,
              campaignId: general.campaignId,
              listingId: item.listingId,
              sku: item.sku,
              bidPercentage: SEEDED_AD_RATE,
            }
          : {
              adId,
              campaignId: priority.campaignId,
              listingId: item.listingId,
              sku: item.sku,
              adGroupId: adGroup.adGroupId,
              adStatus: 'ACTIVE',
            };
    });
  (seller as MarketingSeller).promotedListings = record;
  return record;
}

/** The ads serving now of these campaigns: the campaign running, and a CPC ad ACTIVE. */
export function servingAds(record: PromotedListingsRecord, campaignIds: string[]): ServingAd[] {
  const wanted = new Set(campaignIds);
  return Object.values(record.ads)
    .filter((ad) => {
      const campaign = record.campaigns[ad.campaignId];
      if (!campaign || !wanted.has(ad.campaignId) || campaign.campaignStatus !== 'RUNNING') return false;
      return campaign.fundingModel === 'COST_PER_SALE' || ad.adStatus === 'ACTIVE';
    })
    .map(({ campaignId, adGroupId, listingId, bidPercentage }) => ({
      campaignId,
      listingId,
      ...(adGroupId ? { adGroupId } : {}),
      ...(bidPercentage ? { bidPercentage } : {}),
    }));
}

/**
 * One listing's day under one funding model, made up from (listing, date, model) alone: a few hundred
 * impressions, a click-through rate of 0.3–1.5 %, a twentieth of the clicks at most buying at 12–60
 * each. A CPC ad pays 0.20–0.90 a click; a CPS ad pays its ad rate on the attributed sales.
 */
export function dailyFigures(listingId: string, date: string, fundingModel: PlFundingModel, adRatePercent = 0) {
  const hash = crypto
    .createHash('sha256')
    .update(`ebay-promoted-listings|${fundingModel}|${listingId}|${date}`)
    .digest();
  const fraction = (offset: number) => hash.readUInt32BE(offset) / 0x1_0000_0000;
  const impressions = 200 + Math.floor(fraction(0) * 1800);
  const clicks = Math.floor(impressions * (0.003 + fraction(4) * 0.012));
  const sales = Math.floor(clicks * fraction(8) * 0.05) + (clicks > 0 && fraction(12) > 0.6 ? 1 : 0);
  const unitPrice = 12 + Math.floor(fraction(16) * 4800) / 100;
  const saleAmount = Math.round(sales * unitPrice * 100) / 100;
  const adFees =
    fundingModel === 'COST_PER_CLICK'
      ? Math.round(clicks * (20 + fraction(20) * 70)) / 100
      : Math.round(saleAmount * adRatePercent) / 100;
  return { impressions, clicks, sales, saleAmount, adFees };
}

/** The days from `from` to `to` (both included) that have figures: from the first day to yesterday. */
export function reportDays(record: PromotedListingsRecord, from: string, to: string, now = Date.now()): string[] {
  const first = from > record.since ? from : record.since;
  const yesterday = isoDay(now - DAY_MS);
  const last = to < yesterday ? to : yesterday;
  const days: string[] = [];
  for (let day = Date.parse(`${first}T00:00:00Z`); isoDay(day) <= last; day += DAY_MS) days.push(isoDay(day));
  return days;
}
