import { getResponse, type HttpHandler } from 'msw';
import { describe, expect, test } from 'vitest';
import { adminHandlers } from './admin';
import { adminUsers, users } from './fixtures';

async function call(handlers: HttpHandler[], method: string, path: string) {
  const response = await getResponse(handlers, new Request(new URL(path, location.origin), { method }));
  if (!response) throw new Error(`No handler for ${method} ${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('admin scenarios', () => {
  test('the user list pages through every fixture user', async () => {
    expect(await call(adminHandlers.default, 'GET', '/api/admin/users?page=2&pageSize=3')).toEqual({
      status: 200,
      body: { items: adminUsers.slice(3, 6), total: adminUsers.length, page: 2, pageSize: 3 },
    });
  });

  test('the user list filters by search and role', async () => {
    const { body } = await call(adminHandlers.default, 'GET', '/api/admin/users?search=cooper&role=client');
    expect(body).toMatchObject({ total: 1, items: [{ id: users.client.id }] });
  });

  test('starting impersonation returns the user flagged as impersonated', async () => {
    const { status, body } = await call(adminHandlers.default, 'POST', `/api/admin/impersonate/${users.client.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      impersonatedUser: { id: users.client.id, isBeingImpersonated: true },
      message: 'Now viewing as Jane Cooper',
    });
  });

  test('impersonating an unknown user answers 404', async () => {
    const { status } = await call(
      adminHandlers.default,
      'POST',
      '/api/admin/impersonate/00000000-0000-4000-8000-000000000000',
    );
    expect(status).toBe(404);
  });

  test('forbidden answers with the spec message', async () => {
    expect(await call(adminHandlers.forbidden, 'POST', `/api/admin/impersonate/${users.client.id}`)).toEqual({
      status: 403,
      body: { message: 'Admin or Super user access required' },
    });
  });

  test('exitFails overrides only the exit call', async () => {
    expect((await call(adminHandlers.exitFails, 'POST', '/api/admin/exit-impersonation')).status).toBe(400);
    expect((await call(adminHandlers.exitFails, 'GET', '/api/admin/users')).status).toBe(200);
  });
});
