/**
 * Walmart Connect's report snapshots as the sandbox makes them (its routes are in connect.ts), for the
 * adItem report only: POST /api/v2/snapshot/report (ReportSnapshotRequestV2 → SnapshotResponse, `pending`),
 * GET /api/v2/snapshot (pending, processing, then done with the file's address in `details`, by the
 * clock), and the file itself: gzipped CSV with the metrics asked for as columns, downloaded with the
 * signed headers as Walmart asks. The rows are the items that served when the snapshot was asked for,
 * each day's figures made up from (item, date) alone (connect-state.ts dailyFigures).
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { RateLimitProfile } from '../shared/sandbox-limits.ts';
import {
  dailyFigures,
  isoDay,
  reportDays,
  servingItems,
  type ConnectAdvertiserRecord,
  type ConnectSnapshotRecord,
} from './connect-state.ts';

const DAY_MS = 86_400_000;
/** "This parameter can take only one report date for the last 90 days." */
const LOOKBACK_DAYS = 90;
/** Snapshots kept per advertiser (the oldest are forgotten). */
const KEPT_SNAPSHOTS = 50;
/** Walmart publishes no time for a snapshot; assumed a few minutes, scaled as the feeds are (realistic: under a second). */
const snapshotTimes: Record<RateLimitProfile, { pendingMs: number; processingMs: number }> = {
  realistic: { pendingMs: 300, processingMs: 500 },
  fast: { pendingMs: 20, processingMs: 40 },
};

/** The adItem report's columns the sandbox makes: its dimensions, then its metrics (3, 14 and 30-day attribution). */
const DIMENSIONS = ['date', 'campaignId', 'adGroupId', 'itemId', 'itemName'];
const WINDOWS = ['3days', '14days', '30days'];
const METRICS = [
  'numAdsShown',
  'numAdsClicks',
  'adSpend',
  ...WINDOWS.flatMap((w) => [`attributedSales${w}`, `attributedOrders${w}`, `attributedUnits${w}`]),
];
const COLUMNS = new Set([...DIMENSIONS, ...METRICS]);

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: unknown): value is string => {
  const time = typeof value === 'string' && DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return Number.isFinite(time) && isoDay(time) === value;
};

/** What is wrong with a ReportSnapshotRequestV2 for this sandbox, if anything (a 400). */
export function reportRequestProblem(body: Record<string, unknown>, now: number): string | undefined {
  if (body.reportType !== 'adItem')
    return `reportType ${JSON.stringify(body.reportType)} is not made by this sandbox: ask for adItem`;
  const metrics = body.reportMetrics;
  if (!Array.isArray(metrics) || metrics.length === 0 || metrics.some((m) => typeof m !== 'string'))
    return 'reportMetrics must list the dimensions and metrics wanted';
  const unknown = metrics.find((m) => !COLUMNS.has(m as string));
  if (unknown !== undefined) return `Unknown reportMetrics value ${unknown as string} for the adItem report`;
  if (!metrics.some((m) => DIMENSIONS.includes(m as string)))
    return 'Each report requires at least one dimension in reportMetrics';
  if (body.reportDate !== undefined && (body.startDate !== undefined || body.endDate !== undefined))
    return 'Use either reportDate or startDate and endDate, not both';
  const start = body.reportDate ?? body.startDate;
  const end = body.reportDate ?? body.endDate;
  if (!isDay(start) || !isDay(end)) return 'startDate and endDate (or reportDate) must be dates, yyyy-mm-dd';
  if (start > end) return 'startDate must not be after endDate';
  const today = isoDay(now);
  if (end >= today) return 'The report cannot include the current date';
  if (start < isoDay(now - LOOKBACK_DAYS * DAY_MS)) return `Reports reach back ${LOOKBACK_DAYS} days at most`;
  return undefined;
}

const snapshotStatus = (snapshot: ConnectSnapshotRecord, now: number) =>
  now >= snapshot.doneAt ? 'done' : now >= snapshot.processingFrom ? 'processing' : 'pending';

const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The snapshot's file: a header of the metrics asked, one row per serving item and day with figures. */
function snapshotCsv(advertiser: ConnectAdvertiserRecord, snapshot: ConnectSnapshotRecord): string {
  const lines = [snapshot.reportMetrics.map(csvField).join(',')];
  for (const date of reportDays(advertiser, snapshot.startDate, snapshot.endDate, snapshot.createdAt)) {
    for (const item of snapshot.serving) {
      const figures = dailyFigures(item.itemId, date);
      const values: Record<string, string | number> = {
        date,
        campaignId: item.campaignId,
        adGroupId: item.adGroupId,
        itemId: item.itemId,
        itemName: advertiser.adItems[`${item.adGroupId}:${item.itemId}`]?.name ?? '',
        numAdsShown: figures.impressions,
        numAdsClicks: figures.clicks,
        adSpend: figures.adSpend.toFixed(2),
      };
      for (const window of WINDOWS) {
        values[`attributedSales${window}`] = figures.sales.toFixed(2);
        values[`attributedOrders${window}`] = figures.orders;
        values[`attributedUnits${window}`] = figures.units;
      }
      lines.push(snapshot.reportMetrics.map((metric) => csvField(values[metric] ?? '')).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A new adItem snapshot of what serves now (the request already checked), ready by the profile's clock. */
export function createSnapshot(
  advertiser: ConnectAdvertiserRecord,
  body: Record<string, unknown>,
  profile: RateLimitProfile,
  now = Date.now(),
): ConnectSnapshotRecord {
  const times = snapshotTimes[profile];
  const snapshotId = crypto.randomUUID();
  const snapshot: ConnectSnapshotRecord = {
    snapshotId,
    reportType: 'adItem',
    startDate: (body.reportDate ?? body.startDate) as string,
    endDate: (body.reportDate ?? body.endDate) as string,
    reportMetrics: body.reportMetrics as string[],
    createdAt: now,
    processingFrom: now + times.pendingMs,
    doneAt: now + times.pendingMs + times.processingMs,
    serving: servingItems(advertiser),
  };
  advertiser.snapshots[snapshotId] = snapshot;
  const ids = Object.keys(advertiser.snapshots);
  for (const old of ids.slice(0, Math.max(0, ids.length - KEPT_SNAPSHOTS))) delete advertiser.snapshots[old];
  return snapshot;
}

/** SnapshotResponseV2 for a snapshot now: `details` is its file's address once done. */
export function snapshotAnswer(snapshot: ConnectSnapshotRecord, fileUrl: string, now = Date.now()) {
  const jobStatus = snapshotStatus(snapshot, now);
  return { code: 'success', snapshotId: snapshot.snapshotId, jobStatus, details: jobStatus === 'done' ? fileUrl : '' };
}

/** The snapshot's file, gzipped CSV, once it is done; undefined before. */
export function snapshotFile(
  advertiser: ConnectAdvertiserRecord,
  snapshot: ConnectSnapshotRecord,
  now = Date.now(),
): Buffer | undefined {
  return snapshotStatus(snapshot, now) === 'done' ? zlib.gzipSync(snapshotCsv(advertiser, snapshot)) : undefined;
}
