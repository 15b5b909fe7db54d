import type { AdCampaign, AdMarketplace, AdPauseReason, AdSku } from '../../api';

/** The ranges the page offers, in days ending today; the address keeps the one chosen (?days=). */
export const adRangeDays = [7, 30, 90] as const;
export type AdRangeDays = (typeof adRangeDays)[number];
export const DEFAULT_RANGE_DAYS: AdRangeDays = 30;

/** The range of `days` days ending on `today` (UTC dates, both included). */
export function rangeOf(days: number, today: Date = new Date()): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(today.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** Each marketplace's own name for its ads. */
export const adProgramNames: Record<AdMarketplace, string> = {
  amazon: 'Amazon Sponsored Products',
  walmart: 'Walmart Sponsored Search',
  ebay: 'eBay Promoted Listings',
};
/** A campaign with no daily budget (eBay's cost-per-sale campaigns): what it pays instead. */
export const NO_DAILY_BUDGET = 'A share of each sale';
export const adAccountNames: Record<AdMarketplace, string> = {
  amazon: 'Amazon Ads',
  walmart: 'Walmart Connect',
  ebay: 'eBay Promoted Listings',
};

export const campaignStateLabels: Record<AdCampaign['state'], string> = {
  enabled: 'Running',
  paused: 'Paused',
  archived: 'Archived',
};
export const campaignStateTones = {
  enabled: 'positive',
  paused: 'neutral',
  archived: 'neutral',
} as const satisfies Record<AdCampaign['state'], string>;

export const pauseReasonLabels: Record<AdPauseReason, string> = {
  out_of_stock: 'out of stock',
  low_cover: 'low stock',
  listing_problem: 'listing suppressed or in error',
};

/** "$412.36" in the account's currency. */
export const money = (amount: string, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));

/** ACoS and TACoS as a percentage with one decimal ("22.0%"); a dash where there is nothing to divide by. */
export const percent = (fraction: number | null) => (fraction === null ? '—' : `${(fraction * 100).toFixed(1)}%`);

/** ROAS as "4.55"; a dash without spend. */
export const roasText = (roas: number | null) => (roas === null ? '—' : roas.toFixed(2));

/** Each marketplace's short name in a SKU's line of ads. */
const marketplaceShortNames: Record<AdMarketplace, string> = { amazon: 'Amazon', walmart: 'Walmart', ebay: 'eBay' };

/**
 * A SKU's ads in a line: "Amazon: running", "Amazon: paused by the rules (out of stock)", "Amazon: campaign
 * paused" (an ad runs only in a running campaign).
 */
export function skuAdsText(ads: AdSku['ads']): string {
  return ads
    .map((ad) => {
      const name = marketplaceShortNames[ad.marketplace];
      if (ad.pausedBy) return `${name}: paused by the rules (${pauseReasonLabels[ad.pausedBy]})`;
      if (ad.state === 'enabled' && ad.campaignState !== null && ad.campaignState !== 'enabled')
        return `${name}: campaign ${campaignStateLabels[ad.campaignState].toLowerCase()}`;
      return `${name}: ${campaignStateLabels[ad.state].toLowerCase()}`;
    })
    .join(', ');
}

/** What a daily budget field holds that the server would take: an amount above 0 with at most two decimals. */
export function budgetProblem(text: string): string | null {
  const value = text.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(value) || Number(value) <= 0)
    return 'Enter an amount above 0 with at most two decimals, such as 25.00.';
  return null;
}

/** The days-of-cover field: a whole number of days from 1 to 365. */
export function coverDaysProblem(text: string): string | null {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value < 1 || value > 365) return 'Enter a whole number of days from 1 to 365.';
  return null;
}
