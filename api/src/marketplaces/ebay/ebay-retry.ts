import { MarketplaceError } from '../errors.ts';
import { defaultRetry, type RetryPolicy } from '../shared/http-client.ts';
import { sleep } from '../shared/token-bucket.ts';

/** The longest Retry-After eBay calls wait out themselves; longer means a daily quota spent until midnight Pacific. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** Given to marketplaceFetch so that the retrying happens in withEbayRetry. */
export const SINGLE_ATTEMPT: RetryPolicy = { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 };

/**
 * Retries 429 and 5xx as marketplaceFetch would (Retry-After, else backoff with jitter), except that a
 * wait longer than MAX_RETRY_AFTER_MS goes back to the caller as the 'rate_limited' error with its
 * retryAfterMs, instead of holding the call for hours.
 */
export async function withEbayRetry<T>(
  policy: RetryPolicy | undefined,
  signal: AbortSignal | undefined,
  attempt: () => Promise<T>,
  retryable: (error: MarketplaceError) => boolean = (error) => error.retryable,
): Promise<T> {
  const { attempts, baseDelayMs, maxDelayMs } = policy ?? defaultRetry;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof MarketplaceError) || !retryable(error) || n + 1 >= attempts) throw error;
      const wait = error.details.retryAfterMs ?? Math.min(maxDelayMs, baseDelayMs * 2 ** n) * (0.5 + Math.random() / 2);
      if (wait > MAX_RETRY_AFTER_MS) throw error;
      await sleep(wait, signal);
    }
  }
}
