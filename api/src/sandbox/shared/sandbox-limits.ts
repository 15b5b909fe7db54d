/** The sandbox's own token buckets: it refuses with 429 when empty, as the marketplace does. */
export interface SandboxRate {
  rate: number;
  burst: number;
}

export const rateLimitProfiles = ['realistic', 'fast'] as const;
export type RateLimitProfile = (typeof rateLimitProfiles)[number];

export class SandboxBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** Takes `cost`; answers 0 when allowed, else the milliseconds until it would be. */
  take(key: string, limit: SandboxRate, cost = 1, now = Date.now()): number {
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, at: now };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.rate);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= cost) {
      bucket.tokens -= cost;
      return 0;
    }
    return Math.ceil(((cost - bucket.tokens) / limit.rate) * 1000);
  }

  /** What is left now (for Shopify's throttleStatus and usage headers). */
  available(key: string, limit: SandboxRate, now = Date.now()): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return limit.burst;
    return Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.rate);
  }

  clear(): void {
    this.buckets.clear();
  }
}
