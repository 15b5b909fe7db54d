/**
 * The Reports API 2021-06-30 for the one report the sandbox makes, GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE:
 * createReport (queued, then processed on the kit's tick), getReport, getReportDocument, and the document on
 * a pre-signed URL (the sandbox's S3, shared with feeds.ts). With no return in the window the report ends
 * CANCELLED without a document, as Amazon's do when there is no data.
 */
import type { Request, Response, Router } from 'express';
import { authenticate } from './auth.ts';
import { errorList, invalidInput, send } from './errors.ts';
import { presignedUrl } from './feeds.ts';
import { processingTimes, rateOf, throttled } from './limits.ts';
import { reportDocumentId, returnsReport } from './returns.ts';
import { digits, isObject, type AmazonContext, type AmazonSandboxState, type ReportRecord } from './state.ts';

export const RETURNS_REPORT_TYPE = 'GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE';
/** "You can request up to 60 days of data in a single report" (Amazon's report type values). */
const MAX_REPORT_DAYS = 60;
/** A start or end this much ahead of the sandbox's clock is still "now" (clocks differ a little). */
const CLOCK_SLACK_MS = 60_000;

export function reportRoutes(router: Router, context: AmazonContext) {
  router.post('/reports/2021-06-30/reports', (req, res) => createReport(context, req, res));
  router.get('/reports/2021-06-30/reports/:reportId', (req, res) => getReport(context, req, res));
  router.get('/reports/2021-06-30/documents/:reportDocumentId', (req, res) => getReportDocument(context, req, res));
}

function reportJson(report: ReportRecord) {
  return {
    reportId: report.reportId,
    reportType: report.reportType,
    marketplaceIds: report.marketplaceIds,
    dataStartTime: report.dataStartTime,
    dataEndTime: report.dataEndTime,
    createdTime: report.createdTime,
    processingStatus: report.processingStatus,
    ...(report.processingStartTime ? { processingStartTime: report.processingStartTime } : {}),
    ...(report.processingEndTime ? { processingEndTime: report.processingEndTime } : {}),
    ...(report.reportDocumentId ? { reportDocumentId: report.reportDocumentId } : {}),
  };
}

/** The report's window: dataStartTime and dataEndTime (now by default), or why it is refused. */
function dataWindow(body: Record<string, unknown>, now: number): { start: string; end: string } | string {
  const read = (name: string, fallback: number) => {
    const value = body[name];
    if (value === undefined) return fallback;
    return typeof value === 'string' ? Date.parse(value) : NaN;
  };
  const start = read('dataStartTime', now);
  const end = read('dataEndTime', now);
  if (!Number.isFinite(start) || !Number.isFinite(end))
    return 'dataStartTime and dataEndTime must be ISO 8601 date-times.';
  if (start > now + CLOCK_SLACK_MS || end > now + CLOCK_SLACK_MS)
    return 'dataStartTime and dataEndTime must be prior to or equal to the current date and time.';
  if (start > end) return 'dataStartTime must be before dataEndTime.';
  if (end - start > MAX_REPORT_DAYS * 86_400_000)
    return `${RETURNS_REPORT_TYPE} covers at most ${MAX_REPORT_DAYS} days of data.`;
  return { start: new Date(start).toISOString(), end: new Date(Math.min(end, now)).toISOString() };
}

function createReport(context: AmazonContext, req: Request, res: Response) {
  const state = context.state();
  const caller = authenticate(state, req, res, 'seller');
  if (!caller) return;
  const seller = caller.seller!;
  if (throttled(context, res, seller.sellerId, 'createReport')) return;
  const body = req.body as unknown;
  if (!isObject(body) || typeof body.reportType !== 'string')
    return invalidInput(res, "The body needs 'reportType' and 'marketplaceIds'.");
  const marketplaceIds = body.marketplaceIds;
  if (
    !Array.isArray(marketplaceIds) ||
    marketplaceIds.length < 1 ||
    marketplaceIds.length > 25 ||
    !marketplaceIds.every((m) => typeof m === 'string')
  )
    return invalidInput(res, "'marketplaceIds' must list 1 to 25 marketplace ids.");
  if (body.reportType !== RETURNS_REPORT_TYPE)
    return invalidInput(res, `The sandbox does not support report type ${body.reportType}.`);
  const now = Date.now();
  const window = dataWindow(body, now);
  if (typeof window === 'string') return invalidInput(res, window);
  const times = processingTimes[context.faults(seller.sellerId).rateLimitProfile];
  const reportId = digits(11);
  (state.reports ??= {})[reportId] = {
    reportId,
    sellerId: seller.sellerId,
    reportType: body.reportType,
    marketplaceIds: marketplaceIds as string[],
    dataStartTime: window.start,
    dataEndTime: window.end,
    createdTime: new Date(now).toISOString(),
    processingStatus: 'IN_QUEUE',
    startAt: now + times.reportQueueMs,
    doneAt: now + times.reportQueueMs + times.reportProcessingMs,
  };
  context.tickAfter(times.reportQueueMs);
  context.tickAfter(times.reportQueueMs + times.reportProcessingMs);
  context.changed(seller.sellerId);
  send(res, 202, { reportId }, rateOf(context, 'createReport', res));
}

function getReport(context: AmazonContext, req: Request<{ reportId: string }>, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'getReport')) return;
  const report = context.state().reports?.[req.params.reportId!];
  if (!report || report.sellerId !== caller.seller!.sellerId)
    return send(res, 404, errorList('NotFound', `Report ${req.params.reportId} was not found.`));
  send(res, 200, reportJson(report), rateOf(context, 'getReport', res));
}

function getReportDocument(context: AmazonContext, req: Request<{ reportDocumentId: string }>, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'getReportDocument')) return;
  const document = context.state().documents[req.params.reportDocumentId!];
  if (!document || document.sellerId !== caller.seller!.sellerId || document.kind !== 'report')
    return send(res, 404, errorList('NotFound', `Report document ${req.params.reportDocumentId} was not found.`));
  send(
    res,
    200,
    { reportDocumentId: document.documentId, url: presignedUrl(context, document.documentId) },
    rateOf(context, 'getReportDocument', res),
  );
}

/** Moves reports on: out of the queue when due, then done with their document (or cancelled: no data). */
export function advanceReports(state: AmazonSandboxState, now: number, changed: Set<string>) {
  for (const report of Object.values(state.reports ?? {})) {
    if (report.processingStatus === 'IN_QUEUE' && report.startAt <= now) {
      report.processingStatus = 'IN_PROGRESS';
      report.processingStartTime = new Date(now).toISOString();
      changed.add(report.sellerId);
    }
    if (report.processingStatus !== 'IN_PROGRESS' || report.doneAt > now) continue;
    const seller = state.sellers[report.sellerId];
    const content = seller && returnsReport(seller, report.dataStartTime, report.dataEndTime);
    report.processingEndTime = new Date(now).toISOString();
    if (content) {
      const documentId = reportDocumentId();
      state.documents[documentId] = {
        documentId,
        sellerId: report.sellerId,
        kind: 'report',
        contentType: 'text/tab-separated-values; charset=UTF-8',
        content,
      };
      report.reportDocumentId = documentId;
      report.processingStatus = 'DONE';
    } else report.processingStatus = 'CANCELLED';
    changed.add(report.sellerId);
  }
}
