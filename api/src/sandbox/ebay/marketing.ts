/**
 * eBay's Marketing API (Promoted Listings) as the eBay sandbox serves it, below /sell/marketing/v1:
 * campaigns (getCampaigns paged, getCampaign, pause, resume, update_campaign_budget), ads (getAds paged,
 * bulk_update_ads_status) and report tasks (made in marketing-reports.ts). Every call carries a
 * seller's user token with the sell.marketing scope (reads also take sell.marketing.readonly), else
 * eBay's 401 or 403; the report methods are limited to 200 calls an hour per seller, then blocked for
 * the next hour (429). Refusals come in eBay's error container, with the spec's error ids. Each seller
 * has its campaigns, seeded with it (marketing-state.ts). It imports nothing of the engine.
 */
import type { Request, Response, Router } from 'express';
import { refusedSkuMessage } from '../shared/sandbox-kit.ts';
import type { RateLimitProfile } from '../shared/sandbox-limits.ts';
import { error, fail, type EbayErrorDetail } from './errors.ts';
import {
  DOMAIN_MARKETING,
  createReportTask,
  reportFile,
  reportTaskJson,
  reportTaskProblem,
} from './marketing-reports.ts';
import {
  promotedListingsOf,
  seedPromotedListings,
  type PlAdRecord,
  type PlCampaignRecord,
  type PromotedListingsRecord,
} from './marketing-state.ts';
import type { EbayContext, SandboxSeller } from './state.ts';

export const MARKETING = '/sell/marketing/v1';
export const MARKETING_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.marketing';
export const MARKETING_READ_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.marketing.readonly';

/** "A maximum of 200 times per hour for each seller/user" for ad_report and ad_report_task; fast: unlimited. */
export const reportCallsPerHour: Record<RateLimitProfile, number> = { realistic: 200, fast: 1_000_000 };
const HOUR_MS = 3_600_000;
/** getCampaigns and getAds: "Default: 10", "Maximum: 500". */
const DEFAULT_PAGE = 10;
const MAX_PAGE = 500;
/** Bulk ad calls take at most 500 ads. */
const MAX_BULK = 500;
/** eBay's minimum and maximum daily budget are per marketplace and not published: 1.00 and 100,000.00 assumed. */
const MIN_DAILY_BUDGET = 1;
const MAX_DAILY_BUDGET = 100_000;
const CAMPAIGN_STATUSES = [
  'DRAFT',
  'ENDED',
  'ENDING_SOON',
  'PAUSED',
  'PENDING',
  'RUNNING',
  'SCHEDULED',
  'SUSPENDED',
  'SYNCHRONIZING',
];
const AD_STATUSES = ['ACTIVE', 'PAUSED', 'ARCHIVED'];

const marketingError = (
  errorId: number,
  message: string,
  category: EbayErrorDetail['category'] = 'REQUEST',
  extra: Partial<EbayErrorDetail> = {},
) => error(errorId, DOMAIN_MARKETING, message, { category, ...extra });

interface Caller {
  seller: SandboxSeller;
  record: PromotedListingsRecord;
}

/**
 * Report calls per seller over the last hour, until when it is blocked and under which limit (in
 * memory: a restart forgives, as an hour would).
 */
type ReportUsage = Map<string, { calls: number[]; blockedUntil: number; blockedAt: number }>;

/**
 * Counts a report call; past the hour's 200 the seller is blocked for the next hour (429 with
 * Retry-After). A larger limit in force (the profile switched to `fast`) lifts the block.
 */
function spendReportCall(context: EbayContext, usage: ReportUsage, sellerId: string, res: Response): boolean {
  const now = Date.now();
  const limit = reportCallsPerHour[context.faults(sellerId).rateLimitProfile];
  const entry = usage.get(sellerId) ?? { calls: [], blockedUntil: 0, blockedAt: limit };
  usage.set(sellerId, entry);
  entry.calls = entry.calls.filter((at) => at > now - HOUR_MS);
  if (entry.blockedUntil > now && limit > entry.blockedAt) entry.blockedUntil = 0;
  if (entry.blockedUntil <= now && entry.calls.length >= limit) {
    entry.blockedUntil = now + HOUR_MS;
    entry.blockedAt = limit;
  }
  if (entry.blockedUntil > now) {
    res
      .status(429)
      .set('Retry-After', String(Math.ceil((entry.blockedUntil - now) / 1000)))
      .json({
        errors: [
          error(2001, 'ACCESS', 'Too many requests. The request limit has been reached for the resource.', {
            longMessage: `The ad_report and ad_report_task methods allow ${limit} calls an hour for each seller; further calls are blocked for the next hour.`,
          }),
        ],
      });
    return false;
  }
  entry.calls.push(now);
  return true;
}

