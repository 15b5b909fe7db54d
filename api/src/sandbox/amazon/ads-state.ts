/**
 * The Amazon sandbox's advertising accounts: each seller's advertising profile (Profiles v2) with its
 * Sponsored Products campaigns, ad groups and product ads, and the Reporting v3 reports asked of it.
 * Kept on the seller's record (plain JSON, persisted with the seller), seeded when the seller is made.
 * The figures of a day are made up from the SKU and the date alone, so a report says the same every time.
 */
import crypto from 'node:crypto';
import { AMAZON_SANDBOX_MARKETPLACE_ID, digits, type AmazonSandboxState, type SellerRecord } from './state.ts';

/** The states the sandbox keeps (Amazon's EntityState; ENABLING, PROPOSED and the rest never arise here). */
export type AdsEntityState = 'ENABLED' | 'PAUSED' | 'ARCHIVED';

export interface AdsCampaignRecord {
  campaignId: string;
  name: string;
  state: AdsEntityState;
  targetingType: 'AUTO' | 'MANUAL';
  /** The daily budget, in the profile's currency. */
  budget: number;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate?: string | null;
  biddingStrategy: 'LEGACY_FOR_SALES' | 'AUTO_FOR_SALES' | 'MANUAL' | 'RULE_BASED';
  createdAt: string;
  updatedAt: string;
}

export interface AdsAdGroupRecord {
  adGroupId: string;
  campaignId: string;
  name: string;
  state: AdsEntityState;
  defaultBid: number;
  createdAt: string;
  updatedAt: string;
}

export interface AdsProductAdRecord {
  adId: string;
  campaignId: string;
  adGroupId: string;
  sku: string;
  state: AdsEntityState;
  createdAt: string;
  updatedAt: string;
}

/** An ad that served when its report was asked for (its ad, ad group and campaign all enabled). */
export interface ServingAd {
  adId: string;
  campaignId: string;
  adGroupId: string;
  sku: string;
  asin?: string;
  /** The campaign's start: no figures before it. */
  since: string;
}

/** A report's configuration as the sandbox makes it (AsyncReportConfiguration, spAdvertisedProduct only). */
export interface AdsReportConfiguration {
  adProduct: 'SPONSORED_PRODUCTS';
  reportTypeId: 'spAdvertisedProduct';
  groupBy: string[];
  columns: string[];
  filters: Array<{ field: 'campaignStatus' | 'adStatus'; values: string[] }>;
  timeUnit: 'DAILY' | 'SUMMARY';
  format: 'GZIP_JSON';
}

/** A Reporting v3 report: what was asked, what served then, and when it is made (made on reading, by the clock). */
export interface AdsReportRecord {
  reportId: string;
  name?: string;
  startDate: string;
  endDate: string;
  configuration: AdsReportConfiguration;
  /** The request without its name: a same one asked again while this is being made is a duplicate (425). */
  fingerprint: string;
  createdAt: number;
  processingFrom: number;
  completedAt: number;
  serving: ServingAd[];
}

export interface AdsProfileRecord {
  profileId: number;
  countryCode: 'US';
  currencyCode: 'USD';
  timezone: 'America/Los_Angeles';
  marketplaceStringId: string;
  accountName: string;
  campaigns: Record<string, AdsCampaignRecord>;
  adGroups: Record<string, AdsAdGroupRecord>;
  productAds: Record<string, AdsProductAdRecord>;
  reports: Record<string, AdsReportRecord>;
}

export interface AdvertisingAccount {
  profiles: AdsProfileRecord[];
}

/** A seller as the advertising routes see it: the record, with its advertising account where it has one. */
type AdvertisingSeller = SellerRecord & { advertising?: AdvertisingAccount };

/** The seller's advertising account (absent on sellers saved before the sandbox had one: none). */
export function advertisingOf(seller: SellerRecord): AdvertisingAccount | undefined {
  return (seller as AdvertisingSeller).advertising;
}

/** The profile with this id among every seller's, with its seller. */
export function findProfile(
  state: AmazonSandboxState,
  profileId: string,
): { seller: SellerRecord; profile: AdsProfileRecord } | undefined {
  for (const seller of Object.values(state.sellers)) {
    const profile = advertisingOf(seller)?.profiles.find((p) => String(p.profileId) === profileId);
    if (profile) return { seller, profile };
  }
  return undefined;
}

