import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '@contract';

/** Spec section 9: a request is aborted after 120 seconds. */
export const REQUEST_TIMEOUT_MS = 120_000;

export const TIMEOUT_MESSAGE = 'Request timeout - server may be busy processing';
export const NETWORK_MESSAGE = 'Network connection failed - please refresh and try again';
export const AUTH_FAILED_MESSAGE = 'Authentication failed - please refresh and try again';

/**
 * A failed call. `message` follows the spec's error catalogue (section 8); `serverMessage` is the
 * `message` of the server's JSON body, which toasts show where the spec says "the server message".
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly serverMessage: string | undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** "Message containing 401" becomes the authentication text; anything else passes unchanged. */
export function mapErrorMessage(message: string): string {
  return message.includes('401') ? AUTH_FAILED_MESSAGE : message;
}

/** The text a toast shows for an error: the server's own words when it sent some. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

function parseServerMessage(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string')
      return parsed.message;
  } catch {
    // Not JSON: there is no server message to show.
  }
  return undefined;
}

const CURRENT_USER_PATH = '/api/auth/user';

/**
 * A non-2xx answer as an ApiError per spec section 8 ("status: body", or the status text when the
 * body is empty), logged with method and path.
 */
export function errorFromBody(
  status: number,
  statusText: string,
  body: string,
  method: string,
  path: string,
): ApiError {
  const error = new ApiError(mapErrorMessage(`${status}: ${body || statusText}`), status, parseServerMessage(body));
  // A 401 from the current-user read is how the server says "not signed in" (spec: treated as empty, not an error).
  if (!(status === 401 && method === 'GET' && path === CURRENT_USER_PATH))
    console.error(`[api] ${method} ${path} failed:`, error.message);
  return error;
}

export async function errorFromResponse(response: Response, method: string, path: string): Promise<ApiError> {
  const body = await response.text().catch(() => '');
  return errorFromBody(response.status, response.statusText, body, method, path);
}

/** Timeouts and network failures get the spec's texts; failed fetches are not logged. */
export function errorFromException(exception: unknown, method: string, path: string): ApiError {
  if (exception instanceof DOMException && exception.name === 'TimeoutError') {
    console.error(`[api] ${method} ${path} failed:`, TIMEOUT_MESSAGE);
    return new ApiError(TIMEOUT_MESSAGE, undefined, undefined);
  }
  if (exception instanceof DOMException && exception.name === 'AbortError') {
    return new ApiError('Request cancelled', undefined, undefined);
  }
  if (exception instanceof TypeError) return new ApiError(NETWORK_MESSAGE, undefined, undefined);
  const error = new ApiError(exception instanceof Error ? exception.message : String(exception), undefined, undefined);
  console.error(`[api] ${method} ${path} failed:`, error.message);
  return error;
}

/** Every call: cookies sent, a 120 s limit joined with the caller's own abort signal. */
export function timedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url =
    typeof input === 'string' && typeof window !== 'undefined' ? new URL(input, window.location.origin) : input;
  const request = url instanceof Request ? url : new Request(url, init);
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  return fetch(new Request(request, { signal, credentials: 'include' }));
}

const jsonBodies: Middleware = {
  onRequest({ request }) {
    if (request.body !== null && !request.headers.has('content-type'))
      request.headers.set('content-type', 'application/json');
    return request;
  },
};

/**
 * Every call of `api` fails as the spec says (section 8), named by its method and the contract's
 * path, so a call site names them once: a non-2xx answer becomes "status: body"; a failed fetch,
 * the 120 s limit or a cancellation get their texts. The body is read here whole, so the same
 * holds while a 2xx body arrives, and a 2xx body that is not JSON fails here, logged, too.
 */
const specErrors: Middleware = {
  async onResponse({ request, response, schemaPath, options }) {
    let body: string;
    try {
      body = await response.text();
    } catch (exception) {
      throw errorFromException(exception, request.method, schemaPath);
    }
    if (!response.ok) throw errorFromBody(response.status, response.statusText, body, request.method, schemaPath);
    if (options.parseAs === 'json' && body !== '') {
      try {
        // Only to fail here, with method and path; openapi-fetch parses the body again.
        JSON.parse(body);
      } catch (exception) {
        throw errorFromException(exception, request.method, schemaPath);
      }
    }
    // The body was consumed above: openapi-fetch reads this copy of it.
    const { status, statusText, headers } = response;
    return new Response(body === '' ? null : body, { status, statusText, headers });
  },
  onError({ error, request, schemaPath }) {
    return errorFromException(error, request.method, schemaPath);
  },
};

/** The one typed client of the contract. Resolved against the page's origin at call time. */
export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  credentials: 'include',
  fetch: (request: Request) => timedFetch(request),
});
api.use(jsonBodies, specErrors);

/**
 * The data of a call of `api`, which names its method and path once:
 * `unwrap(api.PATCH('/api/auth/profile', { body }))`. Failures never get here: `specErrors` has
 * already thrown them as the spec's ApiError.
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data } = await call;
  return data as T;
}

/**
 * The generic data reader (spec section 7): GET the joined parts of the key, parse JSON.
 * Used as the query client's default queryFn.
 */
export async function readByKey({
  queryKey,
  signal,
}: {
  queryKey: readonly unknown[];
  signal: AbortSignal;
}): Promise<unknown> {
  const path = queryKey.join('/');
  let response: Response;
  try {
    response = await timedFetch(path, { credentials: 'include', signal });
  } catch (exception) {
    throw errorFromException(exception, 'GET', path);
  }
  if (!response.ok) throw await errorFromResponse(response, 'GET', path);
  return response.json();
}
