/**
 * Reporting v3 (OfflineReport_prod_3p.json) for Sponsored Products' spAdvertisedProduct report:
 * POST /reporting/reports (200, PENDING; 425 when a same request is still being made, naming it),
 * GET /reporting/reports/{reportId} (PENDING, PROCESSING, then COMPLETED with a pre-signed `url` after
 * a profile-scaled delay, read from the clock), and the gzipped JSON rows at that url, served like S3
 * (no token: the signature is the permission). The rows are the ads that served when the report was
 * asked for, with each day's figures made up from (sku, date) alone (ads-state.ts dailyFigures).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Request, Response, Router } from 'express';
import type { RateLimitProfile } from '../shared/sandbox-limits.ts';
import { adsThrottled, authenticateAdvertiser, refuse, refusesMediaType, sendAds } from './ads-access.ts';
import {
  advertisingOf,
  dailyFigures,
  isoDay,
  servingAds,
  type AdsProfileRecord,
  type AdsReportConfiguration,
  type AdsReportRecord,
  type ServingAd,
} from './ads-state.ts';
import { REALISTIC_TIME_SCALE } from './limits.ts';
import { isObject, type AmazonContext, type AmazonSandboxState } from './state.ts';

const mediaTypes = {
  createRequest: 'application/vnd.createasyncreportrequest.v3+json',
  createResponse: 'application/vnd.createasyncreportresponse.v3+json',
  getResponse: 'application/vnd.getasyncreportresponse.v3+json',
};
const REPORT_TYPE = 'spAdvertisedProduct';
/** "Most report types support 95 days as lookback window" (CreateAsyncReportRequest.startDate). */
const LOOKBACK_DAYS = 95;
const DAY_MS = 86_400_000;
/** "urlExpires at this time defaults to 3600 seconds" (AsyncReport.urlExpiresAt). */
const URL_LIFETIME_S = 3600;
/**
 * Amazon says a report "can take as long as 3 hours"; we assume 5 minutes, a third of it PENDING, and
 * scale it as the feeds' processing time is (realistic ÷ 600: half a second); quick in `fast`.
 */
const ASSUMED_REPORT_MS = 5 * 60_000;
const reportTimes: Record<RateLimitProfile, { pendingMs: number; processingMs: number }> = {
  realistic: {
    pendingMs: (ASSUMED_REPORT_MS * REALISTIC_TIME_SCALE) / 3,
    processingMs: (ASSUMED_REPORT_MS * REALISTIC_TIME_SCALE * 2) / 3,
  },
  fast: { pendingMs: 20, processingMs: 40 },
};

/** One row's facts: the ad, its day (or the report's span for SUMMARY) and the figures then. */
interface RowFacts {
  ad: ServingAd;
  profile: AdsProfileRecord;
  date?: string;
  span: { startDate: string; endDate: string };
  figures: ReturnType<typeof dailyFigures>;
}

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;
/** The columns of the spec's SponsoredProductsAdvertisedProductDailyReport example, and startDate/endDate for SUMMARY. */
const fixedColumns: Record<string, (row: RowFacts) => unknown> = {
  date: (r) => r.date ?? null,
  startDate: (r) => r.span.startDate,
  endDate: (r) => r.span.endDate,
  // Amazon writes the ids as numbers in report rows.
  campaignId: (r) => Number(r.ad.campaignId),
  adGroupId: (r) => Number(r.ad.adGroupId),
  adId: (r) => Number(r.ad.adId),
  campaignName: (r) => r.profile.campaigns[r.ad.campaignId]?.name ?? null,
  campaignStatus: (r) => r.profile.campaigns[r.ad.campaignId]?.state ?? null,
  campaignBudgetAmount: (r) => r.profile.campaigns[r.ad.campaignId]?.budget ?? null,
  campaignBudgetType: () => 'DAILY_BUDGET',
  campaignBudgetCurrencyCode: (r) => r.profile.currencyCode,
  adGroupName: (r) => r.profile.adGroups[r.ad.adGroupId]?.name ?? null,
  advertisedSku: (r) => r.ad.sku,
  advertisedAsin: (r) => r.ad.asin ?? null,
  portfolioId: () => null,
  impressions: (r) => r.figures.impressions,
  clicks: (r) => r.figures.clicks,
  cost: (r) => r.figures.cost,
  spend: (r) => r.figures.cost,
  costPerClick: (r) => (r.figures.clicks ? round(r.figures.cost / r.figures.clicks) : null),
  clickThroughRate: (r) => (r.figures.impressions ? round(r.figures.clicks / r.figures.impressions, 4) : null),
  salesOtherSku7d: () => 0,
  unitsSoldOtherSku7d: () => 0,
  kindleEditionNormalizedPagesRead14d: () => 0,
  kindleEditionNormalizedPagesRoyalties14d: () => 0,
};
/**
 * Attributed columns of every window (1d, 7d, 14d, 30d): the sandbox's buyers buy the advertised SKU
 * within a day of the click, so every window counts the same and other SKUs nothing.
 */
