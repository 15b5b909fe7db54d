import { MarketplaceError } from '../errors.ts';
import { sleep, type RateLimit, type TokenBuckets } from './token-bucket.ts';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** First backoff; doubled each retry, with jitter, capped at maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetry: RetryPolicy = { attempts: 5, baseDelayMs: 500, maxDelayMs: 30_000 };

export interface MarketplaceRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** The bucket this call spends from, and how much. */
  limit?: { buckets: Pick<TokenBuckets, 'take' | 'drain'>; key: string; rate: RateLimit; cost?: number };
  retry?: RetryPolicy;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Turns a non-2xx body into the marketplace's own message (each marketplace words errors its own way). */
  describeError?: (status: number, body: unknown) => { message: string; code?: string };
}

export interface MarketplaceResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

const backoff = (policy: RetryPolicy, attempt: number) =>
  Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt) * (0.5 + Math.random() / 2);

/**
 * One marketplace call: paced by the bucket, retried on 429 and 5xx with backoff that honours
 * Retry-After, and failing with a named MarketplaceError. A timeout on a write is 'outcome_unknown':
 * the marketplace may have applied it, and only a read can tell.
 */
export async function marketplaceFetch<T = unknown>(request: MarketplaceRequest): Promise<MarketplaceResponse<T>> {
  const policy = request.retry ?? defaultRetry;
  const describe = request.describeError ?? ((status: number): { message: string; code?: string } => ({ message: `HTTP ${status}` }));
  let lastError: MarketplaceError | undefined;

  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    if (request.limit) await request.limit.buckets.take(request.limit.key, request.limit.rate, request.limit.cost ?? 1, request.signal);
    const timeout = AbortSignal.timeout(request.timeoutMs ?? 30_000);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(request.url, {
        method: request.method,
        headers: { accept: 'application/json', ...(request.body !== undefined && typeof request.body !== 'string' ? { 'content-type': 'application/json' } : {}), ...request.headers },
        body: request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body),
        signal,
      });
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      const isRead = request.method === 'GET';
      // fetch says only "fetch failed"; the reason (a reset, a refused connection, a timeout) is its cause.
      const cause = (error as Error).cause instanceof Error ? `: ${((error as Error).cause as Error).message}` : '';
      lastError = new MarketplaceError(isRead ? 'unavailable' : 'outcome_unknown', `No answer from the marketplace (${(error as Error).message}${cause})`);
      // A read can be asked again; a write whose answer was lost must be checked by reading, not repeated blindly.
      if (!isRead) throw lastError;
      await sleep(backoff(policy, attempt), request.signal);
      continue;
    }

    const text = await response.text();
    let body: unknown = text;
    if (text && response.headers.get('content-type')?.includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (response.ok) return { status: response.status, headers: response.headers, body: body as T };

    const { message, code } = describe(response.status, body);
    const wait = retryAfterMs(response.headers);
    if (response.status === 429) {
      if (request.limit) request.limit.buckets.drain(request.limit.key, request.limit.rate);
      lastError = new MarketplaceError('rate_limited', message, { status: 429, ...(code ? { code } : {}), ...(wait !== undefined ? { retryAfterMs: wait } : {}) });
    } else if (response.status >= 500) {
      lastError = new MarketplaceError('unavailable', message, { status: response.status, ...(code ? { code } : {}) });
    } else if (response.status === 401 || response.status === 403) {
      throw new MarketplaceError('auth', message, { status: response.status, ...(code ? { code } : {}) });
    } else {
      throw new MarketplaceError('rejected', message, { status: response.status, ...(code ? { code } : {}) });
    }
    // A wait longer than the policy allows (a spent daily quota) is the caller's to schedule, not ours to sleep through.
    if (wait !== undefined && wait > policy.maxDelayMs) throw lastError;
    if (attempt + 1 < policy.attempts) await sleep(wait ?? backoff(policy, attempt), request.signal);
  }
  throw lastError!;
}
