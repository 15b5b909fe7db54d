import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type SignedInUser, type TestProduct } from '../support/test-product.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { query, settled } from '../support/sync-checks.ts';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { createMember } from '../../src/db/queries/users.ts';
import { PLAN_STILL_BILLED } from '../../src/modules/auth/user-management.ts';
import {
  LAST_OWNER_LEAVING,
  NOT_WHILE_VIEWING_AS_PRIVACY,
  OWNERS_ONLY_TABLE,
  PRIVACY_PAGE_ROWS,
  WRONG_EMAIL,
  WRONG_PASSWORD,
} from '../../src/modules/auth/privacy.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct({ sync: { intervalMinutes: 3, schedule: false } });
});
afterAll(() => t?.stop());

/** A member of the owner's account, signed in from a browser of their own. */
async function addMember(owner: SignedInUser) {
  const email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const password = 'member secret 1';
  const userId = (await createMember(t.database.handle.db, {
    accountId: owner.accountId,
    email,
    passwordHash: await hashPassword(password),
    firstName: 'Mira',
    lastName: 'Member',
    accountRole: 'member',
    at: new Date(),
  }))!;
  const browser = t.browser();
  await browser.signIn(email, password);
  return { userId, email, password, browser };
}

const deleteAccount = (user: { browser: SignedInUser['browser'] }, body: Record<string, string>) =>
  user.browser.post('/api/privacy/delete-account', body);

const rowsOf = async (table: 'users' | 'accounts', id: string) =>
  query(t, sql`select id from ${sql.identifier(table)} where id = ${id}`);

describe('delete my account', () => {
  it("an owner alone deletes the account and all its data with their password; sessions end; it's audited", async () => {
    const owner = await t.signedInSeller();
    const elsewhere = t.browser();
    await elsewhere.signIn(owner.email, owner.password);
    const channel = await connectWithSandboxSeller(owner.browser, 'amazon', 2);
    await settled(t, owner.accountId);

    expect(await deleteAccount(owner, { currentPassword: 'not my password 1' })).toMatchObject({
      status: 400,
      body: { message: WRONG_PASSWORD },
    });
    expect(await rowsOf('users', owner.userId)).toHaveLength(1);

    const deleted = await deleteAccount(owner, { currentPassword: owner.password });
    expect(deleted).toMatchObject({ status: 200, body: { accountDeleted: true } });
    expect(await rowsOf('users', owner.userId)).toEqual([]);
    expect(await rowsOf('accounts', owner.accountId)).toEqual([]);
    expect(await query(t, sql`select id from channels where id = ${channel.id}`)).toEqual([]);
    expect(await query(t, sql`select id from products where account_id = ${owner.accountId}`)).toEqual([]);
    // Both sessions ended: this browser's and the other one's.
    expect((await owner.browser.get('/api/auth/user')).status).toBe(401);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    const trail = await query<{ action: string; metadata: { accountDeleted: boolean } }>(
      t,
      sql`select action, metadata from audit_log where target_id = ${owner.userId} order by id desc limit 1`,
    );
    expect(trail).toEqual([{ action: 'user.account_deleted', metadata: { accountDeleted: true } }]);
    // The audit log outlives the account (the privacy policy says so): staff still read what was done in it.
    const admin = await t.signedInUser({ role: 'admin' });
    const kept = await admin.browser.get(`/api/admin/audit-logs?accountId=${owner.accountId}&limit=100`);
    expect(kept.status).toBe(200);
    const actions = kept.body.items.map((entry: { action: string }) => entry.action);
    expect(actions[0]).toBe('user.account_deleted');
    expect(actions).toContain('channel.connected');
  });

  it('a member deletes only themselves; the account and its owner stay', async () => {
    const owner = await t.signedInSeller();
    const member = await addMember(owner);
    const deleted = await deleteAccount(member, { currentPassword: member.password });
    expect(deleted).toMatchObject({ status: 200, body: { accountDeleted: false } });
    expect(await rowsOf('users', member.userId)).toEqual([]);
    expect(await rowsOf('users', owner.userId)).toHaveLength(1);
    expect((await owner.browser.get('/api/auth/user')).status).toBe(200);
    expect((await member.browser.get('/api/auth/user')).status).toBe(401);
  });

  it('the last owner of a team hands ownership over first', async () => {
    const owner = await t.signedInSeller();
    const member = await addMember(owner);
    expect(await deleteAccount(owner, { currentPassword: owner.password })).toMatchObject({
      status: 409,
      body: { message: LAST_OWNER_LEAVING },
    });
    await t.database.handle.db.execute(sql`update users set account_role = 'owner' where id = ${member.userId}`);
    expect(await deleteAccount(owner, { currentPassword: owner.password })).toMatchObject({
      status: 200,
      body: { accountDeleted: false },
    });
    expect(await rowsOf('accounts', owner.accountId)).toHaveLength(1);
  });

  it('refuses while a paid plan is still billed', async () => {
    const owner = await t.signedInSeller();
    await t.database.handle.db.execute(
      sql`update accounts set plan = 'growth', stripe_customer_id = ${`cus_${owner.userId}`},
        stripe_subscription_id = 'sub_live', subscription_status = 'active' where id = ${owner.accountId}`,
    );
    expect(await deleteAccount(owner, { currentPassword: owner.password })).toMatchObject({
      status: 409,
      body: { message: PLAN_STILL_BILLED },
    });
    expect(await rowsOf('accounts', owner.accountId)).toHaveLength(1);
    expect((await owner.browser.get('/api/auth/user')).status).toBe(200);
  });

  it('a user without a password (Google sign-in) confirms by typing their email', async () => {
    const owner = await t.signedInSeller();
    await t.database.handle.db.execute(sql`update users set password_hash = null where id = ${owner.userId}`);
    expect(await deleteAccount(owner, { currentPassword: 'anything at all 1' })).toMatchObject({
      status: 400,
      body: { message: WRONG_EMAIL },
    });
    expect(await deleteAccount(owner, { email: 'someone-else@example.com' })).toMatchObject({ status: 400 });
    const deleted = await deleteAccount(owner, { email: ` ${owner.email.toUpperCase()} ` });
    expect(deleted).toMatchObject({ status: 200, body: { accountDeleted: true } });
  });

  it('is refused to staff viewing as the user', async () => {
    const owner = await t.signedInSeller();
    const admin = await t.signedInUser({ role: 'admin' });
    expect((await admin.browser.post(`/api/admin/impersonate/${owner.userId}`)).status).toBe(200);
    expect(await admin.browser.post('/api/privacy/delete-account', { currentPassword: admin.password })).toMatchObject({
      status: 403,
      body: { message: NOT_WHILE_VIEWING_AS_PRIVACY },
    });
    expect(await rowsOf('users', owner.userId)).toHaveLength(1);
  });
});