const ATTRIBUTED =
  /^(sales|attributedSalesSameSku|purchases|purchasesSameSku|unitsSoldClicks|unitsSoldSameSku)(1d|7d|14d|30d)$/;
const RATIO = /^(acosClicks|roasClicks)(7d|14d)$/;

function columnValue(column: string, row: RowFacts): unknown {
  const fixed = fixedColumns[column];
  if (fixed) return fixed(row);
  const { sales, purchases, units, cost } = row.figures;
  const measure = ATTRIBUTED.exec(column)?.[1];
  if (measure) return measure.includes('ales') ? sales : measure.startsWith('purchases') ? purchases : units;
  if (RATIO.exec(column)?.[1] === 'acosClicks') return sales ? round((cost / sales) * 100) : null;
  return cost ? round(sales / cost) : null;
}
const knownColumn = (column: string) => column in fixedColumns || ATTRIBUTED.test(column) || RATIO.test(column);

const isDay = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The request's configuration as the sandbox makes it, or why it cannot be made (422). */
function readConfiguration(value: Record<string, unknown>): AdsReportConfiguration | string {
  const { adProduct, reportTypeId, timeUnit, format, groupBy, columns, filters } = value;
  if (adProduct !== 'SPONSORED_PRODUCTS')
    return `The sandbox makes SPONSORED_PRODUCTS reports only, not ${String(adProduct)}.`;
  if (reportTypeId !== REPORT_TYPE)
    return `The sandbox makes ${REPORT_TYPE} reports only, not ${String(reportTypeId)}.`;
  if (timeUnit !== 'DAILY' && timeUnit !== 'SUMMARY') return 'timeUnit must be DAILY or SUMMARY.';
  if (format !== 'GZIP_JSON') return 'format must be GZIP_JSON.';
  if (!Array.isArray(groupBy) || groupBy.length !== 1 || groupBy[0] !== 'advertiser')
    return `${REPORT_TYPE} is grouped by advertiser: groupBy must be ["advertiser"].`;
  if (!Array.isArray(columns) || columns.length === 0) return 'columns cannot be null or empty.';
  const unknown = columns.find(
    (c) => typeof c !== 'string' || !knownColumn(c) || (c === 'date' && timeUnit !== 'DAILY'),
  );
  if (unknown !== undefined) return `Column ${String(unknown)} is not available for ${REPORT_TYPE} by ${timeUnit}.`;
  if (filters != null && !Array.isArray(filters)) return 'filters must be a list.';
  const readFilters: AdsReportConfiguration['filters'] = [];
  for (const filter of Array.isArray(filters) ? filters : []) {
    const entry: Record<string, unknown> = isObject(filter) ? filter : {};
    const { field, values } = entry;
    if (
      (field !== 'campaignStatus' && field !== 'adStatus') ||
      !Array.isArray(values) ||
      !values.every((v) => typeof v === 'string')
    )
      return 'filters: the sandbox filters by campaignStatus and adStatus, each with a list of values.';
    readFilters.push({ field, values });
  }
  return {
    adProduct,
    reportTypeId,
    groupBy: ['advertiser'],
    columns: columns as string[],
    filters: readFilters,
    timeUnit,
    format,
  };
}