/** Amazon's ids are digit strings; 15 digits stay exact as JSON numbers too (the reports write them so). */
export const adsEntityId = () => `${1 + crypto.randomInt(9)}${digits(14)}`;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** How many of the catalogue's first SKUs a new seller advertises. */
const ADVERTISED_SKUS = 6;

/**
 * A new seller's advertising: one US profile with two auto-targeted campaigns, "Best sellers"
 * (enabled, 25.00 a day) and "Clearance" (paused, 10.00 a day), started 30 days ago so reports of
 * the last weeks have figures, one ad group each, and an enabled product ad for each of the
 * catalogue's first SKUs, taken in turn by the two campaigns.
 */
export function seedAdvertising(state: AmazonSandboxState, seller: SellerRecord, skus: string[], now = Date.now()) {
  let profileId: number;
  do profileId = Number(adsEntityId());
  while (findProfile(state, String(profileId)));
  const at = new Date(now).toISOString();
  const startDate = isoDay(now - 30 * DAY_MS);
  const profile: AdsProfileRecord = {
    profileId,
    countryCode: 'US',
    currencyCode: 'USD',
    timezone: 'America/Los_Angeles',
    marketplaceStringId: AMAZON_SANDBOX_MARKETPLACE_ID,
    accountName: `Sandbox seller ${seller.sellerId}`,
    campaigns: {},
    adGroups: {},
    productAds: {},
    reports: {},
  };
  const groups = (
    [
      ['Best sellers', 'ENABLED', 25],
      ['Clearance', 'PAUSED', 10],
    ] as const
  ).map(([name, state, budget]) => {
    const campaignId = adsEntityId();
    profile.campaigns[campaignId] = {
      campaignId,
      name,
      state,
      targetingType: 'AUTO',
      budget,
      startDate,
      biddingStrategy: 'LEGACY_FOR_SALES',
      createdAt: at,
      updatedAt: at,
    };
    const adGroupId = adsEntityId();
    profile.adGroups[adGroupId] = {
      adGroupId,
      campaignId,
      name: `${name} ad group`,
      state: 'ENABLED',
      defaultBid: 0.75,
      createdAt: at,
      updatedAt: at,
    };
    return { campaignId, adGroupId };
  });
  skus.slice(0, ADVERTISED_SKUS).forEach((sku, index) => {
    const { campaignId, adGroupId } = groups[index % groups.length]!;
    const adId = adsEntityId();
    profile.productAds[adId] = { adId, campaignId, adGroupId, sku, state: 'ENABLED', createdAt: at, updatedAt: at };
  });
  (seller as AdvertisingSeller).advertising = { profiles: [profile] };
}

/** The ads serving now: enabled, in an enabled ad group of an enabled campaign. */
export function servingAds(profile: AdsProfileRecord, seller: SellerRecord): ServingAd[] {
  return Object.values(profile.productAds)
    .filter(
      (ad) =>
        ad.state === 'ENABLED' &&
        profile.adGroups[ad.adGroupId]?.state === 'ENABLED' &&
        profile.campaigns[ad.campaignId]?.state === 'ENABLED',
    )
    .map((ad) => ({
      adId: ad.adId,
      campaignId: ad.campaignId,
      adGroupId: ad.adGroupId,
      sku: ad.sku,
      ...(seller.items[ad.sku]?.asin ? { asin: seller.items[ad.sku]!.asin } : {}),
      since: profile.campaigns[ad.campaignId]!.startDate,
    }));
}

/**
 * One SKU's day, made up from (sku, date) alone: a few hundred impressions, a click-through rate of
 * 0.3–1.5 %, 0.40–1.60 a click, a tenth of the clicks at most buying, at 12–60 each.
 */
export function dailyFigures(sku: string, date: string) {
  const hash = crypto.createHash('sha256').update(`${sku}|${date}`).digest();
  const fraction = (offset: number) => hash.readUInt32BE(offset) / 0x1_0000_0000;
  const impressions = 200 + Math.floor(fraction(0) * 1800);
  const clicks = Math.floor(impressions * (0.003 + fraction(4) * 0.012));
  const cost = Math.round(clicks * (40 + fraction(8) * 120)) / 100;
  const purchases = Math.floor(clicks * fraction(12) * 0.1);
  const units = purchases + (purchases > 0 && fraction(16) > 0.7 ? 1 : 0);
  const unitPrice = 12 + Math.floor(fraction(20) * 4800) / 100;
  const sales = Math.round(units * unitPrice * 100) / 100;
  return { impressions, clicks, cost, purchases, units, sales };
}