describe('download my data', () => {
  it('an owner gets the profile, account, channels, products, listings, orders and audit, and no secret', async () => {
    const owner = await t.signedInSeller({ firstName: 'Dora' });
    const channel = await connectWithSandboxSeller(owner.browser, 'amazon', 2);
    await settled(t, owner.accountId);
    await t.database.handle.db.execute(
      sql`insert into orders (account_id, channel_id, marketplace_order_id, order_number, status, lines, ordered_at,
        marketplace_updated_at, buyer_name)
        values (${owner.accountId}, ${channel.id}, 'MY-DATA-1', 'MY-DATA-1', 'open', '[]'::jsonb, now(), now(),
        'Bea Buyer')`,
    );
    const answer = await owner.browser.get('/api/privacy/my-data');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-/);
    const data = answer.body;
    expect(data.profile).toMatchObject({ id: owner.userId, email: owner.email, firstName: 'Dora' });
    expect(data.account).toMatchObject({ id: owner.accountId });
    expect(data.channels).toMatchObject([{ id: channel.id, kind: 'amazon' }]);
    expect(data.products).toHaveLength(2);
    expect(data.listings.length).toBeGreaterThanOrEqual(2);
    expect(data.orders).toMatchObject([{ orderNumber: 'MY-DATA-1', buyerName: 'Bea Buyer' }]);
    expect(data.audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['auth.sign_in', 'channel.connected']),
    );

    // No secret: the password hash, the channel's credentials, any token hash or session.
    const text = JSON.stringify(data);
    const [secrets] = await query<{ password_hash: string; credentials_ciphertext: string }>(
      t,
      sql`select u.password_hash, c.credentials_ciphertext from users u, channels c
        where u.id = ${owner.userId} and c.id = ${channel.id}`,
    );
    expect(secrets!.password_hash.length).toBeGreaterThan(10);
    expect(secrets!.credentials_ciphertext.length).toBeGreaterThan(10);
    expect(text).not.toContain(secrets!.password_hash);
    expect(text).not.toContain(secrets!.credentials_ciphertext);
    expect(text).not.toContain(owner.browser.sessionId!.split('.')[0]!.replace(/^s%3A/, ''));
    expect(text).not.toMatch(
      /"(passwordHash|password_hash|credentialsCiphertext|credentials_ciphertext|tokenHash|token_hash|googleId)":/i,
    );
    const tokens = await query<{ token_hash: string }>(
      t,
      sql`select token_hash from auth_tokens where user_id = ${owner.userId}`,
    );
    for (const { token_hash } of tokens) expect(text).not.toContain(token_hash);

    const logged = await query(
      t,
      sql`select id from audit_log where action = 'privacy.data_downloaded' and target_id = ${owner.userId}`,
    );
    expect(logged).toHaveLength(1);
  });

  it('gives one table as CSV', async () => {
    const owner = await t.signedInSeller();
    await connectWithSandboxSeller(owner.browser, 'amazon', 2);
    await settled(t, owner.accountId);
    const products = await owner.browser.get('/api/privacy/my-data?format=csv&table=products');
    expect(products.status).toBe(200);
    expect(products.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(products.body).trim().split('\r\n');
    expect(lines[0]).toMatch(/^id,sku,title,/);
    expect(lines).toHaveLength(3);
    // A table without rows still has its header.
    const orders = await owner.browser.get('/api/privacy/my-data?format=csv&table=orders');
    expect(String(orders.body)).toMatch(/^id,channelId,marketplaceOrderId,orderNumber,[^\r\n]*\r\n$/);
    const profile = await owner.browser.get('/api/privacy/my-data?format=csv&table=profile');
    expect(String(profile.body)).toContain(owner.email);
    expect(String(profile.body)).not.toMatch(/password/i);
  });

  it("a member gets their own profile and audit entries, not the account's tables", async () => {
    const owner = await t.signedInSeller();
    const member = await addMember(owner);
    const data = (await member.browser.get('/api/privacy/my-data')).body;
    expect(data).toMatchObject({ account: null, channels: [], products: [], listings: [], orders: [] });
    expect(data.profile).toMatchObject({ id: member.userId, accountRole: 'member' });
    // Only entries by or about the member: not the owner's sign-in.
    expect(data.audit.length).toBeGreaterThan(0);
    for (const entry of data.audit)
      expect(entry.actorUserId === member.userId || entry.targetId === member.userId).toBe(true);
    expect(await member.browser.get('/api/privacy/my-data?format=csv&table=orders')).toMatchObject({
      status: 403,
      body: { message: OWNERS_ONLY_TABLE },
    });
  });

  it('streams a large account page by page: every order once, as complete, valid JSON and CSV', async () => {
    const owner = await t.signedInSeller();
    const channel = await connectWithSandboxSeller(owner.browser, 'amazon', 1);
    await settled(t, owner.accountId);
    // More than two pages, all at one instant: paging must neither skip nor repeat rows that tie on the date.
    const count = 2 * PRIVACY_PAGE_ROWS + 3;
    await t.database.handle.db.execute(
      sql`insert into orders (account_id, channel_id, marketplace_order_id, order_number, status, lines, ordered_at,
        marketplace_updated_at, buyer_name)
        select ${owner.accountId}, ${channel.id}, 'BULK-' || n, 'BULK-' || n, 'open', '[]'::jsonb,
          '2026-01-02T03:04:05Z'::timestamptz, now(), 'Bulk Buyer ' || n
        from generate_series(1, ${count}) as n`,
    );
    // Audit entries of one statement share one time, to the microsecond: paging must not repeat or loop over them.
    await t.database.handle.db.execute(
      sql`insert into audit_log (action, actor_user_id, account_id, target_type, target_id)
        select 'listings.bulk_edited', ${owner.userId}::uuid, ${owner.accountId}::uuid, 'change_batch', 'BULK-' || n
        from generate_series(1, ${count}) as n`,
    );
    const answer = await owner.browser.get('/api/privacy/my-data');
    expect(answer.status).toBe(200);
    // Sent as it is read: chunked, with no length known up front.
    expect(answer.headers.get('transfer-encoding')).toBe('chunked');
    expect(answer.headers.get('content-length')).toBeNull();
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const data = answer.body;
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'profile',
      'account',
      'channels',
      'products',
      'listings',
      'orders',
      'audit',
    ]);
    const numbers = data.orders.map((o: { orderNumber: string }) => o.orderNumber);
    expect(new Set(numbers).size).toBe(count);
    expect(numbers).toHaveLength(count);
    expect(data.orders[0]).toMatchObject({ orderedAt: '2026-01-02T03:04:05.000Z', lines: [] });
    expect(data.products).toHaveLength(1);
    const batches = data.audit
      .filter((e: { action: string }) => e.action === 'listings.bulk_edited')
      .map((e: { targetId: string }) => e.targetId);
    expect(batches).toHaveLength(count);
    expect(new Set(batches).size).toBe(count);

    const csv = await owner.browser.get('/api/privacy/my-data?format=csv&table=orders');
    expect(csv.headers.get('transfer-encoding')).toBe('chunked');
    const lines = String(csv.body).trim().split('\r\n');
    expect(lines).toHaveLength(count + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[3])).size).toBe(count);
  });

  it('needs a session, and refuses an unknown table', async () => {
    expect((await t.browser().get('/api/privacy/my-data')).status).toBe(401);
    const owner = await t.signedInSeller();
    expect((await owner.browser.get('/api/privacy/my-data?format=csv&table=sessions')).status).toBe(400);
  });
});