/** Why the dates cannot be reported on, if they cannot. */
function refusedDates(startDate: string, endDate: string, now: number): string | undefined {
  const today = isoDay(now);
  if (startDate > endDate) return 'startDate must not be after endDate.';
  if (endDate > today) return `endDate ${endDate} is in the future.`;
  if (startDate < isoDay(now - LOOKBACK_DAYS * DAY_MS))
    return `startDate ${startDate} is beyond the ${LOOKBACK_DAYS} days lookback window.`;
  return undefined;
}

const status = (report: AdsReportRecord, now: number) =>
  now >= report.completedAt ? 'COMPLETED' : now >= report.processingFrom ? 'PROCESSING' : 'PENDING';

const signature = (state: AmazonSandboxState, reportId: string, expires: number) =>
  crypto.createHmac('sha256', state.signingKey).update(`ads-report:${reportId}:${expires}`).digest('hex');

/** The report's rows: each serving ad on each day it served (DAILY), or over the span (SUMMARY). */
function reportRows(profile: AdsProfileRecord, report: AdsReportRecord): Array<Record<string, unknown>> {
  const { configuration } = report;
  const span = { startDate: report.startDate, endDate: report.endDate };
  const rows: Array<Record<string, unknown>> = [];
  for (const ad of report.serving) {
    const states: Record<AdsReportConfiguration['filters'][number]['field'], string | undefined> = {
      campaignStatus: profile.campaigns[ad.campaignId]?.state,
      adStatus: profile.productAds[ad.adId]?.state,
    };
    if (!configuration.filters.every((f) => f.values.includes(states[f.field] ?? ''))) continue;
    const days: RowFacts[] = [];
    for (let day = Date.parse(`${report.startDate}T00:00:00Z`); isoDay(day) <= report.endDate; day += DAY_MS)
      if (isoDay(day) >= ad.since)
        days.push({ ad, profile, date: isoDay(day), span, figures: dailyFigures(ad.sku, isoDay(day)) });
    const facts: RowFacts[] =
      configuration.timeUnit === 'DAILY'
        ? days
        : [{ ad, profile, span, figures: sumFigures(days.map((d) => d.figures)) }];
    for (const fact of facts)
      rows.push(Object.fromEntries(configuration.columns.map((c) => [c, columnValue(c, fact)])));
  }
  return rows;
}

function sumFigures(days: Array<ReturnType<typeof dailyFigures>>): ReturnType<typeof dailyFigures> {
  const total = { impressions: 0, clicks: 0, cost: 0, purchases: 0, units: 0, sales: 0 };
  for (const day of days) for (const key of Object.keys(total) as Array<keyof typeof total>) total[key] += day[key];
  return { ...total, cost: round(total.cost), sales: round(total.sales) };
}

const reportDocument = (profile: AdsProfileRecord, report: AdsReportRecord) =>
  zlib.gzipSync(JSON.stringify(reportRows(profile, report)));

/** AsyncReport: its state by the clock, and once COMPLETED the pre-signed url of its rows. */
function reportJson(context: AmazonContext, profile: AdsProfileRecord, report: AdsReportRecord, now: number) {
  const current = status(report, now);
  const updatedAt =
    current === 'COMPLETED' ? report.completedAt : current === 'PROCESSING' ? report.processingFrom : report.createdAt;
  const base = {
    reportId: report.reportId,
    name: report.name ?? null,
    status: current,
    startDate: report.startDate,
    endDate: report.endDate,
    configuration: report.configuration,
    createdAt: new Date(report.createdAt).toISOString(),
    updatedAt: new Date(updatedAt).toISOString(),
  };
  if (current !== 'COMPLETED') return base;
  const expires = now + URL_LIFETIME_S * 1000;
  const query = `X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=${URL_LIFETIME_S}&X-Sandbox-Expires-At=${expires}`;
  return {
    ...base,
    generatedAt: new Date(report.completedAt).toISOString(),
    fileSize: reportDocument(profile, report).length,
    url: `${context.baseUrl}/_s3/ads-reports/${report.reportId}/report.json.gz?${query}&X-Amz-Signature=${signature(context.state(), report.reportId, expires)}`,
    urlExpiresAt: new Date(expires).toISOString(),
  };
}

