import { getResponse, type HttpHandler } from 'msw';
import { describe, expect, test } from 'vitest';
import { authHandlers } from './auth';
import { impersonatedClient, users } from './fixtures';

// Resolve a request against one scenario's handlers, without intercepting real traffic.
async function call(handlers: HttpHandler[], method: string, path: string, body?: unknown) {
  const request = new Request(new URL(path, location.origin), {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await getResponse(handlers, request);
  if (!response) throw new Error(`No handler for ${method} ${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('auth scenarios', () => {
  test('signed out: the current-user call answers 401', async () => {
    expect(await call(authHandlers.signedOut, 'GET', '/api/auth/user')).toEqual({
      status: 401,
      body: { message: 'Not signed in' },
    });
  });

  test.each([
    ['signedInClient', users.client],
    ['signedInAdmin', users.admin],
    ['signedInSuper', users.superAdmin],
    ['signedInSuperUser', users.superUser],
    ['impersonating', impersonatedClient],
  ] as const)('%s: the current user is the fixture', async (scenario, user) => {
    expect(await call(authHandlers[scenario], 'GET', '/api/auth/user')).toEqual({ status: 200, body: user });
  });

  test('impersonating: the current user carries isBeingImpersonated', async () => {
    const { body } = await call(authHandlers.impersonating, 'GET', '/api/auth/user');
    expect(body).toMatchObject({ isBeingImpersonated: true, companyName: 'Cooper Home Goods' });
  });

  test('login succeeds with the email that was sent', async () => {
    const { status, body } = await call(authHandlers.signedOut, 'POST', '/api/auth/login', {
      email: 'jane@example.com',
      password: 'secret',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ email: 'jane@example.com', role: 'client' });
  });

  test('loginRequiresVerification answers with the verification payload', async () => {
    const { body } = await call(authHandlers.loginRequiresVerification, 'POST', '/api/auth/login', {
      email: 'new.seller@example.com',
      password: 'secret',
    });
    expect(body).toEqual({
      requiresVerification: true,
      message: expect.any(String),
      email: 'new.seller@example.com',
    });
  });

  test('loginFails answers 401 with a message to show', async () => {
    expect(
      await call(authHandlers.loginFails, 'POST', '/api/auth/login', { email: 'a@b.co', password: 'wrong' }),
    ).toEqual({ status: 401, body: { message: 'Invalid email or password' } });
  });

  test('registration asks for verification', async () => {
    const { status, body } = await call(authHandlers.signedOut, 'POST', '/api/auth/register', {
      email: 'new@example.com',
      password: 'longenough',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ requiresVerification: true, email: 'new@example.com' });
  });

  test('resetPasswordFails carries the server message', async () => {
    expect(
      await call(authHandlers.resetPasswordFails, 'POST', '/api/auth/reset-password', {
        token: 't',
        password: 'abcdef',
      }),
    ).toEqual({ status: 400, body: { message: 'Reset token is invalid or has expired' } });
  });

  test('every scenario answers the current-user call', async () => {
    for (const [name, handlers] of Object.entries(authHandlers)) {
      if (name === 'loadingUser') continue; // never answers, by design
      const { status } = await call(handlers, 'GET', '/api/auth/user');
      expect([200, 401], name).toContain(status);
    }
  });
});
