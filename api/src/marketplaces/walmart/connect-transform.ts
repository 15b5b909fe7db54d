/**
 * Walmart Connect Sponsored Search payloads ⇄ the neutral advertising shapes (advertising-adapter.ts),
 * pure: campaigns and ad items from their lists, writes to CampaignUpdate and AdGroupItemUpdate, the
 * per-item answers (CampaignResponse, AdItemResponse) to one outcome per item, and the adItem report
 * snapshot (CSV) to daily performance.
 */
import type {
  AdCampaign,
  AdPerformance,
  AdState,
  AdWriteOutcome,
  CampaignUpdate,
  ProductAd,
  ProductAdStateChange,
} from '../advertising-adapter.ts';
import type {
  WcAdGroupItem,
  WcAdGroupItemUpdate,
  WcAdItemReportRow,
  WcCampaign,
  WcCampaignStatus,
  WcCampaignUpdate,
  WcItemResponse,
  WcReportSnapshotRequest,
} from './connect-types.ts';
import { httpStatusMessage } from '../shared/error-text.ts';

/**
 * Walmart Connect serves the US only and states money in dollars ("the amount of budget spent in
 * dollars", its report definitions); its payloads carry no currency.
 */
export const WALMART_CONNECT_CURRENCY = 'USD';

/**
 * At most 10 items a write. Walmart's update pages say the batch APIs take "a max batch size of 10"
 * (FACTS.md 7.3: itemIds ≤10 per request); the spec itself names no number.
 */
export const WC_MAX_ITEMS_PER_WRITE = 10;

/**
 * Campaign.status read as the neutral state: running or about to (enabled, live, scheduled,
 * rescheduled) is enabled; paused, and a proposal not yet approved, do not serve; completed has ended
 * and is final here (Walmart can `extend` it, which the neutral switch does not offer).
 */
const campaignStateOf: Record<WcCampaignStatus, AdState> = {
  enabled: 'enabled',
  live: 'enabled',
  scheduled: 'enabled',
  rescheduled: 'enabled',
  proposal: 'paused',
  paused: 'paused',
  completed: 'archived',
};

/** AdGroupItem.status is enabled or disabled; AdGroupItemUpdate may also set `deleted`, which no list answers again. */
const adItemStateOf: Record<string, AdState> = { enabled: 'enabled', disabled: 'paused', deleted: 'archived' };

export const campaignState = (status: string | undefined): AdState =>
  campaignStateOf[status as WcCampaignStatus] ?? 'paused';
export const adItemState = (status: string | undefined): AdState => adItemStateOf[status ?? ''] ?? 'paused';

/** Walmart sends money as JSON numbers; the product keeps decimals as strings. */
export const decimalOf = (amount: unknown): string =>
  (typeof amount === 'number' && Number.isFinite(amount) ? amount : 0).toFixed(2);

export function campaignFromWc(campaign: WcCampaign): AdCampaign {
  return {
    campaignId: String(campaign.campaignId),
    name: campaign.name,
    state: campaignState(campaign.status),
    dailyBudget: decimalOf(campaign.dailyBudget),
    currency: WALMART_CONNECT_CURRENCY,
    ...(campaign.biddingStrategy?.strategy ? { biddingStrategy: campaign.biddingStrategy.strategy } : {}),
    startDate: campaign.startDate ?? null,
  };
}

/**
 * A product ad's id: `<campaignId>:<adGroupId>:<itemId>`. Walmart names an ad item by these three (an
 * AdGroupItemUpdate must carry all of them; the report rows carry them too), so the id is stable, can
 * be written back without a lookup, and matches report rows. `adItemId`, which the list may add, is
 * not used: the update does not take it and the report does not carry it.
 */
export const productAdId = (campaignId: number | string, adGroupId: number | string, itemId: string): string =>
  `${campaignId}:${adGroupId}:${itemId}`;

/** The three parts of a product ad id, or undefined when it is not one this adapter made. */
export function parseProductAdId(adId: string): { campaignId: number; adGroupId: number; itemId: string } | undefined {
  const match = /^(\d{1,10}):(\d{1,10}):(\S+)$/.exec(adId.trim());
  if (!match) return undefined;
  return { campaignId: Number(match[1]), adGroupId: Number(match[2]), itemId: match[3]! };
}

/**
 * An ad item as a product ad. Walmart names the Walmart item, never the seller's SKU: `skuOf` maps it
 * where the caller knows the mapping; otherwise the item id stands in, as an ASIN does on Amazon.
 */
export function productAdFromWc(item: WcAdGroupItem, skuOf: (itemId: string) => string | undefined): ProductAd {
  const itemId = String(item.itemId);
  return {
    adId: productAdId(item.campaignId, item.adGroupId, itemId),
    campaignId: String(item.campaignId),
    adGroupId: String(item.adGroupId),
    sku: skuOf(itemId) ?? itemId,
    state: adItemState(item.status),
  };
}

const CAMPAIGN_ID = /^\d{1,10}$/;
const AMOUNT = /^-?\d{1,9}(\.\d{1,2})?$/;

/**
 * The CampaignUpdate to send, or why it cannot be sent at all. A budget that is a number is sent as it
 * is, zero or negative too: Walmart judges amounts (its minimums differ for 1P and 3P sellers) and its
 * refusal is the one the seller should read.
 */
