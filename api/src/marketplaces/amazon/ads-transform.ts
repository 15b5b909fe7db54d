/**
 * Amazon Ads payloads ⇄ the neutral advertising shapes (advertising-adapter.ts), pure: campaigns and
 * product ads from Sponsored Products v3, writes to its update payloads, its 207 answers to one
 * outcome per item, and rows of the Reporting v3 spAdvertisedProduct report to daily performance.
 */
import type {
  AdCampaign,
  AdPerformance,
  AdState,
  AdWriteOutcome,
  CampaignUpdate,
  ProductAd,
  ProductAdStateChange,
  SwitchableAdState,
} from '../advertising-adapter.ts';
import type {
  CreateAsyncReportRequest,
  SpAdvertisedProductRow,
  SpBulkOperationResponse,
  SpCampaign,
  SpEntityState,
  SpMutationError,
  SpProductAd,
  SpUpdateCampaign,
  SpWritableEntityState,
} from './ads-types.ts';
import { httpStatusMessage } from '../shared/error-text.ts';

/** Every Sponsored Products v3 create, update and delete takes at most 1,000 items (`maxItems: 1000`). */
export const SP_MAX_ITEMS_PER_WRITE = 1000;

/**
 * Amazon's states beyond the three the lists are filtered to ("only ENABLED, PAUSED and ARCHIVED" are
 * live) read as the nearest: a campaign being enabled is enabled, a proposed one does not serve yet,
 * a deleted one is gone for good.
 */
const adStateOf: Record<SpEntityState, AdState> = {
  ENABLED: 'enabled',
  ENABLING: 'enabled',
  PAUSED: 'paused',
  PROPOSED: 'paused',
  OTHER: 'paused',
  ARCHIVED: 'archived',
  USER_DELETED: 'archived',
};
const spStateOf: Record<SwitchableAdState, SpWritableEntityState> = { enabled: 'ENABLED', paused: 'PAUSED' };

/** Amazon sends money as JSON numbers; the product keeps decimals as strings. */
export const decimalOf = (amount: number | undefined): string =>
  (typeof amount === 'number' && Number.isFinite(amount) ? amount : 0).toFixed(2);

/** A positive decimal with at most two decimals ("25", "25.00"), as the number Budget takes; else undefined. */
export function budgetAmount(decimal: string): number | undefined {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(decimal.trim())) return undefined;
  const amount = Number(decimal);
  return amount > 0 ? amount : undefined;
}

export function campaignFromSp(campaign: SpCampaign, currency: string): AdCampaign {
  return {
    campaignId: campaign.campaignId,
    name: campaign.name,
    state: adStateOf[campaign.state] ?? 'paused',
    dailyBudget: decimalOf(campaign.budget?.budget),
    currency,
    ...(campaign.dynamicBidding?.strategy ? { biddingStrategy: campaign.dynamicBidding.strategy } : {}),
    startDate: campaign.startDate ?? null,
  };
}

/** A seller's ad names its SKU; a vendor's only an ASIN, which then stands in for it. */
export function productAdFromSp(ad: SpProductAd): ProductAd {
  return {
    adId: ad.adId,
    campaignId: ad.campaignId,
    adGroupId: ad.adGroupId,
    sku: ad.sku ?? ad.asin ?? '',
    state: adStateOf[ad.state] ?? 'paused',
  };
}

/** The UpdateCampaign to send, or why the update cannot be sent at all. */
export function campaignUpdateToSp(update: CampaignUpdate): SpUpdateCampaign | { refused: string } {
  const campaign: SpUpdateCampaign = { campaignId: update.campaignId };
  if (update.state !== undefined) campaign.state = spStateOf[update.state];
  if (update.dailyBudget !== undefined) {
    const budget = budgetAmount(update.dailyBudget);
    if (budget === undefined)
      return { refused: `The daily budget must be a positive amount such as 25.00, not "${update.dailyBudget}"` };
    campaign.budget = { budget, budgetType: 'DAILY' };
  }
  return campaign;
}

export const productAdStateToSp = (change: ProductAdStateChange) => ({
  adId: change.adId,
  state: spStateOf[change.state],
});

/** A failed item's errors in Amazon's words: each error's message, with its reason where the message lacks it. */
export function mutationErrorMessage(errors: SpMutationError[] | undefined): string {
  const texts = (errors ?? []).map((error) => {
    const detail = error.errorValue?.[error.errorType] ?? Object.values(error.errorValue ?? {})[0];
    if (!detail) return error.errorType;
    const message = detail.message || error.errorType;
    return detail.reason && !message.includes(detail.reason) ? `${message} (${detail.reason})` : message;
  });
  return texts.length ? texts.join('; ') : 'Amazon refused the item without saying why';
}

/**
 * A 207 answer as one outcome per item sent, in order: success and error items name the item by its
 * index in the request. An item named in neither is not taken for done.
 */
export function bulkOutcomes(
  ids: string[],
  answer: SpBulkOperationResponse<{ index: number }> | undefined,
): AdWriteOutcome[] {
  const outcomes: AdWriteOutcome[] = ids.map((id) => ({
    id,
    ok: false,
    message: 'Amazon answered nothing about this item',
  }));
  for (const item of answer?.success ?? [])
    if (ids[item.index] !== undefined) outcomes[item.index] = { id: ids[item.index]!, ok: true };
  for (const item of answer?.error ?? [])
    if (ids[item.index] !== undefined)
      outcomes[item.index] = { id: ids[item.index]!, ok: false, message: mutationErrorMessage(item.errors) };
  return outcomes;
}