function createReport(context: AmazonContext, req: Request, res: Response) {
  const advertiser = authenticateAdvertiser(context, req, res, 'reporting', 'required');
  if (!advertiser || adsThrottled(context, res, 'reporting', advertiser, 'createReport')) return;
  if (refusesMediaType(req, res, 'reporting', mediaTypes.createRequest)) return;
  const body = req.body as unknown;
  if (!isObject(body) || !isObject(body.configuration) || body.startDate === undefined || body.endDate === undefined)
    return refuse(res, 'reporting', 400, 'The request needs configuration, startDate and endDate.');
  const configuration = readConfiguration(body.configuration);
  if (typeof configuration === 'string') return refuse(res, 'reporting', 422, configuration);
  const { startDate, endDate } = body;
  if (!isDay(startDate) || !isDay(endDate))
    return refuse(res, 'reporting', 422, 'startDate and endDate must be dates in YYYY-MM-DD format.');
  const now = Date.now();
  const refused = refusedDates(startDate, endDate, now);
  if (refused) return refuse(res, 'reporting', 422, refused);
  const profile = advertiser.profile!;
  const fingerprint = JSON.stringify({ startDate, endDate, configuration });
  for (const [id, old] of Object.entries(profile.reports))
    if (old.completedAt + DAY_MS < now) delete profile.reports[id];
  const duplicate = Object.values(profile.reports).find((r) => r.fingerprint === fingerprint && now < r.completedAt);
  if (duplicate) return refuse(res, 'reporting', 425, `The Request is a duplicate of : ${duplicate.reportId}`);
  const times = reportTimes[context.faults(advertiser.seller.sellerId).rateLimitProfile];
  const report: AdsReportRecord = {
    reportId: crypto.randomUUID(),
    ...(typeof body.name === 'string' ? { name: body.name } : {}),
    startDate,
    endDate,
    configuration,
    fingerprint,
    createdAt: now,
    processingFrom: now + times.pendingMs,
    completedAt: now + times.pendingMs + times.processingMs,
    serving: servingAds(profile, advertiser.seller),
  };
  profile.reports[report.reportId] = report;
  context.changed(advertiser.seller.sellerId);
  sendAds(res, 200, reportJson(context, profile, report, now), mediaTypes.createResponse);
}

function getReport(context: AmazonContext, req: Request, res: Response) {
  const advertiser = authenticateAdvertiser(context, req, res, 'reporting', 'required');
  if (!advertiser || adsThrottled(context, res, 'reporting', advertiser, 'getReport')) return;
  const report = advertiser.profile!.reports[String(req.params.reportId)];
  if (!report) return refuse(res, 'reporting', 404, 'Not Found');
  sendAds(res, 200, reportJson(context, advertiser.profile!, report, Date.now()), mediaTypes.getResponse);
}

/** The report document, as S3 serves a pre-signed object: its signature and expiry checked, else 403 in S3's XML. */
function downloadReport(context: AmazonContext, req: Request, res: Response) {
  const state = context.state();
  const reportId = String(req.params.reportId);
  const expires = Number(req.query['X-Sandbox-Expires-At']);
  const given = String(req.query['X-Amz-Signature'] ?? '');
  const found = Object.values(state.sellers)
    .flatMap((seller) => advertisingOf(seller)?.profiles ?? [])
    .map((profile) => ({ profile, report: profile.reports[reportId] }))
    .find((entry) => entry.report);
  const valid =
    found?.report &&
    Number.isFinite(expires) &&
    expires > Date.now() &&
    given.length === 64 &&
    crypto.timingSafeEqual(Buffer.from(given), Buffer.from(signature(state, reportId, expires)));
  if (!valid || !found?.report)
    return void res
      .status(403)
      .type('application/xml')
      .send(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired or the signature does not match</Message></Error>',
      );
  res.status(200).type('application/x-gzip').send(reportDocument(found.profile, found.report));
}

export function adsReportRoutes(router: Router, context: AmazonContext) {
  router.post('/reporting/reports', (req, res) => createReport(context, req, res));
  router.get('/reporting/reports/:reportId', (req, res) => getReport(context, req, res));
  router.get('/_s3/ads-reports/:reportId/report.json.gz', (req, res) => downloadReport(context, req, res));
}