/**
 * The seller of a Marketing API call, or the refusal sent: no or an expired token is 401; an
 * application token or one without the scope is 403 (eBay's "Insufficient permissions"). A seller
 * saved before the sandbox had Promoted Listings is seeded now.
 */
function authenticate(
  context: EbayContext,
  usage: ReportUsage,
  req: Request,
  res: Response,
  access: 'read' | 'write' | 'report',
): Caller | undefined {
  const state = context.state();
  const token = /^Bearer (.+)$/.exec(req.get('authorization') ?? '')?.[1];
  const grant = token ? state.accessTokens[token] : undefined;
  const seller = grant?.sellerId ? state.sellers[grant.sellerId] : undefined;
  if (!grant || grant.expiresAt < Date.now() || (grant.sellerId && !seller)) {
    fail(
      res,
      401,
      error(1001, 'OAuth', 'Invalid access token', {
        longMessage: 'Invalid access token. Check the value of the Authorization HTTP request header.',
      }),
    );
    return undefined;
  }
  const accepted = access === 'read' ? [MARKETING_SCOPE, MARKETING_READ_SCOPE] : [MARKETING_SCOPE];
  if (!seller || !accepted.some((scope) => grant.scopes.includes(scope))) {
    fail(
      res,
      403,
      error(1100, 'ACCESS', 'Access denied', { longMessage: 'Insufficient permissions to fulfill the request.' }),
    );
    return undefined;
  }
  let record = promotedListingsOf(seller);
  if (!record) {
    record = seedPromotedListings(seller);
    context.changed(seller.sellerId);
  }
  if (access === 'report' && !spendReportCall(context, usage, seller.sellerId, res)) return undefined;
  return { seller, record };
}

/** limit and offset of a paged list, or the refusal sent. */
function pageOf(req: Request, res: Response): { limit: number; offset: number } | undefined {
  const limit = req.query.limit === undefined ? DEFAULT_PAGE : Number(req.query.limit);
  const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
    return void fail(
      res,
      400,
      marketingError(35029, `The 'limit' has to be greater than zero and less than ${MAX_PAGE + 1}.`),
    );
  if (!Number.isInteger(offset) || offset < 0)
    return void fail(res, 400, marketingError(35030, "The 'offset' cannot be less than zero."));
  return { limit, offset };
}

/** The paged collection's fields around a page of `items` out of `all`. */
function paged<T>(address: (offset: number) => string, all: T[], { limit, offset }: { limit: number; offset: number }) {
  return {
    href: address(offset),
    limit,
    offset,
    ...(offset + limit < all.length ? { next: address(offset + limit) } : {}),
    ...(offset > 0 ? { prev: address(Math.max(0, offset - limit)) } : {}),
    total: all.length,
    items: all.slice(offset, offset + limit),
  };
}

function campaignJson(campaign: PlCampaignRecord) {
  const cps = campaign.fundingModel === 'COST_PER_SALE';
  return {
    campaignId: campaign.campaignId,
    campaignName: campaign.campaignName,
    campaignStatus: campaign.campaignStatus,
    marketplaceId: 'EBAY_US',
    fundingStrategy: cps
      ? { fundingModel: campaign.fundingModel, bidPercentage: campaign.bidPercentage, adRateStrategy: 'FIXED' }
      : { fundingModel: campaign.fundingModel },
    ...(cps ? {} : { budget: { daily: { amount: { value: campaign.dailyBudget, currency: 'USD' } } } }),
    startDate: campaign.startDate,
  };
}

function adJson(ad: PlAdRecord) {
  return {
    adId: ad.adId,
    listingId: ad.listingId,
    inventoryReferenceId: ad.sku,
    inventoryReferenceType: 'INVENTORY_ITEM',
    ...(ad.bidPercentage ? { bidPercentage: ad.bidPercentage } : {}),
    ...(ad.adGroupId ? { adGroupId: ad.adGroupId } : {}),
    ...(ad.adStatus ? { adStatus: ad.adStatus } : {}),
  };
}

