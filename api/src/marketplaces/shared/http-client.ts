import http from 'node:http';
import https from 'node:https';
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
  /** A successful answer is kept as its bytes (a zip, a gzip file), not decoded as text. */
  binary?: boolean;
}

export interface MarketplaceResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

interface RawResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

/**
 * Connections kept open between calls. Closed after 4 s idle, before the common 5 s of servers
 * (Node's own included), so a call never goes out on a connection the other side is closing.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, timeout: 4_000 }),
  'https:': new https.Agent({ keepAlive: true, timeout: 4_000 }),
};

/**
 * One request and its whole answer, over node:http rather than fetch: fetch cost about four times
 * the CPU per call (measured: 560 against 130 µs), and the product makes dozens of calls a second
 * per seller under a stream of orders. Fails on a lost connection, a timeout or the caller's signal.
 */
function exchange(request: MarketplaceRequest, timeoutMs: number): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(request.url);
    const transport = url.protocol === 'https:' ? https : http;
    const body =
      request.body === undefined
        ? undefined
        : typeof request.body === 'string'
          ? request.body
          : JSON.stringify(request.body);
    const headers: Record<string, string | number> = {
      accept: 'application/json',
      ...(request.body !== undefined && typeof request.body !== 'string' ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
      ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}),
    };
    // AbortSignal.timeout, the platform's own deadline (the fault tests shorten it for calls held unanswered).
    const deadline = AbortSignal.timeout(timeoutMs);
    const onDeadline = () => req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    let settled = false;
    const finish = (error: Error | undefined, response?: RawResponse) => {
      if (settled) return;
      settled = true;
      deadline.removeEventListener('abort', onDeadline);
      request.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(response!);
    };
    const req = transport.request(
      url,
      { method: request.method, headers, agent: agents[url.protocol as keyof typeof agents] },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const answered = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (value !== undefined) answered.set(name, Array.isArray(value) ? value.join(', ') : value);
          finish(undefined, {
            status: res.statusCode ?? 0,
            headers: answered,
            bytes: Buffer.concat(chunks),
          });
        });
        res.on('error', (error) => finish(error));
        res.on('close', () => finish(new Error('the connection closed before the answer was complete')));
      },
    );
    deadline.addEventListener('abort', onDeadline, { once: true });
    const onAbort = () =>
      req.destroy(request.signal!.reason instanceof Error ? request.signal!.reason : new Error('aborted'));
    request.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => finish(error));
    req.end(body);
  });
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
  const describe =
    request.describeError ?? ((status: number): { message: string; code?: string } => ({ message: `HTTP ${status}` }));
  let lastError: MarketplaceError | undefined;

  for (let attempt = 0; attempt < policy.attempts; attempt++) {
    if (request.limit)
      await request.limit.buckets.take(request.limit.key, request.limit.rate, request.limit.cost ?? 1, request.signal);
    let response: RawResponse;
    try {
      response = await exchange(request, request.timeoutMs ?? 30_000);
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      const isRead = request.method === 'GET';
      lastError = new MarketplaceError(
        isRead ? 'unavailable' : 'outcome_unknown',
        `No answer from the marketplace (${(error as Error).message})`,
      );
      // A read can be asked again; a write whose answer was lost must be checked by reading, not repeated blindly.
      if (!isRead) throw lastError;
      await sleep(backoff(policy, attempt), request.signal);
      continue;
    }

    if (request.binary && response.status >= 200 && response.status < 300)
      return { status: response.status, headers: response.headers, body: response.bytes as T };
    const text = response.bytes.toString('utf8');
    let body: unknown = text;
    if (text && response.headers.get('content-type')?.includes('json')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (response.status >= 200 && response.status < 300)
      return { status: response.status, headers: response.headers, body: body as T };

    const { message, code } = describe(response.status, body);
    const wait = retryAfterMs(response.headers);
    if (response.status === 429) {
      if (request.limit) request.limit.buckets.drain(request.limit.key, request.limit.rate);
      lastError = new MarketplaceError('rate_limited', message, {
        status: 429,
        ...(code ? { code } : {}),
        ...(wait !== undefined ? { retryAfterMs: wait } : {}),
      });
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
