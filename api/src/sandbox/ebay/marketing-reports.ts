/**
 * Promoted Listings report tasks as the eBay sandbox makes them (their routes are in marketing.ts):
 * createReportTask (CreateReportTask checked as eBay does, 202 with the task's address), getReportTask
 * (PENDING, then SUCCESS with reportId and reportHref, by the clock) and getReport (the gzipped TSV).
 * CAMPAIGN_PERFORMANCE_REPORT and LISTING_PERFORMANCE_REPORT, one funding model a task. The rows are
 * the ads that served when the task was asked for, each day's figures made up from (listing, date,
 * model) alone (marketing-state.ts dailyFigures).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { RateLimitProfile } from '../shared/sandbox-limits.ts';
import { error, type EbayErrorDetail } from './errors.ts';
import {
  dailyFigures,
  isoDay,
  reportDays,
  servingAds,
  type PlFundingModel,
  type PlReportTaskRecord,
  type PromotedListingsRecord,
} from './marketing-state.ts';

export const DOMAIN_MARKETING = 'API_MARKETING';

const DAY_MS = 86_400_000;
/** eBay names no numbers for {maxDayRange} (35090) and {maxDays} (35105): 90 days a task, two years back, assumed. */
const MAX_DAY_RANGE = 90;
const MAX_DAYS_BACK = 730;
/** Report tasks kept per seller (the oldest are forgotten). */
const KEPT_TASKS = 50;
/** Reports are kept 30 days (ReportTask.reportExpirationDate). */
const REPORT_KEPT_MS = 30 * DAY_MS;
/** eBay says reports "often take time to generate"; scaled as the other sandboxes' jobs are. */
const taskMs: Record<RateLimitProfile, number> = { realistic: 800, fast: 30 };

const REPORT_TYPES = ['CAMPAIGN_PERFORMANCE_REPORT', 'LISTING_PERFORMANCE_REPORT'];
const FUNDING_MODELS: PlFundingModel[] = ['COST_PER_SALE', 'COST_PER_CLICK'];

/** The metric keys of each funding model (eBay's report metadata; CPC keys carry a cpc_ prefix). */
const METRICS: Record<PlFundingModel, string[]> = {
  COST_PER_SALE: ['impressions', 'clicks', 'ctr', 'sales', 'sale_amount', 'ad_fees', 'avg_cost_per_sale'],
  COST_PER_CLICK: [
    'cpc_impressions',
    'cpc_clicks',
    'cpc_ctr',
    'cpc_attributed_sales',
    'cpc_sale_amount_listingsite_currency',
    'cpc_ad_fees_listingsite_currency',
    'cpc_conversion_rate',
    'cpc_return_on_ad_spend',
    'cpc_avg_cost_per_sale',
    'cost_per_click',
  ],
};

/** Each report type's dimension keys: those it requires (per funding model) and those it allows. */
const DIMENSIONS: Record<string, { required: Record<PlFundingModel, string[]>; allowed: string[] }> = {
  CAMPAIGN_PERFORMANCE_REPORT: {
    required: {
      COST_PER_SALE: ['campaign_id', 'listing_id'],
      COST_PER_CLICK: ['campaign_id', 'ad_group_id', 'listing_id'],
    },
    allowed: ['campaign_id', 'ad_group_id', 'listing_id', 'day'],
  },
  LISTING_PERFORMANCE_REPORT: {
    required: { COST_PER_SALE: ['listing_id'], COST_PER_CLICK: ['listing_id'] },
    allowed: ['listing_id', 'campaign_id', 'day'],
  },
};

export interface ReportRequestProblem {
  status: number;
  error: EbayErrorDetail;
}

const problem = (status: number, errorId: number, message: string, category: EbayErrorDetail['category'] = 'REQUEST') =>
  ({ status, error: error(errorId, DOMAIN_MARKETING, message, { category }) }) satisfies ReportRequestProblem;

const strings = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;