/** The campaign a path names, not ended unless allowed, or the refusal sent (400, the spec's 35045 and 35035). */
function campaignOf(
  caller: Caller,
  campaignId: string,
  res: Response,
  options: { ended: boolean } = { ended: false },
): PlCampaignRecord | undefined {
  const campaign = caller.record.campaigns[campaignId];
  if (!campaign) return void fail(res, 400, marketingError(35045, `No campaign found for campaign id ${campaignId}.`));
  if (campaign.campaignStatus === 'ENDED' && !options.ended)
    return void fail(res, 400, marketingError(35035, `The campaign with campaign id ${campaignId} has ended.`));
  return campaign;
}

function listCampaigns(context: EbayContext, caller: Caller, req: Request, res: Response) {
  const page = pageOf(req, res);
  if (!page) return;
  const status = typeof req.query.campaign_status === 'string' ? req.query.campaign_status : undefined;
  const funding = typeof req.query.funding_strategy === 'string' ? req.query.funding_strategy : undefined;
  const name = typeof req.query.campaign_name === 'string' ? req.query.campaign_name : undefined;
  if (status !== undefined && !CAMPAIGN_STATUSES.includes(status))
    return fail(
      res,
      400,
      marketingError(35043, `The campaign status of ${status} is either invalid or not supported for this operation.`),
    );
  if (funding !== undefined && funding !== 'COST_PER_SALE' && funding !== 'COST_PER_CLICK')
    return fail(
      res,
      400,
      marketingError(35079, 'Funding strategy needs to be one of COST_PER_SALE, COST_PER_CLICK types.'),
    );
  const all = Object.values(caller.record.campaigns).filter(
    (c) =>
      (status === undefined || c.campaignStatus === status) &&
      (funding === undefined || c.fundingModel === funding) &&
      (name === undefined || c.campaignName === name),
  );
  const filters = new URLSearchParams(
    Object.entries({ campaign_status: status, funding_strategy: funding, campaign_name: name }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const address = (offset: number) => {
    const query = new URLSearchParams(filters);
    query.set('limit', String(page.limit));
    query.set('offset', String(offset));
    return `${context.baseUrl}${MARKETING}/ad_campaign?${query}`;
  };
  const { items, ...meta } = paged(address, all, page);
  res.json({ ...meta, campaigns: items.map(campaignJson) });
}

function listAds(context: EbayContext, caller: Caller, req: Request, res: Response) {
  const campaign = campaignOf(caller, String(req.params.campaignId), res);
  const page = campaign && pageOf(req, res);
  if (!campaign || !page) return;
  const list = (name: string) =>
    typeof req.query[name] === 'string' ? (req.query[name] as string).split(',').map((v) => v.trim()) : undefined;
  const statuses = list('ad_status');
  const listingIds = list('listing_ids');
  const adGroupIds = list('ad_group_ids');
  if (statuses?.some((s) => !AD_STATUSES.includes(s)))
    return fail(res, 400, marketingError(35083, "The requested 'adStatus' is not valid."));
  if (adGroupIds && campaign.fundingModel === 'COST_PER_SALE')
    return fail(res, 400, marketingError(36106, "The 'ad_group_ids' is not supported for CPS funding model."));
  const all = Object.values(caller.record.ads).filter(
    (ad) =>
      ad.campaignId === campaign.campaignId &&
      (!statuses || statuses.includes(ad.adStatus ?? '')) &&
      (!listingIds || listingIds.includes(ad.listingId)) &&
      (!adGroupIds || adGroupIds.includes(ad.adGroupId ?? '')),
  );
  const address = (offset: number) =>
    `${context.baseUrl}${MARKETING}/ad_campaign/${campaign.campaignId}/ad?limit=${page.limit}&offset=${offset}`;
  const { items, ...meta } = paged(address, all, page);
  res.json({ ...meta, ads: items.map(adJson) });
}

/** pauseCampaign (RUNNING → PAUSED) and resumeCampaign (PAUSED → RUNNING); anything else 409 35056. */
function setRunning(context: EbayContext, caller: Caller, req: Request, res: Response, running: boolean) {
  const campaign = campaignOf(caller, String(req.params.campaignId), res);
  if (!campaign) return;
  if (campaign.campaignStatus !== (running ? 'PAUSED' : 'RUNNING'))
    return fail(
      res,
      409,
      marketingError(35056, 'The state of the campaign cannot be changed as requested.', 'BUSINESS'),
    );
  campaign.campaignStatus = running ? 'RUNNING' : 'PAUSED';
  campaign.updatedAt = Date.now();
  context.changed(caller.seller.sellerId);
  res.status(204).end();
}

/** updateCampaignBudget: a CPC campaign's daily budget, in USD, two decimals at most, within the bounds. */
function updateBudget(context: EbayContext, caller: Caller, req: Request, res: Response) {
  const campaign = campaignOf(caller, String(req.params.campaignId), res);
  if (!campaign) return;
  if (campaign.fundingModel === 'COST_PER_SALE')
    return fail(res, 400, marketingError(36100, 'This functionality is not supported for CPS funding model.'));
  const body = (req.body ?? {}) as { daily?: { amount?: { value?: unknown; currency?: unknown } } };
  const amount = body.daily?.amount;
  if (!amount || amount.value === undefined)
    return fail(
      res,
      409,
      marketingError(36157, 'The daily budget is required for campaigns with CPC funding model.', 'BUSINESS'),
    );
  if (typeof amount.value !== 'string' || !/^-?\d+(\.\d{1,2})?$/.test(amount.value.trim()))
    return fail(res, 400, marketingError(36101, 'The daily budget value format is a maximum of two decimal points.'));
  if (amount.currency !== 'USD')
    return fail(
      res,
      409,
      marketingError(
        36153,
        `The daily budget currency ${String(amount.currency)} is not supported for daily. The supported currency for the EBAY_US marketplace is USD.`,
        'BUSINESS',
      ),
    );
  const value = Number(amount.value);
  if (value < MIN_DAILY_BUDGET)
    return fail(
      res,
      409,
      marketingError(36154, `The daily budget below minimum allowed ${MIN_DAILY_BUDGET.toFixed(2)}.`, 'BUSINESS'),
    );
  if (value > MAX_DAILY_BUDGET)
    return fail(
      res,
      409,
      marketingError(36155, `The daily budget above maximum allowed ${MAX_DAILY_BUDGET.toFixed(2)}.`, 'BUSINESS'),
    );
  campaign.dailyBudget = value.toFixed(2);
  campaign.updatedAt = Date.now();
  context.changed(caller.seller.sellerId);
  res.status(204).end();
}

/** bulkUpdateAdsStatus: CPC campaigns only; one AdUpdateStatusResponse per ad, 200 when all changed, else 207. */
function bulkUpdateAdsStatus(context: EbayContext, caller: Caller, req: Request, res: Response) {
  const campaign = campaignOf(caller, String(req.params.campaignId), res);
  if (!campaign) return;
  const requests = (req.body as { requests?: unknown } | undefined)?.requests;
  if (!Array.isArray(requests) || requests.length === 0)
    return fail(res, 400, marketingError(35033, 'At least one request is required for bulk requests.'));
  if (requests.length > MAX_BULK)
    return fail(
      res,
      409,
      marketingError(
        35071,
        `You have exceeded the maximum number of listing Ids or inventory reference Ids. Only ${MAX_BULK} Ids are supported per call.`,
        'BUSINESS',
      ),
    );
  if (campaign.fundingModel === 'COST_PER_SALE')
    return fail(
      res,
      409,
      marketingError(36160, 'This functionality is only supported for CPC funding model.', 'BUSINESS'),
    );
  const items = requests as Array<{ adId?: unknown; adStatus?: unknown }>;
  if (items.some((item) => !item || typeof item !== 'object' || !AD_STATUSES.includes(item.adStatus as string)))
    return fail(res, 400, marketingError(35083, "The requested 'adStatus' is not valid."));
  const href = (adId: string) => `${context.baseUrl}${MARKETING}/ad_campaign/${campaign.campaignId}/ad/${adId}`;
  const responses = items.map(({ adId, adStatus }) => {
    const id = String(adId ?? '');
    const ad = caller.record.ads[id];
    if (!ad || ad.campaignId !== campaign.campaignId)
      return {
        adId: id,
        statusCode: 404,
        errors: [marketingError(35044, `No Ad found for 'ad_id' ${id}. Please correct the 'ad_id' and try again.`)],
      };
    if (ad.adStatus === 'ARCHIVED')
      return {
        adId: id,
        statusCode: 409,
        errors: [
          marketingError(35056, 'The state of the ad cannot be changed as requested.', 'BUSINESS', {
            longMessage: `Ad ${id} is archived: an archived ad cannot be changed.`,
          }),
        ],
      };
    if (context.refusesSku(caller.seller.sellerId, ad.sku))
      return {
        adId: id,
        statusCode: 409,
        errors: [marketingError(35056, refusedSkuMessage(ad.sku), 'BUSINESS')],
      };
    ad.adStatus = adStatus as PlAdRecord['adStatus'];
    return { adId: id, statusCode: 200, href: href(id) };
  });
  context.changed(caller.seller.sellerId);
  res.status(responses.every((r) => r.statusCode === 200) ? 200 : 207).json({ responses });
}

export function marketingRoutes(router: Router, context: EbayContext) {
  const usage: ReportUsage = new Map();
  const as =
    (access: 'read' | 'write' | 'report', handle: (caller: Caller, req: Request, res: Response) => void) =>
    (req: Request, res: Response) => {
      const caller = authenticate(context, usage, req, res, access);
      if (caller) handle(caller, req, res);
    };
  const at = (path: string) => `${MARKETING}${path}`;

  router.get(
    at('/ad_campaign'),
    as('read', (caller, req, res) => listCampaigns(context, caller, req, res)),
  );
  router.get(
    at('/ad_campaign/:campaignId'),
    as('read', (caller, req, res) => {
      const campaign = campaignOf(caller, String(req.params.campaignId), res, { ended: true });
      if (campaign) res.json(campaignJson(campaign));
    }),
  );
  router.post(
    at('/ad_campaign/:campaignId/pause'),
    as('write', (caller, req, res) => setRunning(context, caller, req, res, false)),
  );
  router.post(
    at('/ad_campaign/:campaignId/resume'),
    as('write', (caller, req, res) => setRunning(context, caller, req, res, true)),
  );
  router.post(
    at('/ad_campaign/:campaignId/update_campaign_budget'),
    as('write', (caller, req, res) => updateBudget(context, caller, req, res)),
  );
  router.get(
    at('/ad_campaign/:campaignId/ad'),
    as('read', (caller, req, res) => listAds(context, caller, req, res)),
  );
  router.post(
    at('/ad_campaign/:campaignId/bulk_update_ads_status'),
    as('write', (caller, req, res) => bulkUpdateAdsStatus(context, caller, req, res)),
  );

  // Report tasks (marketing-reports.ts): asked for, polled, and the report downloaded, 200 calls an hour.
  const reportHref = (reportId: string) => `${context.baseUrl}${MARKETING}/ad_report/${encodeURIComponent(reportId)}`;
  router.post(
    at('/ad_report_task'),
    as('report', (caller, req, res) => {
      const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const problem = reportTaskProblem(body, caller.record, Date.now());
      if (problem) return fail(res, problem.status, problem.error);
      const task = createReportTask(caller.record, body, context.faults(caller.seller.sellerId).rateLimitProfile);
      context.changed(caller.seller.sellerId);
      res.status(202).set('Location', `${context.baseUrl}${MARKETING}/ad_report_task/${task.reportTaskId}`).end();
    }),
  );
  router.get(
    at('/ad_report_task/:taskId'),
    as('report', (caller, req, res) => {
      const taskId = String(req.params.taskId);
      const task = caller.record.reportTasks[taskId];
      if (!task)
        return fail(
          res,
          400,
          marketingError(
            35140,
            `No ReportTask found for 'report_task_id' ${taskId}. Please correct the 'report_task_id' and try again.`,
          ),
        );
      res.json(reportTaskJson(task, reportHref(task.reportId)));
    }),
  );
  router.get(
    at('/ad_report/:reportId'),
    as('report', (caller, req, res) => {
      const reportId = String(req.params.reportId);
      const task = Object.values(caller.record.reportTasks).find((t) => t.reportId === reportId);
      const file = task && reportFile(caller.record, task);
      if (!task || !file)
        return fail(
          res,
          400,
          marketingError(
            35110,
            `The 'report_id' ${reportId} was not found. Correct the 'report_id' and try the call again.`,
          ),
        );
      res
        .status(200)
        .type('application/octet-stream')
        .set('Content-Disposition', `attachment; filename="${reportId}.tsv.gz"`)
        .send(file);
    }),
  );
}
