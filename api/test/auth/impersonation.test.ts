import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { query } from '../support/sync-checks.ts';

let t: TestProduct;
const ids: Record<string, string> = {};
beforeAll(async () => {
  t = await startTestProduct();
  ids.client = (
    await t.createUser({
      email: 'client@example.com',
      password: 'client secret 1',
      firstName: 'Cleo',
      lastName: 'Client',
      companyName: 'Cleo Crafts',
    })
  ).userId;
  ids.admin = (
    await t.createUser({
      email: 'admin@example.com',
      password: 'admin secret 1',
      role: 'admin',
      firstName: 'Ari',
      lastName: 'Admin',
    })
  ).userId;
  ids.admin2 = (await t.createUser({ email: 'admin2@example.com', password: 'admin secret 2', role: 'admin' })).userId;
  ids.super = (await t.createUser({ email: 'super@example.com', password: 'super secret 1', role: 'super' })).userId;
  ids.superUser = (
    await t.createUser({
      email: 'superuser@example.com',
      password: 'super secret 2',
      role: 'super_user',
    })
  ).userId;
});
afterAll(() => t?.stop());

const signedIn = async (email: string, password: string) => {
  const browser = t.browser();
  await browser.signIn(email, password);
  return browser;
};

describe('impersonation', () => {
  it('refuses a client with the spec message', async () => {
    const client = await signedIn('client@example.com', 'client secret 1');
    const answer = await client.post(`/api/admin/impersonate/${ids.admin}`);
    expect(answer).toMatchObject({ status: 403, body: { message: 'Admin or Super user access required' } });
  });

  it('refuses when signed out', async () => {
    expect((await t.browser().post(`/api/admin/impersonate/${ids.client}`)).status).toBe(401);
  });

  it('lets an admin act as a client, renewing the session, until exit returns to the admin', async () => {
    const admin = await signedIn('admin@example.com', 'admin secret 1');
    const adminSid = admin.sessionId!;
    const start = await admin.post(`/api/admin/impersonate/${ids.client}`);
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      success: true,
      impersonatedUser: { id: ids.client, isBeingImpersonated: true, companyName: 'Cleo Crafts' },
    });
    expect(typeof start.body.message).toBe('string');
    expect(admin.sessionId).not.toBe(adminSid);

    const me = await admin.get('/api/auth/user');
    expect(me.body).toMatchObject({
      id: ids.client,
      email: 'client@example.com',
      role: 'client',
      isBeingImpersonated: true,
      companyName: 'Cleo Crafts',
      firstName: 'Cleo',
      lastName: 'Client',
    });
    // Every request acts as the client: staff-only calls are refused.
    expect((await admin.get('/api/admin/users')).status).toBe(403);
    expect((await admin.post(`/api/admin/impersonate/${ids.admin2}`)).status).toBe(403);
    // The impersonated user's profile changes are audited with the admin as impersonator.
    expect((await admin.patch('/api/auth/profile', { firstName: 'Cleona' })).status).toBe(200);

    const impersonatingSid = admin.sessionId!;
    const exit = await admin.post('/api/admin/exit-impersonation');
    expect(exit.status).toBe(200);
    expect(exit.body).toMatchObject({
      success: true,
      user: { id: ids.admin, role: 'admin', isBeingImpersonated: false },
    });
    expect(admin.sessionId).not.toBe(impersonatingSid);
    expect((await admin.get('/api/auth/user')).body).toMatchObject({ id: ids.admin, isBeingImpersonated: false });
    expect((await admin.get('/api/admin/users')).status).toBe(200);

    const audit = (
      (await t.database.handle.db.execute(
        sql.raw(
          `select action, actor_user_id, impersonator_user_id, target_id from audit_log where action in ('impersonation.started','impersonation.ended','user.profile_updated') order by id`,
        ),
      )) as unknown as { rows: Array<Record<string, string>> }
    ).rows;
    expect(audit).toEqual([
      {
        action: 'impersonation.started',
        actor_user_id: ids.admin,
        impersonator_user_id: ids.admin,
        target_id: ids.client,
      },
      {
        action: 'user.profile_updated',
        actor_user_id: ids.client,
        impersonator_user_id: ids.admin,
        target_id: ids.client,
      },
      {
        action: 'impersonation.ended',
        actor_user_id: ids.admin,
        impersonator_user_id: ids.admin,
        target_id: ids.client,
      },
    ]);
  });

  it('an admin may not impersonate a super or super_user; a super user may impersonate an admin', async () => {
    const admin = await signedIn('admin@example.com', 'admin secret 1');
    expect((await admin.post(`/api/admin/impersonate/${ids.super}`)).status).toBe(403);
    expect((await admin.post(`/api/admin/impersonate/${ids.superUser}`)).status).toBe(403);
    const superUser = await signedIn('superuser@example.com', 'super secret 2');
    const answer = await superUser.post(`/api/admin/impersonate/${ids.admin}`);
    expect(answer.status).toBe(200);
    expect((await superUser.get('/api/auth/user')).body).toMatchObject({ id: ids.admin, isBeingImpersonated: true });
  });

  it('answers unknown and malformed ids and exit without impersonation clearly', async () => {
    const admin = await signedIn('admin@example.com', 'admin secret 1');
    expect((await admin.post('/api/admin/impersonate/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin.post('/api/admin/impersonate/not-a-uuid')).status).toBe(400);
    expect((await admin.post(`/api/admin/impersonate/${ids.admin}`)).status).toBe(400);
    const exit = await admin.post('/api/admin/exit-impersonation');
    expect(exit.status).toBe(400);
    expect(exit.body.message).toBe('You are not impersonating anyone.');
  });

  it('lists users for staff with search and paging, and refuses clients', async () => {
    const admin = await signedIn('admin@example.com', 'admin secret 1');
    const all = await admin.get('/api/admin/users?pageSize=2');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(5);
    expect(all.body.items).toHaveLength(2);
    const found = await admin.get('/api/admin/users?search=cleo');
    expect(found.body.items.map((u: { email: string }) => u.email)).toEqual(['client@example.com']);
    const supers = await admin.get('/api/admin/users?role=super');
    expect(supers.body.items).toHaveLength(1);
    const client = await signedIn('client@example.com', 'client secret 1');
    expect((await client.get('/api/admin/users')).status).toBe(403);
  });
});

describe('a view as a user ends with the administrator’s rights', () => {
  /** A new admin viewing as a new seller, from the admin's browser; the super user acts on the admin. */
  async function adminViewingAsSeller() {
    const admin = await t.signedInUser({ role: 'admin' });
    const seller = await t.createUser();
    expect((await admin.browser.post(`/api/admin/impersonate/${seller.userId}`)).status).toBe(200);
    expect((await admin.browser.get('/api/auth/user')).body).toMatchObject({ id: seller.userId });
    expect(await viewsBy(admin.userId)).toHaveLength(1);
    return admin;
  }
  const superUser = () => signedIn('superuser@example.com', 'super secret 2');
  const viewsBy = (adminId: string) =>
    query(t, sql`select sid from sessions where data ->> 'impersonatorId' = ${adminId}`);

  it('disabling, deleting or demoting the admin ends their view at once', async () => {
    const staff = await superUser();
    for (const [what, act] of [
      ['disabled', (id: string) => staff.post(`/api/admin/users/${id}/disable`)],
      ['deleted', (id: string) => staff.request('DELETE', `/api/admin/users/${id}`)],
      ['demoted', (id: string) => staff.put(`/api/admin/users/${id}/role`, { role: 'client' })],
    ] as const) {
      const admin = await adminViewingAsSeller();
      expect((await act(admin.userId)).status, what).toBe(200);
      expect(await viewsBy(admin.userId), what).toEqual([]);
      expect((await admin.browser.get('/api/auth/user')).status, what).toBe(401);
      expect((await admin.browser.post('/api/admin/exit-impersonation')).status, what).toBe(401);
    }
  });

  it('every request of the view checks the admin: one disabled or no longer staff by any path is signed out', async () => {
    for (const change of [sql`disabled_at = now()`, sql`role = 'client'`]) {
      const admin = await adminViewingAsSeller();
      // Not through User Management (which ends the view's session itself): the check on each request ends it.
      await t.database.handle.db.execute(sql`update users set ${change} where id = ${admin.userId}`);
      expect((await admin.browser.get('/api/auth/user')).status).toBe(401);
      expect((await admin.browser.get('/api/channels')).status).toBe(401);
    }
  });
});
