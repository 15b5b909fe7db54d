/**
 * The sandbox's advertising records in the Ads API's own shapes: Sponsored Products v3 entities
 * (SponsoredProductsCampaign, …AdGroup, …ProductAd, with extendedData when asked) in their versioned
 * media types, and the Profiles v2 Profile.
 */
import type {
  AdsAdGroupRecord,
  AdsCampaignRecord,
  AdsEntityState,
  AdsProductAdRecord,
  AdsProfileRecord,
} from './ads-state.ts';
import type { SellerRecord } from './state.ts';

/** The media type of each Sponsored Products v3 entity, for Content-Type and the answer alike. */
export const spMediaTypes = {
  campaign: 'application/vnd.spCampaign.v3+json',
  adGroup: 'application/vnd.spAdGroup.v3+json',
  productAd: 'application/vnd.spProductAd.v3+json',
} as const;

/** extendedData.servingStatus of each entity in each state (CampaignServingStatus, AdGroupServingStatus, AdServingStatus). */
const servingStatus = {
  campaign: { ENABLED: 'CAMPAIGN_STATUS_ENABLED', PAUSED: 'CAMPAIGN_PAUSED', ARCHIVED: 'CAMPAIGN_ARCHIVED' },
  adGroup: { ENABLED: 'AD_GROUP_STATUS_ENABLED', PAUSED: 'AD_GROUP_PAUSED', ARCHIVED: 'AD_GROUP_ARCHIVED' },
  productAd: { ENABLED: 'AD_STATUS_LIVE', PAUSED: 'AD_PAUSED', ARCHIVED: 'AD_ARCHIVED' },
} as const;

const extendedData = (
  record: { createdAt: string; updatedAt: string; state: AdsEntityState },
  statuses: Record<AdsEntityState, string>,
) => ({
  extendedData: {
    creationDateTime: record.createdAt,
    lastUpdateDateTime: record.updatedAt,
    servingStatus: statuses[record.state],
  },
});

/** SponsoredProductsCampaign. */
export const campaignJson = (campaign: AdsCampaignRecord, extended = false) => ({
  campaignId: campaign.campaignId,
  name: campaign.name,
  state: campaign.state,
  targetingType: campaign.targetingType,
  budget: { budget: campaign.budget, budgetType: 'DAILY' },
  startDate: campaign.startDate,
  ...(campaign.endDate !== undefined ? { endDate: campaign.endDate } : {}),
  dynamicBidding: { strategy: campaign.biddingStrategy, placementBidding: [] },
  ...(extended ? extendedData(campaign, servingStatus.campaign) : {}),
});

/** SponsoredProductsAdGroup. */
export const adGroupJson = (group: AdsAdGroupRecord, extended = false) => ({
  adGroupId: group.adGroupId,
  campaignId: group.campaignId,
  name: group.name,
  state: group.state,
  defaultBid: group.defaultBid,
  ...(extended ? extendedData(group, servingStatus.adGroup) : {}),
});

/** SponsoredProductsProductAd, as a seller account's: by SKU. */
export const productAdJson = (ad: AdsProductAdRecord, extended = false) => ({
  adId: ad.adId,
  campaignId: ad.campaignId,
  adGroupId: ad.adGroupId,
  sku: ad.sku,
  state: ad.state,
  ...(extended ? extendedData(ad, servingStatus.productAd) : {}),
});

/** Profiles v2 Profile: the seller's own account on Amazon.com. */
export const profileJson = (seller: SellerRecord, profile: AdsProfileRecord) => ({
  profileId: profile.profileId,
  countryCode: profile.countryCode,
  currencyCode: profile.currencyCode,
  timezone: profile.timezone,
  accountInfo: {
    marketplaceStringId: profile.marketplaceStringId,
    id: seller.sellerId,
    type: 'seller',
    name: profile.accountName,
  },
});