/** The funding model a request asks for (COST_PER_SALE unless told), or its problem. */
function fundingModelOf(body: Record<string, unknown>): PlFundingModel | ReportRequestProblem {
  const models = body.fundingModels === undefined ? ['COST_PER_SALE'] : strings(body.fundingModels);
  if (!models || models.length === 0 || models.some((m) => !FUNDING_MODELS.includes(m as PlFundingModel)))
    return problem(400, 35121, `The 'fundingModel' is invalid. Valid values are: ${FUNDING_MODELS.join(', ')}.`);
  if (models.length > 1)
    return problem(
      400,
      35124,
      `Multiple funding models are not supported. Please use one of the following funding models: ${FUNDING_MODELS.join(', ')}`,
    );
  return models[0] as PlFundingModel;
}

/** The date of an ISO 8601 timestamp, or undefined. */
const dateOf = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && Number.isFinite(Date.parse(value))
    ? value.slice(0, 10)
    : undefined;

/** What is wrong with a CreateReportTask for this seller, if anything. */
export function reportTaskProblem(
  body: Record<string, unknown>,
  record: PromotedListingsRecord,
  now: number,
): ReportRequestProblem | undefined {
  const reportType = body.reportType;
  if (typeof reportType !== 'string' || !REPORT_TYPES.includes(reportType))
    return problem(400, 35114, `The 'reportType' is invalid. Valid values are: ${REPORT_TYPES.join(', ')}.`);
  if (body.reportFormat !== 'TSV_GZIP')
    return problem(400, 35118, "The 'reportFormat' is missing or invalid. Valid values are: TSV_GZIP");
  if (typeof body.marketplaceId !== 'string' || !body.marketplaceId)
    return problem(400, 35041, "A 'marketplaceId' is required. Supported marketplaces are: EBAY_US");
  if (body.marketplaceId !== 'EBAY_US')
    return problem(
      409,
      35051,
      `The 'marketplaceId' ${body.marketplaceId} is not supported. Supported marketplaces are: EBAY_US`,
      'BUSINESS',
    );
  const fundingModel = fundingModelOf(body);
  if (typeof fundingModel !== 'string') return fundingModel;

  const dimensions = Array.isArray(body.dimensions) ? (body.dimensions as Array<Record<string, unknown>>) : [];
  const keys = dimensions.map((d) => (d && typeof d === 'object' ? d.dimensionKey : undefined));
  const { required, allowed } = DIMENSIONS[reportType]!;
  const unknownKey = keys.find((k) => typeof k !== 'string' || !allowed.includes(k));
  if (unknownKey !== undefined)
    return problem(
      400,
      35107,
      `The 'dimensionKey' ${String(unknownKey)} is not supported for the 'reportType' ${reportType}. To see the supported dimension keys for a report, use one of the 'Get Metadata' calls.`,
    );
  if (required[fundingModel].some((k) => !keys.includes(k)))
    return problem(
      400,
      35119,
      `The minimum set of 'dimensionKey' is not provided for the 'reportType' ${reportType}. Minimum required dimensionKeys are: ${required[fundingModel].join(', ')}`,
    );

  const metrics = strings(body.metricKeys);
  if (!metrics || metrics.length === 0)
    return problem(
      400,
      35120,
      `At least  one 'metricKey' must be provided for 'reportType' ${reportType}. Valid metricKeys are: ${METRICS[fundingModel].join(', ')}`,
    );
  const otherModel = FUNDING_MODELS.find((m) => m !== fundingModel)!;
  if (metrics.some((m) => METRICS[otherModel].includes(m)))
    return problem(400, 35122, 'The metric key is not supported for the funding model.');
  const unknownMetric = metrics.find((m) => !METRICS[fundingModel].includes(m));
  if (unknownMetric)
    return problem(
      400,
      35115,
      `The 'metricKey' ${unknownMetric} is not supported for the 'reportType' ${reportType}. To see the supported metric keys for a report, use one of the 'Get Metadata' calls.`,
    );

  const from = dateOf(body.dateFrom);
  const to = dateOf(body.dateTo);
  if (!from) return problem(400, 35102, 'The dateFrom date is required for this call.');
  if (!to) return problem(400, 35102, 'The dateTo date is required for this call.');
  if (Date.parse(body.dateFrom as string) > now || Date.parse(body.dateTo as string) > now)
    return problem(400, 35103, 'The date cannot be in future.');
  if (from > to || Date.parse(body.dateFrom as string) >= Date.parse(body.dateTo as string))
    return problem(
      400,
      35104,
      `The report start date ${body.dateFrom as string} cannot be after the end date ${body.dateTo as string}.`,
    );
  if ((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1 > MAX_DAY_RANGE)
    return problem(
      400,
      35090,
      `dateFrom and dateTo span exceeds maximum allowed. Only up to ${MAX_DAY_RANGE} days are supported.`,
    );
  if (from < isoDay(now - MAX_DAYS_BACK * DAY_MS))
    return problem(
      400,
      35105,
      `The report 'dateFrom' ${body.dateFrom as string} is out of range. Reports are limited up to ${MAX_DAYS_BACK} days in the past.`,
    );

  const campaignIds = body.campaignIds === undefined ? [] : strings(body.campaignIds);
  if (!campaignIds) return problem(400, 35045, 'campaignIds must be a list of campaign ids.');
  if (reportType === 'CAMPAIGN_PERFORMANCE_REPORT' && fundingModel === 'COST_PER_SALE' && campaignIds.length === 0)
    return problem(400, 35100, 'Campaign ID is required for this call.');
  for (const campaignId of campaignIds) {
    const campaign = record.campaigns[campaignId];
    if (!campaign) return problem(400, 35045, `No campaign found for ${campaignId}.`);
    if (campaign.fundingModel !== fundingModel)
      return problem(400, 35123, `The campaign ${campaignId} is not a ${fundingModel} campaign.`);
  }
  const listingIds = body.listingIds === undefined ? [] : strings(body.listingIds);
  if (!listingIds) return problem(400, 35013, 'listingIds must be a list of listing ids.');
  if (reportType === 'LISTING_PERFORMANCE_REPORT' && fundingModel === 'COST_PER_SALE' && listingIds.length === 0)
    return problem(400, 35113, 'The listing ID is required for this call.');
  if (listingIds.length > 500)
    return problem(
      409,
      35068,
      'You have exceeded the maximum number of listing IDs. Only 500 listings are supported per call.',
      'BUSINESS',
    );
  return undefined;
}

/** A new task (the request already checked) of the ads that serve now, done by the profile's clock. */
export function createReportTask(
  record: PromotedListingsRecord,
  body: Record<string, unknown>,
  profile: RateLimitProfile,
  now = Date.now(),
): PlReportTaskRecord {
  const fundingModel = fundingModelOf(body) as PlFundingModel;
  const asked = strings(body.campaignIds) ?? [];
  const campaignIds = asked.length
    ? asked
    : Object.values(record.campaigns)
        .filter((c) => c.fundingModel === fundingModel)
        .map((c) => c.campaignId);
  const listingIds = new Set(strings(body.listingIds) ?? []);
  const task: PlReportTaskRecord = {
    reportTaskId: crypto.randomUUID(),
    reportId: crypto.randomUUID(),
    reportType: body.reportType as string,
    fundingModel,
    campaignIds,
    dimensionKeys: (body.dimensions as Array<{ dimensionKey: string }>).map((d) => d.dimensionKey),
    metricKeys: body.metricKeys as string[],
    dateFrom: body.dateFrom as string,
    dateTo: body.dateTo as string,
    marketplaceId: body.marketplaceId as string,
    createdAt: now,
    doneAt: now + taskMs[profile],
    serving: servingAds(record, campaignIds).filter((ad) => listingIds.size === 0 || listingIds.has(ad.listingId)),
  };
  record.reportTasks[task.reportTaskId] = task;
  const ids = Object.keys(record.reportTasks);
  for (const old of ids.slice(0, Math.max(0, ids.length - KEPT_TASKS))) delete record.reportTasks[old];
  return task;
}

/** The task's ReportTask now; `reportHref` is its file's address once it is done. */
export function reportTaskJson(task: PlReportTaskRecord, reportHref: string, now = Date.now()) {
  const done = now >= task.doneAt;
  return {
    reportTaskId: task.reportTaskId,
    reportTaskStatus: done ? 'SUCCESS' : 'PENDING',
    reportTaskStatusMessage: done ? 'The report is ready.' : 'The report is being generated.',
    reportName: `${task.reportType}_${task.reportTaskId.slice(0, 8)}`,
    reportType: task.reportType,
    reportFormat: 'TSV_GZIP',
    marketplaceId: task.marketplaceId,
    fundingModels: [task.fundingModel],
    campaignIds: task.campaignIds,
    dateFrom: task.dateFrom,
    dateTo: task.dateTo,
    dimensions: task.dimensionKeys.map((dimensionKey) => ({ dimensionKey })),
    metricKeys: task.metricKeys,
    reportTaskCreationDate: new Date(task.createdAt).toISOString(),
    reportTaskExpectedCompletionDate: new Date(task.doneAt).toISOString(),
    ...(done
      ? {
          reportTaskCompletionDate: new Date(task.doneAt).toISOString(),
          reportId: task.reportId,
          reportHref,
          reportExpirationDate: new Date(task.doneAt + REPORT_KEPT_MS).toISOString(),
        }
      : {}),
  };
}

const ratio = (part: number, whole: number, scale = 1) => (whole > 0 ? ((part / whole) * scale).toFixed(2) : '0.00');

/** One serving ad's day as the metric values eBay names. */
function metricValues(
  task: PlReportTaskRecord,
  listingId: string,
  date: string,
  bidPercentage: string | undefined,
): Record<string, string | number> {
  const f = dailyFigures(listingId, date, task.fundingModel, Number(bidPercentage ?? 0));
  const money = (n: number) => n.toFixed(2);
  return task.fundingModel === 'COST_PER_CLICK'
    ? {
        cpc_impressions: f.impressions,
        cpc_clicks: f.clicks,
        cpc_ctr: ratio(f.clicks, f.impressions, 100),
        cpc_attributed_sales: f.sales,
        cpc_sale_amount_listingsite_currency: money(f.saleAmount),
        cpc_ad_fees_listingsite_currency: money(f.adFees),
        cpc_conversion_rate: ratio(f.sales, f.clicks, 100),
        cpc_return_on_ad_spend: ratio(f.saleAmount, f.adFees),
        cpc_avg_cost_per_sale: ratio(f.adFees, f.sales),
        cost_per_click: ratio(f.adFees, f.clicks),
      }
    : {
        impressions: f.impressions,
        clicks: f.clicks,
        ctr: ratio(f.clicks, f.impressions, 100),
        sales: f.sales,
        sale_amount: money(f.saleAmount),
        ad_fees: money(f.adFees),
        avg_cost_per_sale: ratio(f.adFees, f.sales),
      };
}

/**
 * The task's file, once done: gzipped TSV, a header of the dimension keys then the metric keys asked,
 * one row per serving ad and day with figures. A simplification: without `day` among the dimensions
 * the rows are still one per day (eBay would sum them).
 */
export function reportFile(
  record: PromotedListingsRecord,
  task: PlReportTaskRecord,
  now = Date.now(),
): Buffer | undefined {
  if (now < task.doneAt) return undefined;
  const columns = [...task.dimensionKeys, ...task.metricKeys];
  const lines = [columns.join('\t')];
  const days = reportDays(record, task.dateFrom.slice(0, 10), task.dateTo.slice(0, 10), task.createdAt);
  for (const day of days)
    for (const ad of task.serving) {
      const values: Record<string, string | number> = {
        campaign_id: ad.campaignId,
        ad_group_id: ad.adGroupId ?? '',
        listing_id: ad.listingId,
        day,
        ...metricValues(task, ad.listingId, day, ad.bidPercentage),
      };
      lines.push(columns.map((column) => String(values[column] ?? '')).join('\t'));
    }
  return zlib.gzipSync(Buffer.from(`${lines.join('\n')}\n`, 'utf8'));
}