/**
 * An Ads API error body in its own words. Each part of the API words errors its own way: Sponsored
 * Products `{ code, message }`, Reporting `{ code, detail }`, Profiles v2 `{ code, details }`, Login
 * with Amazon `{ error, error_description }`.
 */
export function describeAdsError(status: number, body: unknown): { message: string; code?: string } {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    const code = typeof fields.code === 'string' || typeof fields.code === 'number' ? String(fields.code) : undefined;
    const text = [fields.message, fields.detail, fields.details].find((v): v is string => typeof v === 'string');
    if (text) return { message: text, ...(code ? { code } : {}) };
    if (Array.isArray(fields.errors) && fields.errors.length > 0) {
      const first = fields.errors[0] as { code?: unknown; message?: unknown };
      if (typeof first.message === 'string')
        return { message: first.message, ...(typeof first.code === 'string' ? { code: first.code } : {}) };
    }
    if (typeof fields.error === 'string')
      return {
        message: typeof fields.error_description === 'string' ? fields.error_description : fields.error,
        code: fields.error,
      };
    if (code) return { message: `HTTP ${status} ${code}`, code };
  }
  return httpStatusMessage(status, body);
}

// ---- Reporting v3 ----

/**
 * The spAdvertisedProduct columns asked for: one row per ad and day. Seller accounts' Sponsored
 * Products conversions are counted over 7 days, so sales, orders and units are the 7-day columns
 * (sales7d, purchases7d, unitsSoldClicks7d, as in the spec's SponsoredProductsAdvertisedProductDailyReport).
 */
export const ADVERTISED_PRODUCT_COLUMNS = [
  'date',
  'campaignId',
  'adGroupId',
  'adId',
  'advertisedSku',
  'advertisedAsin',
  'impressions',
  'clicks',
  'cost',
  'sales7d',
  'purchases7d',
  'unitsSoldClicks7d',
] as const;

/** One day per row, for each advertised product (the spec example's groupBy `advertiser`). */
export function advertisedProductReportRequest(startDate: string, endDate: string): CreateAsyncReportRequest {
  return {
    name: `Sponsored Products advertised products, daily, ${startDate} to ${endDate}`,
    startDate,
    endDate,
    configuration: {
      adProduct: 'SPONSORED_PRODUCTS',
      reportTypeId: 'spAdvertisedProduct',
      groupBy: ['advertiser'],
      columns: [...ADVERTISED_PRODUCT_COLUMNS],
      timeUnit: 'DAILY',
      format: 'GZIP_JSON',
    },
  };
}

const idText = (id: unknown): string | null =>
  typeof id === 'string' && id ? id : typeof id === 'number' && Number.isFinite(id) ? String(id) : null;
const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0);
const money = (value: unknown): string => decimalOf(typeof value === 'number' ? value : undefined);

/** The report's rows as daily performance; a row without a date or campaign is no ad's day and is left out. */
export function reportRowsToPerformance(rows: unknown): AdPerformance[] {
  if (!Array.isArray(rows)) return [];
  const found: AdPerformance[] = [];
  for (const candidate of rows) {
    if (!candidate || typeof candidate !== 'object') continue;
    const row = candidate as SpAdvertisedProductRow;
    const campaignId = idText(row.campaignId);
    if (typeof row.date !== 'string' || !campaignId) continue;
    found.push({
      date: row.date,
      campaignId,
      adId: idText(row.adId),
      sku: typeof row.advertisedSku === 'string' && row.advertisedSku ? row.advertisedSku : null,
      impressions: count(row.impressions),
      clicks: count(row.clicks),
      spend: money(row.cost),
      sales: money(row.sales7d),
      orders: count(row.purchases7d),
      units: count(row.unitsSoldClicks7d),
    });
  }
  return found;
}

const DAY_MS = 86_400_000;
/** YYYY-MM-DD naming a real day (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const time = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(value);
}

/**
 * `from`..`to` in windows of at most `maxDays` days, both ends included. Amazon's reporting guide
 * allows a DAILY report 31 days at most (not in the copied spec, which names only the 95-day lookback).
 */
export function reportWindows(from: string, to: string, maxDays = 31): Array<{ startDate: string; endDate: string }> {
  const windows: Array<{ startDate: string; endDate: string }> = [];
  const last = Date.parse(`${to}T00:00:00Z`);
  for (let start = Date.parse(`${from}T00:00:00Z`); start <= last; start += maxDays * DAY_MS) {
    const end = Math.min(last, start + (maxDays - 1) * DAY_MS);
    windows.push({
      startDate: new Date(start).toISOString().slice(0, 10),
      endDate: new Date(end).toISOString().slice(0, 10),
    });
  }
  return windows;
}

/** The report a 425 names: Reporting v3 refuses a duplicate of a report still processing, with its id. */
export function duplicateReportId(detail: string): string | undefined {
  return /duplicate of\s*:?\s*([A-Za-z0-9-]+)/i.exec(detail)?.[1];
}
