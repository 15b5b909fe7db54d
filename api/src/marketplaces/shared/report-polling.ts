import { sleep } from './token-bucket.ts';

/** How a marketplace's asynchronous report is waited for: the first wait, the longest, and when to give up. */
export interface ReportPolling {
  firstDelayMs: number;
  maxDelayMs: number;
  giveUpAfterMs: number;
}

/**
 * Reads a report's status again and again, each wait twice the one before (up to `maxDelayMs`: report
 * endpoints throttle eager polling), until `finished` says so. Undefined once the wait would pass
 * `giveUpAfterMs`: the report is asked for again at the next read.
 */
export async function pollReport<T>(
  read: (signal?: AbortSignal) => Promise<T>,
  finished: (status: T) => boolean,
  polling: ReportPolling,
  signal?: AbortSignal,
): Promise<T | undefined> {
  const deadline = Date.now() + polling.giveUpAfterMs;
  for (let wait = polling.firstDelayMs; ; wait = Math.min(polling.maxDelayMs, wait * 2)) {
    if (Date.now() + wait > deadline) return undefined;
    await sleep(wait, signal);
    const status = await read(signal);
    if (finished(status)) return status;
  }
}
