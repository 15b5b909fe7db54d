import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { server } from '../../msw-server';
import {
  api,
  ApiError,
  AUTH_FAILED_MESSAGE,
  errorText,
  mapErrorMessage,
  NETWORK_MESSAGE,
  readByKey,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_MESSAGE,
  unwrap,
} from './request';
import { createQueryClient } from './query-client';
import { CURRENT_USER_STALE_MS, currentUserQuery } from './auth';

// The request layer against the network (intercepted), as the browser would run it.
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const origin = '*';

describe('the error catalogue (spec section 8)', () => {
  it('makes "status: body" errors and keeps the server message for toasts', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(`${origin}/api/auth/forgot-password`, () =>
        HttpResponse.json({ message: 'Too many attempts.' }, { status: 429 }),
      ),
    );
    const error = await unwrap(api.POST('/api/auth/forgot-password', { body: { email: 'a@b.co' } })).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('429: {"message":"Too many attempts."}');
    expect(error.status).toBe(429);
    expect(error.serverMessage).toBe('Too many attempts.');
    expect(errorText(error)).toBe('Too many attempts.');
  });

  it('uses the status text when the body is empty', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(
        `${origin}/api/admin/users`,
        () => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    const error = await unwrap(api.GET('/api/admin/users')).catch((e) => e);
    expect(error.message).toBe('503: Service Unavailable');
  });

  it('maps any message containing 401 to the authentication text', () => {
    expect(mapErrorMessage('401: {"message":"x"}')).toBe(AUTH_FAILED_MESSAGE);
    expect(mapErrorMessage('400: bad')).toBe('400: bad');
  });

  it('does not log the 401 that says nobody is signed in, but logs it from any other call', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.get(`${origin}/api/auth/user`, () => HttpResponse.json({ message: 'Not signed in' }, { status: 401 })),
      http.get(`${origin}/api/dashboard`, () => HttpResponse.json({ message: 'Not signed in' }, { status: 401 })),
    );
    await unwrap(api.GET('/api/auth/user')).catch(() => undefined);
    expect(log).not.toHaveBeenCalled();
    await unwrap(api.GET('/api/dashboard')).catch(() => undefined);
    expect(log).toHaveBeenCalledWith('[api] GET /api/dashboard failed:', AUTH_FAILED_MESSAGE);
    log.mockRestore();
  });

  it('logs failed calls with method and path, but not failed fetches', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post(`${origin}/api/auth/logout`, () => HttpResponse.json({ message: 'no' }, { status: 403 })));
    await unwrap(api.POST('/api/auth/logout')).catch(() => undefined);
    expect(log).toHaveBeenCalledWith('[api] POST /api/auth/logout failed:', '403: {"message":"no"}');
    log.mockClear();
    server.use(http.post(`${origin}/api/auth/logout`, () => HttpResponse.error()));
    const error = await unwrap(api.POST('/api/auth/logout')).catch((e) => e);
    expect(error.message).toBe(NETWORK_MESSAGE);
    expect(log).not.toHaveBeenCalled();
  });

  it('aborts after 120 seconds with the timeout text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${origin}/api/auth/user`, () => new Promise<Response>(() => {})));
    // Stand in for the 120 s signal with one that has already fired as a timeout.
    const fired = new AbortController();
    fired.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(fired.signal);
    const error = await unwrap(api.GET('/api/auth/user')).catch((e) => e);
    expect(timeout).toHaveBeenCalledWith(120_000);
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    expect(error.message).toBe(TIMEOUT_MESSAGE);
  });
});

describe('requests', () => {
  it('send JSON bodies with a JSON content type and always include cookies', async () => {
    let seen: { type: string | null; body: unknown; credentials: RequestCredentials } | undefined;
    server.use(
      http.post(`${origin}/api/auth/login`, async ({ request: r }) => {
        seen = { type: r.headers.get('content-type'), body: await r.json(), credentials: r.credentials };
        return HttpResponse.json({ requiresVerification: true, message: 'verify', email: 'a@b.co' });
      }),
    );
    await unwrap(api.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'x' } }));
    expect(seen?.type).toContain('application/json');
    expect(seen?.body).toEqual({ email: 'a@b.co', password: 'x' });
    expect(seen?.credentials).toBe('include');
  });

  it('name method and path once: failures are logged with the contract path, answers come back as data', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(`${origin}/api/channels/:channelId/pause`, () =>
        HttpResponse.json({ message: 'Channel not found' }, { status: 404 }),
      ),
      http.get(`${origin}/api/admin/settings`, () => HttpResponse.json({ syncIntervalMinutes: 3 })),
    );
    const error = await unwrap(
      api.POST('/api/channels/{channelId}/pause', { params: { path: { channelId: 'c-1' } } }),
    ).catch((e) => e);
    expect(error.serverMessage).toBe('Channel not found');
    expect(log).toHaveBeenCalledWith(
      '[api] POST /api/channels/{channelId}/pause failed:',
      '404: {"message":"Channel not found"}',
    );
    await expect(unwrap(api.GET('/api/admin/settings'))).resolves.toEqual({ syncIntervalMinutes: 3 });
  });

  it('a 2xx answer that is not JSON fails, logged with method and path', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get(`${origin}/api/dashboard`, () => HttpResponse.text('<!doctype html>')));
    const error = await unwrap(api.GET('/api/dashboard')).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(log).toHaveBeenCalledWith('[api] GET /api/dashboard failed:', error.message);
  });

  it('the generic reader GETs the joined key and parses JSON', async () => {
    server.use(http.get(`${origin}/api/things/42`, () => HttpResponse.json({ id: 42 })));
    const answer = await readByKey({ queryKey: ['/api/things', 42], signal: new AbortController().signal });
    expect(answer).toEqual({ id: 42 });
  });
});

describe('query defaults (spec section 9)', () => {
  it('never retries, never refetches on focus or interval, and data never goes stale', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Infinity,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('caches the current user five minutes and treats 401 as signed out', async () => {
    expect(CURRENT_USER_STALE_MS).toBe(300_000);
    expect(currentUserQuery.staleTime).toBe(300_000);
    server.use(
      http.get(`${origin}/api/auth/user`, () => HttpResponse.json({ message: 'Not signed in' }, { status: 401 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient();
    await expect(client.fetchQuery(currentUserQuery)).resolves.toBeNull();
  });
});
