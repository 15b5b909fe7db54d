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

/** The one typed client of the contract. Resolved against the page's origin at call time. */
export const api = createClient<paths>({
  baseUrl: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  credentials: 'include',
  fetch: (request: Request) => timedFetch(request),
});
api.use(jsonBodies);

type Result<T> = { data?: T; error?: unknown; response: Response };

/**
 * Unwraps an openapi-fetch call: the data on success, else the spec's ApiError.
 * `call` receives nothing and returns the client's promise, so exceptions are caught here too.
 */
export async function request<T>(method: string, path: string, call: () => Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call();
  } catch (exception) {
    throw errorFromException(exception, method, path);
  }
  if (!result.response.ok) {
    // openapi-fetch has already read the body into `error` (parsed JSON, or the text).
    const body =
      result.error === undefined ? '' : typeof result.error === 'string' ? result.error : JSON.stringify(result.error);
    throw errorFromBody(result.response.status, result.response.statusText, body, method, path);
  }
  return result.data as T;
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