export function campaignUpdateToWc(update: CampaignUpdate): WcCampaignUpdate | { refused: string } {
  if (!CAMPAIGN_ID.test(update.campaignId.trim()))
    return { refused: `"${update.campaignId}" is not a Walmart Connect campaign id (a number)` };
  const campaign: WcCampaignUpdate = { campaignId: Number(update.campaignId) };
  if (update.state !== undefined) campaign.status = update.state === 'enabled' ? 'enabled' : 'paused';
  if (update.dailyBudget !== undefined) {
    if (!AMOUNT.test(update.dailyBudget.trim()))
      return { refused: `The daily budget must be an amount such as 25.00, not "${update.dailyBudget}"` };
    campaign.dailyBudget = Number(update.dailyBudget);
  }
  if (campaign.status === undefined && campaign.dailyBudget === undefined)
    return { refused: 'Nothing to change: give a state or a daily budget' };
  return campaign;
}

/** The AdGroupItemUpdate to send (enabled or disabled), or why it cannot be sent. */
export function adItemUpdateToWc(change: ProductAdStateChange): WcAdGroupItemUpdate | { refused: string } {
  const parts = parseProductAdId(change.adId);
  if (!parts)
    return { refused: `"${change.adId}" is not a Walmart Connect product ad id (campaignId:adGroupId:itemId)` };
  return { ...parts, status: change.state === 'enabled' ? 'enabled' : 'disabled' };
}

/**
 * A write's answer as one outcome per item sent, in order: Walmart answers an array of
 * CampaignResponse or AdItemResponse, one per item, in the order sent; `failure` carries its words in
 * `details`. An item the answer does not cover is not taken for done.
 */
export function itemOutcomes(ids: string[], answer: unknown): AdWriteOutcome[] {
  const responses: WcItemResponse[] = Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object'
      ? [answer]
      : [];
  return ids.map((id, index) => {
    const response = responses[index];
    if (!response || typeof response !== 'object')
      return { id, ok: false, message: 'Walmart Connect answered nothing about this item' };
    if (response.code === 'success') return { id, ok: true };
    return {
      id,
      ok: false,
      message: response.details?.trim() || 'Walmart Connect refused the item without saying why',
    };
  });
}

/**
 * A refused call's words. Walmart Connect answers `{ code: "failure", details }` (the spec's response
 * shape) or an array of them; its gateway answers `{ details: { Description } }`, and the Marketplace
 * gateway `{ errors: [{ code, description }] }`.
 */
export function describeConnectError(status: number, body: unknown): { message: string; code?: string } {
  const first = Array.isArray(body) ? body[0] : body;
  if (first && typeof first === 'object') {
    const fields = first as Record<string, unknown>;
    if (typeof fields.details === 'string' && fields.details.trim())
      return { message: fields.details.trim(), ...(typeof fields.code === 'string' ? { code: fields.code } : {}) };
    const description = (fields.details as Record<string, unknown> | undefined)?.Description;
    if (typeof description === 'string') return { message: description };
    const error = Array.isArray(fields.errors) ? (fields.errors[0] as Record<string, unknown> | undefined) : undefined;
    if (error && typeof error.description === 'string')
      return { message: error.description, ...(typeof error.code === 'string' ? { code: error.code } : {}) };
    if (typeof fields.message === 'string') return { message: fields.message };
  }
  return httpStatusMessage(status, body);
}

// ---- The adItem report snapshot ----

/**
 * The adItem report's columns asked for: one row per item, ad group, campaign and day. Sales, orders
 * and units over Walmart's 14-day click attribution window (the window its Sponsored Search reports
 * lead with; 3 and 30 days exist too).
 */
export const AD_ITEM_REPORT_METRICS = [
  'date',
  'campaignId',
  'adGroupId',
  'itemId',
  'numAdsShown',
  'numAdsClicks',
  'adSpend',
  'attributedSales14days',
  'attributedOrders14days',
  'attributedUnits14days',
] as const;

export function adItemReportRequest(advertiserId: number, startDate: string, endDate: string): WcReportSnapshotRequest {
  return { advertiserId, reportType: 'adItem', startDate, endDate, reportMetrics: [...AD_ITEM_REPORT_METRICS] };
}

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) as records keyed by the header row. */
export function parseCsv(text: string): Array<Record<string, string>> {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') field += text[++i];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  const [header, ...records] = rows.filter((r) => r.some((value) => value !== ''));
  if (!header) return [];
  return records.map((values) => Object.fromEntries(header.map((name, index) => [name.trim(), values[index] ?? ''])));
}

const count = (value: string | undefined): number => {
  const number = Number(value);
  return value && Number.isFinite(number) ? Math.round(number) : 0;
};
const money = (value: string | undefined): string => decimalOf(value ? Number(value) : undefined);

/** The report's rows as daily performance; a row without a date or campaign is no ad's day and is left out. */
export function reportRowsToPerformance(
  rows: WcAdItemReportRow[],
  skuOf: (itemId: string) => string | undefined,
): AdPerformance[] {
  const found: AdPerformance[] = [];
  for (const row of rows) {
    const date = row.date?.trim().slice(0, 10);
    const campaignId = row.campaignId?.trim();
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || !campaignId) continue;
    const itemId = row.itemId?.trim() || null;
    const adGroupId = row.adGroupId?.trim();
    found.push({
      date,
      campaignId,
      adId: itemId && adGroupId ? productAdId(campaignId, adGroupId, itemId) : null,
      sku: itemId ? (skuOf(itemId) ?? itemId) : null,
      impressions: count(row.numAdsShown),
      clicks: count(row.numAdsClicks),
      spend: money(row.adSpend),
      sales: money(row.attributedSales14days),
      orders: count(row.attributedOrders14days),
      units: count(row.attributedUnits14days),
    });
  }
  return found;
}
