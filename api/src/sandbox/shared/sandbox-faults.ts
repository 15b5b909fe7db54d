import { rateLimitProfiles, type RateLimitProfile } from './sandbox-limits.ts';

export interface Faults {
  /** Added before every answer of the marketplace API. */
  latencyMs: number;
  /** Share of marketplace API calls answered with a 5xx (0 to 1). */
  errorRate: number;
  rateLimitProfile: RateLimitProfile;
  /** The next N marketplace API calls are answered 429 (Retry-After: 1, the marketplace's own body); counts down to 0. */
  rateLimitBurst: number;
  /**
   * Share of marketplace API calls that never answer (0 to 1): the request is held open and not
   * applied, until the client gives up (disconnects) or HELD_REQUEST_MS passes, when the connection is dropped.
   */
  timeoutRate: number;
  /**
   * Writes touching these SKUs (single updates, bulk calls, feed items) are refused for that item
   * only, in the marketplace's own per-item error shape. Checked when the write is handled: a feed's
   * items when the feed is processed.
   */
  rejectSkus: string[];
}

const faultFields = [
  'latencyMs',
  'errorRate',
  'rateLimitProfile',
  'rateLimitBurst',
  'timeoutRate',
  'rejectSkus',
] as const;

export const noFaults = (profile: RateLimitProfile): Faults => ({
  latencyMs: 0,
  errorRate: 0,
  rateLimitProfile: profile,
  rateLimitBurst: 0,
  timeoutRate: 0,
  rejectSkus: [],
});

/** The faults after a PUT of `body` over `current`, or the reason it is refused. */
export function nextFaults(current: Faults, body: unknown): Faults | string {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'faults: send a JSON object';
  const unknown = Object.keys(body).filter((k) => !(faultFields as readonly string[]).includes(k));
  if (unknown.length) return `faults: unknown field ${unknown.join(', ')}; the fields are ${faultFields.join(', ')}`;
  const next = { ...current, ...(body as Partial<Faults>) };
  const problems: string[] = [];
  if (
    typeof next.latencyMs !== 'number' ||
    !Number.isFinite(next.latencyMs) ||
    next.latencyMs < 0 ||
    next.latencyMs > 60_000
  )
    problems.push('latencyMs from 0 to 60000');
  if (typeof next.errorRate !== 'number' || !(next.errorRate >= 0 && next.errorRate <= 1))
    problems.push('errorRate from 0 to 1');
  if (!(rateLimitProfiles as readonly string[]).includes(next.rateLimitProfile))
    problems.push('rateLimitProfile realistic or fast');
  if (!Number.isInteger(next.rateLimitBurst) || next.rateLimitBurst < 0)
    problems.push('rateLimitBurst a whole number ≥ 0');
  if (typeof next.timeoutRate !== 'number' || !(next.timeoutRate >= 0 && next.timeoutRate <= 1))
    problems.push('timeoutRate from 0 to 1');
  if (
    !Array.isArray(next.rejectSkus) ||
    !next.rejectSkus.every((sku) => typeof sku === 'string' && sku.length > 0) ||
    next.rejectSkus.length > 10_000
  ) {
    problems.push('rejectSkus a list of SKUs (non-empty strings, at most 10000)');
  }
  if (problems.length) return `faults: ${problems.join(', ')}`;
  return {
    latencyMs: next.latencyMs,
    errorRate: next.errorRate,
    rateLimitProfile: next.rateLimitProfile,
    rateLimitBurst: next.rateLimitBurst,
    timeoutRate: next.timeoutRate,
    rejectSkus: [...new Set(next.rejectSkus)],
  };
}

/**
 * The faults in force: one set for every seller (the open control API's `PUT /_control/faults`),
 * and a set of a seller's own (`PUT /_control/sellers/{id}/faults`) that wins for that seller.
 */
export class FaultBoard {
  private everyone: Faults;
  private readonly bySeller = new Map<string, Faults>();

  constructor(private readonly profile: RateLimitProfile) {
    this.everyone = noFaults(profile);
  }

  /** The faults a call of this seller meets (every seller's when it has none of its own, or is unknown). */
  of(sellerId: string | undefined): Faults {
    return (sellerId !== undefined && this.bySeller.get(sellerId)) || this.everyone;
  }

  /** Sets every seller's faults (a PUT's body over the current ones); answers them, or why not. */
  setForEveryone(body: unknown): Faults | string {
    const next = nextFaults(this.everyone, body);
    if (typeof next !== 'string') this.everyone = next;
    return next;
  }

  /** Sets one seller's own faults, starting from those it meets now. */
  setForSeller(sellerId: string, body: unknown): Faults | string {
    const next = nextFaults(this.of(sellerId), body);
    if (typeof next !== 'string') this.bySeller.set(sellerId, next);
    return next;
  }

  /** Whether this call is one of the injected 429 burst (and counts it down). */
  takeBurst(sellerId: string | undefined): boolean {
    const faults = this.of(sellerId);
    if (faults.rateLimitBurst <= 0) return false;
    faults.rateLimitBurst--;
    return true;
  }

  forget(sellerId: string): void {
    this.bySeller.delete(sellerId);
  }

  clear(): void {
    this.everyone = noFaults(this.profile);
    this.bySeller.clear();
  }
}
