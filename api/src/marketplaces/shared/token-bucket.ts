/**
 * A published limit: `rate` tokens refill per second up to `burst`, as Amazon's SP-API models define
 * their usage plans ("rate = refill per second, burst = bucket size": the "Usage Plan" text of each
 * operation in amzn/selling-partner-api-models, e.g. models/feeds-api-model/feeds_2021-06-30.json).
 */
export interface RateLimit {
  rate: number;
  burst: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** How much of a limit was spent lately: two fixed one-minute windows, read as a sliding minute. */
interface Spending {
  limit: RateLimit;
  windowStart: number;
  spent: number;
  previousSpent: number;
  limited: number;
  previousLimited: number;
}

/** The busiest limit of a seller over the last minute: what the dashboard shows as rate-limit use. */
export interface RateLimitUse {
  /** Share of the busiest limit's published rate spent in the last minute, 0–100. */
  percent: number;
  /** That limit's operation (the bucket key's last part), null when nothing was spent. */
  operation: string | null;
  /** Calls the marketplace refused with 429 in the last minute, over all of the seller's limits. */
  limited: number;
}

const WINDOW_MS = 60_000;

/**
 * Token buckets keyed by seller and operation. `take` waits until the cost is available, so calls
 * are paced to the limit instead of being refused by the marketplace. One limiter per process;
 * with several workers each paces its own share.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private readonly spending = new Map<string, Spending>();

  /**
   * `paced: false` lets every call through at once: for the sandboxes' fast profile, which answers
   * as fast as it can and still says 429 (with Retry-After) when pushed past its own limits.
   */
  constructor(
    private readonly now: () => number = () => Date.now(),
    private options: { paced: boolean } = { paced: true },
  ) {}

  /**
   * Paces (or not) from now on, every bucket full again: the benchmarks set up in the fast profile
   * and measure paced to the published limits, with the adapters (and what they hold) they had.
   */
  reconfigure(options: { paced: boolean }): void {
    this.options = options;
    this.buckets.clear();
    this.spending.clear();
  }

  private refill(key: string, limit: RateLimit): Bucket {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, updatedAt: now };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.updatedAt) / 1000) * limit.rate);
    bucket.updatedAt = now;
    this.buckets.set(key, bucket);
    return bucket;
  }

  /** Milliseconds until `cost` tokens are available (0 when they are now). */
  waitFor(key: string, limit: RateLimit, cost = 1): number {
    if (!this.options.paced) return 0;
    const bucket = this.refill(key, limit);
    if (bucket.tokens >= cost) return 0;
    return Math.ceil(((cost - bucket.tokens) / limit.rate) * 1000);
  }

  /** Takes `cost` tokens, waiting as long as the limit requires. */
  async take(key: string, limit: RateLimit, cost = 1, signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const wait = this.waitFor(key, limit, cost);
      if (wait === 0) {
        const bucket = this.buckets.get(key);
        if (bucket) bucket.tokens -= cost;
        this.spend(key, limit).spent += cost;
        return;
      }
      await sleep(wait, signal);
    }
  }

  /** The marketplace said the bucket is empty (a 429): spend what we thought was left. */
  drain(key: string, limit: RateLimit): void {
    const bucket = this.refill(key, limit);
    bucket.tokens = Math.min(bucket.tokens, 0);
    this.spend(key, limit).limited += 1;
  }

  /** The marketplace reported its own count (Shopify's throttleStatus): believe it. */
  set(key: string, tokens: number): void {
    this.buckets.set(key, { tokens, updatedAt: this.now() });
  }

  /** The window of `key`, moved on to now (a window left a minute or more ago counts nothing). */
  private spend(key: string, limit: RateLimit): Spending {
    const now = this.now();
    let spending = this.spending.get(key);
    if (!spending)
      this.spending.set(
        key,
        (spending = { limit, windowStart: now, spent: 0, previousSpent: 0, limited: 0, previousLimited: 0 }),
      );
    spending.limit = limit;
    const windows = Math.floor((now - spending.windowStart) / WINDOW_MS);
    if (windows >= 1) {
      spending.previousSpent = windows === 1 ? spending.spent : 0;
      spending.previousLimited = windows === 1 ? spending.limited : 0;
      spending.spent = 0;
      spending.limited = 0;
      spending.windowStart += windows * WINDOW_MS;
    }
    return spending;
  }

  /**
   * Rate-limit use of every bucket whose key starts with `prefix` (one seller's limits): the busiest
   * one's spending over the last minute against its published rate. The previous window counts for
   * the part of it still inside the last minute.
   */
  use(prefix: string): RateLimitUse {
    let busiest: RateLimitUse = { percent: 0, operation: null, limited: 0 };
    let limited = 0;
    for (const [key, known] of this.spending) {
      if (!key.startsWith(prefix)) continue;
      const spending = this.spend(key, known.limit);
      const left = 1 - (this.now() - spending.windowStart) / WINDOW_MS;
      const spent = spending.spent + spending.previousSpent * left;
      limited += spending.limited + Math.round(spending.previousLimited * left);
      const percent = Math.min(100, Math.round((spent / (spending.limit.rate * 60)) * 100));
      if (spent > 0 && (busiest.operation === null || percent > busiest.percent))
        busiest = { percent, operation: key.slice(key.lastIndexOf(':') + 1), limited: 0 };
    }
    return { ...busiest, limited };
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
