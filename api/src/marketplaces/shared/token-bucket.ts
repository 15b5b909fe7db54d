/** A published limit: `rate` tokens refill per second up to `burst` (FACTS.md: "rate = refill per second, burst = bucket size"). */
export interface RateLimit {
  rate: number;
  burst: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/**
 * Token buckets keyed by seller and operation. `take` waits until the cost is available, so calls
 * are paced to the limit instead of being refused by the marketplace. One limiter per process;
 * with several workers each paces its own share.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  /**
   * `paced: false` lets every call through at once: for the sandboxes' fast profile, which answers
   * as fast as it can and still says 429 (with Retry-After) when pushed past its own limits.
   */
  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly options: { paced: boolean } = { paced: true },
  ) {}

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
        return;
      }
      await sleep(wait, signal);
    }
  }

  /** The marketplace said the bucket is empty (a 429): spend what we thought was left. */
  drain(key: string, limit: RateLimit): void {
    const bucket = this.refill(key, limit);
    bucket.tokens = Math.min(bucket.tokens, 0);
  }

  /** The marketplace reported its own count (Shopify's throttleStatus): believe it. */
  set(key: string, tokens: number): void {
    this.buckets.set(key, { tokens, updatedAt: this.now() });
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
