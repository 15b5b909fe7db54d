/**
 * Buyers' returns through the Reports API 2021-06-30 (reports_2021-06-30.json): createReport for
 * GET_FLAT_FILE_RETURNS_DATA_BY_RETURN_DATE, getReport polled until Amazon has processed it,
 * getReportDocument, and the tab-separated document downloaded from its pre-signed URL and read by
 * returns-transform.ts. Each call paced by its own usage plan (amazonRateLimits).
 */
import zlib from 'node:zlib';
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import { sleep } from '../shared/token-bucket.ts';
import type { AmazonClient } from './amazon-client.ts';
import { amazonPaths } from './endpoints.ts';
import {
  RETURNS_REPORT_MAX_DAYS,
  RETURNS_REPORT_TYPE,
  parseTabSeparated,
  returnsReportToReturns,
} from './returns-transform.ts';
import type { CreateReportSpecification, Report, ReportDocument } from './types.ts';

const DAY_MS = 86_400_000;
/**
 * The report is "by return date": a return's row sits at the day it was requested, and later changes
 * (received, refunded) show on that row. So each read also covers the 30 days before `since`, to see
 * those changes, within the report's 60 days (a minute's margin, so Amazon's clock never finds it longer).
 */
const RETURN_CHANGES_WINDOW_MS = 30 * DAY_MS;
const REPORT_SPAN_MS = RETURNS_REPORT_MAX_DAYS * DAY_MS - 60_000;
/**
 * How long one read waits for Amazon to process its report. Amazon publishes no processing time; a
 * report not done by then is picked up by the next read instead of asking for another (createReport
 * allows about one a minute).
 */
export const DEFAULT_REPORT_WAIT_MS = 60_000;
/** getReport's polls start quick and slow down to this (its plan allows 2 a second, burst 15). */
const POLL_MIN_MS = 100;
const POLL_MAX_MS = 5_000;
const DOWNLOAD_TIMEOUT_MS = 30_000;

interface ReturnsParts {
  client: AmazonClient;
  marketplaceId: string;
  reportWaitMs: number;
}

/** The window a read asks for: from 30 days before `since`, at most 60 days back. */
export function returnsReportWindow(since: Date, nowMs: number): { dataStartTime: string } {
  const start = Math.max(nowMs - REPORT_SPAN_MS, Math.min(since.getTime(), nowMs) - RETURN_CHANGES_WINDOW_MS);
  return { dataStartTime: new Date(start).toISOString() };
}

/** getReport until the report is processed (DONE, CANCELLED or FATAL), or the wait is over (then undefined). */
async function processedReport(parts: ReturnsParts, reportId: string, signal?: AbortSignal) {
  const deadline = Date.now() + parts.reportWaitMs;
  for (let wait = POLL_MIN_MS; ; wait = Math.min(POLL_MAX_MS, wait * 2)) {
    const { body: report } = await parts.client.call<Report>('getReport', 'GET', amazonPaths.report(reportId), {
      ...(signal ? { signal } : {}),
    });
    if (report.processingStatus !== 'IN_QUEUE' && report.processingStatus !== 'IN_PROGRESS') return report;
    if (Date.now() + wait > deadline) return undefined;
    await sleep(wait, signal);
  }
}

/** The document's text from its pre-signed URL (S3: no SP-API token), unzipped when Amazon says GZIP. */
async function downloadReport(document: ReportDocument, signal?: AbortSignal): Promise<string> {
  const response = await fetch(document.url, { signal: signal ?? AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok)
    throw new MarketplaceError(
      response.status >= 500 ? 'unavailable' : 'rejected',
      `The returns report download failed (HTTP ${response.status})`,
      { status: response.status },
    );
  const bytes = Buffer.from(await response.arrayBuffer());
  return (document.compressionAlgorithm === 'GZIP' ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}

/**
 * returnsSince: one report per read, its returns in one page (the cursor is not used). A report Amazon
 * is still processing when the wait is over is kept and read by the next call; a 429 or 5xx is thrown
 * (MarketplaceError, retryable), as is a FATAL report. CANCELLED is Amazon's answer when there is no data.
 */
export function amazonReturns(parts: ReturnsParts): Required<Pick<MarketplaceAdapter, 'returnsSince'>> {
  const { client } = parts;
  let unfinishedReportId: string | undefined;
  return {
    async returnsSince(since, _cursor, signal) {
      const withSignal = signal ? { signal } : {};
      if (!unfinishedReportId) {
        const specification: CreateReportSpecification = {
          reportType: RETURNS_REPORT_TYPE,
          marketplaceIds: [parts.marketplaceId],
          ...returnsReportWindow(since, Date.now()),
        };
        const { body } = await client.call<{ reportId: string }>('createReport', 'POST', amazonPaths.reports, {
          body: specification,
          ...withSignal,
        });
        unfinishedReportId = body.reportId;
      }
      const reportId = unfinishedReportId;
      const report = await processedReport(parts, reportId, signal);
      if (!report)
        throw new MarketplaceError('unavailable', `Amazon is still processing the returns report ${reportId}`);
      unfinishedReportId = undefined;
      if (report.processingStatus === 'CANCELLED') return { items: [], next: undefined };
      if (report.processingStatus === 'FATAL' || !report.reportDocumentId)
        throw new MarketplaceError('unavailable', `Amazon could not produce the returns report ${reportId} (FATAL)`);
      const { body: document } = await client.call<ReportDocument>(
        'getReportDocument',
        'GET',
        amazonPaths.reportDocument(report.reportDocumentId),
        withSignal,
      );
      const text = await downloadReport(document, signal);
      return { items: returnsReportToReturns(parseTabSeparated(text)), next: undefined };
    },
  };
}
