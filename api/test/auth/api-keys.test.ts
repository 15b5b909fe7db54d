/**
 * API keys (issue 26: API access from the Business plan): an owner makes a key, shown once; a script sends it as
 * `Authorization: Bearer` and acts as that owner on the account, without a session; only its hash is kept; it stops
 * at revocation, with its owner, and off the plan; it reaches no other account, and not the keys, the team, sign-in
 * or the account's deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type SignedInUser, type TestProduct } from '../support/test-product.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { query, settled } from '../support/sync-checks.ts';
import {
  ACTIVE_KEYS_PER_ACCOUNT,
  API_ACCESS_PLAN_REQUIRED,
  API_KEY_INVALID,
  API_KEY_LIMIT,
  API_KEYS_NOT_WHILE_VIEWING_AS,
  API_KEYS_OWNER_ONLY,
  SESSION_ONLY,
  STAFF_KEYS,
} from '../../src/modules/auth/api-keys.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct();
});
afterAll(() => t?.stop());

async function businessOwner(): Promise<SignedInUser> {
  const owner = await t.signedInSeller({ companyName: `Keys ${crypto.randomUUID().slice(0, 6)}` });
  await setPlan(owner, 'business');
  return owner;
}
const setPlan = (user: SignedInUser, plan: string) =>
  t.database.handle.db.execute(sql`update accounts set plan = ${plan} where id = ${user.accountId}`);

/** A script's request: the key in the Authorization header, no cookie, no Origin. */
async function withKey(secret: string, method: string, path: string, body?: unknown) {
  const response = await fetch(t.url + path, {
    method,
    headers: {
      authorization: `Bearer ${secret}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    setCookie: response.headers.getSetCookie(),
  };
}

async function makeKey(owner: SignedInUser, name = 'Warehouse script'): Promise<{ id: string; secret: string }> {
  const made = await owner.browser.post('/api/api-keys', { name });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return { id: made.body.key.id, secret: made.body.secret };
}

describe('API keys', () => {
  it('an owner on the Business plan makes a key, shown once; it acts as the owner, without a session, and is noted as used', async () => {
    const owner = await businessOwner();
    const made = await owner.browser.post('/api/api-keys', { name: 'Warehouse script' });
    expect(made.status).toBe(201);
    expect(made.headers.get('cache-control')).toBe('no-store');
    expect(made.body.secret).toMatch(/^mhk_[A-Za-z0-9_-]{43}$/);
    expect(made.body.key).toMatchObject({
      name: 'Warehouse script',
      prefix: made.body.secret.slice(0, 12),
      lastUsedAt: null,
      createdBy: owner.email,
    });
    // Only the hash is kept: the key's text is nowhere in the database.
    const stored = await query<{ row: string }>(t, sql`select to_jsonb(k)::text as row from api_keys k`);
    expect(stored.some((r) => r.row.includes(made.body.secret))).toBe(false);
    expect(stored.some((r) => r.row.includes(made.body.secret.slice(0, 12)))).toBe(true);

    const me = await withKey(made.body.secret, 'GET', '/api/auth/user');
    expect(me).toMatchObject({ status: 200, body: { id: owner.userId, email: owner.email } });
    expect(me.setCookie).toEqual([]);
    const listed = await owner.browser.get('/api/api-keys');
    expect(listed.body).toMatchObject({ apiAccess: true, canManage: true });
    expect(listed.body.keys).toEqual([
      expect.objectContaining({ id: made.body.key.id, lastUsedAt: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);
  });

  it("works on the account's own operations, writes included, and what it changes is audited with the key", async () => {
    const owner = await businessOwner();
    const { id, secret } = await makeKey(owner);
    const channel = await connectWithSandboxSeller(owner.browser, 'walmart', 2);
    await settled(t, owner.accountId);
    const channels = await withKey(secret, 'GET', '/api/channels');
    expect(channels.status).toBe(200);
    expect(JSON.stringify(channels.body)).toContain(channel.id);
    const paused = await withKey(secret, 'POST', `/api/channels/${channel.id}/pause`);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const entries = await query<{ action: string; actor_user_id: string; metadata: { apiKeyId?: string } }>(
      t,
      sql`select action, actor_user_id, metadata from audit_log where account_id = ${owner.accountId} and action = 'channel.paused'`,
    );
    expect(entries).toEqual([
      { action: 'channel.paused', actor_user_id: owner.userId, metadata: expect.objectContaining({ apiKeyId: id }) },
    ]);
  });

  it('made read only, reads the account and changes nothing: any request but GET is refused, before it runs', async () => {
    const owner = await businessOwner();
    const made = await owner.browser.post('/api/api-keys', { name: 'Stock report', access: 'read' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.key).toMatchObject({ name: 'Stock report', access: 'read' });
    const full = await makeKey(owner);
    const listed = await owner.browser.get('/api/api-keys');
    expect(listed.body.keys.map((k: { name: string; access: string }) => [k.name, k.access])).toEqual([
      ['Stock report', 'read'],
      ['Warehouse script', 'full'],
    ]);
    const channel = await connectWithSandboxSeller(owner.browser, 'walmart', 2);
    await settled(t, owner.accountId);
    expect((await withKey(made.body.secret, 'GET', '/api/channels')).status).toBe(200);
    expect((await withKey(made.body.secret, 'GET', '/api/listings?pageSize=5')).status).toBe(200);
    const paused = await withKey(made.body.secret, 'POST', `/api/channels/${channel.id}/pause`);
    expect(paused).toMatchObject({
      status: 403,
      body: { message: 'This API key can only read. Make a key with full access to change anything.' },
    });
    const [row] = await query<{ status: string }>(t, sql`select status from channels where id = ${channel.id}`);
    expect(row!.status).not.toBe('paused');
    // The full-access key of the same owner still changes it.
    expect((await withKey(full.secret, 'POST', `/api/channels/${channel.id}/pause`)).status).toBe(200);
    const audited = await query<{ after: { access?: string } }>(
      t,
      sql`select after from audit_log where account_id = ${owner.accountId} and action = 'api_key.created' order by occurred_at, id`,
    );
    expect(audited.map((entry) => entry.after.access)).toEqual(['read', 'full']);
    const refused = await owner.browser.post('/api/api-keys', { name: 'Odd', access: 'admin' });
    expect(refused.status).toBe(400);
  });

  it("reaches no other account's rows", async () => {
    const owner = await businessOwner();
    const { secret } = await makeKey(owner);
    const other = await t.signedInSeller();
    const theirs = await connectWithSandboxSeller(other.browser, 'walmart', 2);
    await settled(t, other.accountId);
    expect((await withKey(secret, 'POST', `/api/channels/${theirs.id}/pause`)).status).toBe(404);
    const listed = await withKey(secret, 'GET', '/api/channels');
    expect(JSON.stringify(listed.body)).not.toContain(theirs.id);
  });

  it('cannot make keys, change the team, sign in or out, change billing or delete the account', async () => {
    const owner = await businessOwner();
    const { secret } = await makeKey(owner);
    for (const [method, path, body] of [
      ['GET', '/api/api-keys', undefined],
      ['POST', '/api/api-keys', { name: 'another' }],
      ['POST', '/api/team/invitations', { email: 'someone@example.com' }],
      ['PATCH', '/api/auth/profile', { firstName: 'Changed' }],
      ['POST', '/api/auth/change-password', { currentPassword: owner.password, newPassword: 'another secret 1' }],
      ['POST', '/api/logout', undefined],
      ['POST', '/api/privacy/delete-account', { currentPassword: owner.password }],
      ['POST', '/api/billing/checkout', { plan: 'enterprise' }],
      ['GET', '/api/admin/users', undefined],
    ] as const) {
      expect(await withKey(secret, method, path, body), `${method} ${path}`).toMatchObject({
        status: 403,
        body: { message: SESSION_ONLY },
      });
    }
    expect(await query(t, sql`select 1 from users where id = ${owner.userId}`)).toHaveLength(1);
    expect((await owner.browser.get('/api/api-keys')).body.keys).toHaveLength(1);
  });

  it('is refused when revoked, unknown, malformed, or sent beside a session', async () => {
    const owner = await businessOwner();
    const { id, secret } = await makeKey(owner);
    const both = await owner.browser.get('/api/auth/user', { authorization: `Bearer ${secret}` });
    expect(both.status).toBe(400);
    const revoked = await owner.browser.request('DELETE', `/api/api-keys/${id}`);
    expect(revoked).toMatchObject({ status: 200, body: { message: expect.stringMatching(/revoked/) } });
    for (const key of [secret, `${secret}x`, 'mhk_nope', 'not-a-key']) {
      expect(await withKey(key, 'GET', '/api/channels'), key).toMatchObject({
        status: 401,
        body: { message: API_KEY_INVALID },
      });
    }
    const malformed = await fetch(`${t.url}/api/channels`, { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
    expect((await owner.browser.request('DELETE', `/api/api-keys/${id}`)).status).toBe(404);
    const trail = await query<{ action: string }>(
      t,
      sql`select action from audit_log where target_id = ${id} order by id`,
    );
    expect(trail.map((e) => e.action)).toEqual(['api_key.created', 'api_key.revoked']);
  });

  it('stops while the plan has no API access, and works again on upgrading; lower plans cannot make keys', async () => {
    const owner = await businessOwner();
    const { secret } = await makeKey(owner);
    await setPlan(owner, 'growth');
    expect(await withKey(secret, 'GET', '/api/channels')).toMatchObject({
      status: 403,
      body: { message: API_ACCESS_PLAN_REQUIRED },
    });
    expect(await owner.browser.post('/api/api-keys', { name: 'x' })).toMatchObject({
      status: 403,
      body: { message: API_ACCESS_PLAN_REQUIRED },
    });
    expect((await owner.browser.get('/api/api-keys')).body).toMatchObject({ apiAccess: false, canManage: false });
    await setPlan(owner, 'enterprise');
    expect((await withKey(secret, 'GET', '/api/channels')).status).toBe(200);
  });

  it('goes with its owner: a disabled owner’s key is refused, a removed owner’s key is gone', async () => {
    const owner = await businessOwner();
    const { secret } = await makeKey(owner);
    await t.database.handle.db.execute(sql`update users set disabled_at = now() where id = ${owner.userId}`);
    expect((await withKey(secret, 'GET', '/api/channels')).status).toBe(401);
    await t.database.handle.db.execute(sql`update users set disabled_at = null where id = ${owner.userId}`);
    expect((await withKey(secret, 'GET', '/api/channels')).status).toBe(200);
    const admin = await t.signedInUser({ role: 'admin' });
    expect((await admin.browser.request('DELETE', `/api/admin/users/${owner.userId}`)).status).toBe(200);
    expect((await withKey(secret, 'GET', '/api/channels')).status).toBe(401);
    expect(await query(t, sql`select 1 from api_keys where account_id = ${owner.accountId}`)).toEqual([]);
  });

  it('is for owners acting as themselves: members, staff and staff viewing as the owner make none', async () => {
    const owner = await businessOwner();
    const member = await t.signedInSeller();
    await t.database.handle.db.execute(
      sql`update users set account_id = ${owner.accountId}, account_role = 'member' where id = ${member.userId}`,
    );
    expect(await member.browser.post('/api/api-keys', { name: 'x' })).toMatchObject({
      status: 403,
      body: { message: API_KEYS_OWNER_ONLY },
    });
    expect((await member.browser.get('/api/api-keys')).status).toBe(403);
    const admin = await t.signedInUser({ role: 'admin' });
    expect(await admin.browser.post('/api/api-keys', { name: 'x' })).toMatchObject({
      status: 403,
      body: { message: STAFF_KEYS },
    });
    expect((await admin.browser.post(`/api/admin/impersonate/${owner.userId}`)).status).toBe(200);
    expect((await admin.browser.get('/api/api-keys')).body).toMatchObject({ apiAccess: true, canManage: false });
    expect(await admin.browser.post('/api/api-keys', { name: 'x' })).toMatchObject({
      status: 403,
      body: { message: API_KEYS_NOT_WHILE_VIEWING_AS },
    });
    const { id } = await makeKey(owner);
    expect(await admin.browser.request('DELETE', `/api/api-keys/${id}`)).toMatchObject({
      status: 403,
      body: { message: API_KEYS_NOT_WHILE_VIEWING_AS },
    });
    expect((await owner.browser.get('/api/api-keys')).body.keys).toHaveLength(1);
  });

  it(`keeps ${ACTIVE_KEYS_PER_ACCOUNT} keys in use per account, even asked for at once`, async () => {
    const owner = await businessOwner();
    const answers = await Promise.all(
      Array.from({ length: ACTIVE_KEYS_PER_ACCOUNT + 5 }, (_, i) =>
        owner.browser.post('/api/api-keys', { name: `k${i}` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(ACTIVE_KEYS_PER_ACCOUNT);
    for (const refused of answers.filter((a) => a.status !== 201))
      expect(refused).toMatchObject({ status: 409, body: { message: API_KEY_LIMIT } });
    expect((await owner.browser.get('/api/api-keys')).body.keys).toHaveLength(ACTIVE_KEYS_PER_ACCOUNT);
  });
});
