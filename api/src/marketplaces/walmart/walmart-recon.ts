/**
 * An order's fees from Walmart's reconciliation (settlement) report (reports.json): the available dates
 * (getAvailableV1ReconReportDates), then each date's report (getReconReportV1, a zip holding a CSV). A report covers
 * every order settled in its period, so the adapter keeps the newest few it read, parsed to fees per purchase
 * order, for its whole life, and lists the dates again only every few minutes: the fees of a hundred orders cost a
 * handful of calls, not a download each.
 */
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import {
  orderFeesFromRecon,
  reconDatesNewestFirst,
  reconFileFees,
  RECON_REPORT_VERSION,
  type ReconFees,
} from './recon-transform.ts';
import type { WalmartReconDates } from './types.ts';
import type { WalmartClient } from './walmart-client.ts';

/** Reports kept (the newest): a refund's commission given back comes in a report after the sale's, within weeks. */
export const RECON_REPORTS_KEPT = 6;
/** How long the list of available dates is trusted: a new report is news within minutes, not seconds. */
export const RECON_DATES_FRESH_MS = 5 * 60_000;
/**
 * The newest report may still grow (Walmart regenerates it periodically) and is read again after this long:
 * reports.json asks that a report be retrieved no more often than every two hours. Older reports are final.
 */
export const RECON_NEWEST_FRESH_MS = 2 * 3_600_000;

export const RECON_REFUSED = "Walmart refuses this seller's reconciliation reports: their fees are estimated.";

interface ReadReport {
  fees: ReconFees;
  readAt: number;
}

export function walmartReconFees(
  client: WalmartClient,
  now: () => number = Date.now,
): Required<Pick<MarketplaceAdapter, 'orderFees'>> {
  const api = client.endpoints;
  const reports = new Map<string, ReadReport>();
  let dates: { newestFirst: string[]; listedAt: number } | undefined;
  let reading: Promise<void> | undefined;

  async function readReports(signal?: AbortSignal): Promise<void> {
    const at = now();
    if (!dates || at - dates.listedAt >= RECON_DATES_FRESH_MS) {
      const { body } = await client.call<WalmartReconDates>(
        'reconReport',
        { method: 'GET', url: api.reconDates(RECON_REPORT_VERSION) },
        signal,
      );
      dates = { newestFirst: reconDatesNewestFirst(body).slice(0, RECON_REPORTS_KEPT), listedAt: at };
      for (const date of reports.keys()) if (!dates.newestFirst.includes(date)) reports.delete(date);
    }
    for (const [index, date] of dates.newestFirst.entries()) {
      const read = reports.get(date);
      if (read && (index > 0 || at - read.readAt < RECON_NEWEST_FRESH_MS)) continue;
      const zip = await client.download('reconReport', api.reconFile(date, RECON_REPORT_VERSION), signal);
      let fees: ReconFees;
      try {
        fees = reconFileFees(zip);
      } catch (error) {
        throw new MarketplaceError(
          'unavailable',
          `Walmart's recon report of ${date} could not be read (${(error as Error).message})`,
        );
      }
      reports.set(date, { fees, readAt: at });
    }
  }

  return {
    async orderFees(purchaseOrderId, signal) {
      // Callers reading many orders at once share one refresh rather than each downloading the same reports.
      reading ??= readReports(signal).finally(() => {
        reading = undefined;
      });
      try {
        await reading;
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'auth' && error.details.status === 403)
          return { status: 'unavailable', reason: RECON_REFUSED };
        throw error;
      }
      return orderFeesFromRecon(
        purchaseOrderId,
        [...reports.values()].map((r) => r.fees),
      );
    },
  };
}
