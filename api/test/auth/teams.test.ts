import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type SignedInUser, type TestProduct } from '../support/test-product.ts';
import { linkIn } from '../support/mail-catcher.ts';
import { query } from '../support/sync-checks.ts';
import { INVITATIONS_PER_HOUR, STAFF_CANNOT_JOIN } from '../../src/modules/auth/invitations.ts';
import { STAFF_NOT_IN_TEAMS } from '../../src/modules/auth/teams.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct();
});
afterAll(() => t?.stop());

const PLAN_REQUIRED = 'Team management is included from the Business plan. Upgrade your plan to invite your team.';

/** An owner on the Business plan, signed in. */
async function businessOwner(): Promise<SignedInUser> {
  const owner = await t.signedInSeller({ companyName: `Team ${crypto.randomUUID().slice(0, 6)}`, firstName: 'Olive' });
  await t.database.handle.db.execute(sql`update accounts set plan = 'business' where id = ${owner.accountId}`);
  return owner;
}

/** Invites the address and answers the token of the link mailed to it. */
async function invite(owner: SignedInUser, email: string, accountRole?: 'owner' | 'member'): Promise<string> {
  const answer = await owner.browser.post('/api/team/invitations', { email, ...(accountRole ? { accountRole } : {}) });
  expect(answer).toMatchObject({ status: 201, body: { email, accountRole: accountRole ?? 'member' } });
  const mail = await t.mail.next(email);
  expect(mail.subject).toMatch(/^Join Team /);
  return linkIn(mail, '/join').searchParams.get('token')!;
}

const newEmail = () => `invitee-${crypto.randomUUID().slice(0, 8)}@example.com`;

describe('the team page', () => {
  it('shows a lower plan its team with nothing to change, and refuses invitations with the upgrade message', async () => {
    const owner = await t.signedInSeller();
    const team = await owner.browser.get('/api/team');
    expect(team).toMatchObject({
      status: 200,
      body: { plan: 'trial', teamManagement: false, canManage: false, invitations: [] },
    });
    expect(team.body.members).toMatchObject([{ id: owner.userId, accountRole: 'owner' }]);
    const refused = await owner.browser.post('/api/team/invitations', { email: newEmail() });
    expect(refused).toMatchObject({ status: 403, body: { message: PLAN_REQUIRED } });
  });

  it('is refused to members, and to staff viewing as the owner for any change', async () => {
    const owner = await businessOwner();
    const email = newEmail();
    const token = await invite(owner, email);
    const member = t.browser();
    expect((await member.post('/api/invitations/accept', { token, password: 'member secret 1' })).status).toBe(200);
    expect(await member.get('/api/team')).toMatchObject({
      status: 403,
      body: { message: "Only the account's owners manage its team." },
    });

    const admin = await t.signedInUser({ role: 'admin' });
    expect((await admin.browser.post(`/api/admin/impersonate/${owner.userId}`)).status).toBe(200);
    expect((await admin.browser.get('/api/team')).body).toMatchObject({ teamManagement: true, canManage: false });
    expect(await admin.browser.post('/api/team/invitations', { email: newEmail() })).toMatchObject({
      status: 403,
      body: { message: 'The team cannot be changed while viewing as another user.' },
    });
  });
});

describe('invitations', () => {
  it('a new user signs up through the link, joins the account as a member and is signed in; the link works once', async () => {
    const owner = await businessOwner();
    const email = newEmail();
    const token = await invite(owner, email);
    expect((await owner.browser.get('/api/team')).body.invitations).toMatchObject([{ email }]);

    const invitee = t.browser();
    const summary = await invitee.post('/api/invitations/lookup', { token });
    expect(summary.body).toEqual({
      email,
      companyName: expect.stringMatching(/^Team /),
      accountRole: 'member',
      existingUser: false,
    });
    const joined = await invitee.post('/api/invitations/accept', {
      token,
      password: 'joiner secret 1',
      firstName: 'Jo',
    });
    expect(joined).toMatchObject({ status: 200, body: { email, accountId: owner.accountId, emailVerified: true } });
    expect((await invitee.get('/api/auth/user')).body).toMatchObject({ email, firstName: 'Jo' });

    expect(await t.browser().post('/api/invitations/accept', { token, password: 'joiner secret 1' })).toMatchObject({
      status: 400,
      body: { message: 'This invitation link is invalid, has expired or has already been used.' },
    });
    const team = (await owner.browser.get('/api/team')).body;
    expect(team.invitations).toEqual([]);
    expect(team.members.map((m: { email: string; accountRole: string }) => [m.email, m.accountRole])).toEqual([
      [owner.email, 'owner'],
      [email, 'member'],
    ]);
    const audit = await query<{ action: string }>(
      t,
      sql`select action from audit_log where account_id = ${owner.accountId} and action like 'team.%' order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['team.member_invited', 'team.invitation_accepted']);
  });

  it('an existing user signs in with the invited address to accept; another address is refused', async () => {
    const owner = await businessOwner();
    const existing = await t.signedInSeller();
    const token = await invite(owner, existing.email);
    expect((await t.browser().post('/api/invitations/lookup', { token })).body).toMatchObject({ existingUser: true });
    expect(await t.browser().post('/api/invitations/accept', { token, password: 'whatever 12' })).toMatchObject({
      status: 401,
      body: { message: 'An account exists for this email. Sign in to accept the invitation.' },
    });
    const stranger = await t.signedInSeller();
    expect((await stranger.browser.post('/api/invitations/accept', { token })).status).toBe(403);

    const joined = await existing.browser.post('/api/invitations/accept', { token });
    expect(joined).toMatchObject({ status: 200, body: { id: existing.userId, accountId: owner.accountId } });
    // Their own account was empty and had nobody else: it is gone.
    expect(await query(t, sql`select id from accounts where id = ${existing.accountId}`)).toEqual([]);
  });

  it('never deletes the data of an account its only member would leave: joining is refused', async () => {
    const owner = await businessOwner();
    const seller = await t.signedInSeller();
    await t.database.handle.db.execute(
      sql`insert into products (account_id, sku, title) values (${seller.accountId}, 'KEEP-1', 'Kept product')`,
    );
    const token = await invite(owner, seller.email);
    const refused = await seller.browser.post('/api/invitations/accept', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/which holds channels or products/);
    expect(await query(t, sql`select id from accounts where id = ${seller.accountId}`)).toHaveLength(1);
    // The link stays usable once the seller has dealt with their account.
    expect((await t.browser().post('/api/invitations/lookup', { token })).status).toBe(200);
  });

  it('never lets its only member leave an account whose paid plan runs on: they cancel it first', async () => {
    const owner = await businessOwner();
    const seller = await t.signedInSeller();
    await t.database.handle.db.execute(
      sql`update accounts set plan = 'growth', stripe_subscription_id = 'sub_joining', subscription_status = 'active'
        where id = ${seller.accountId}`,
    );
    const token = await invite(owner, seller.email);
    const refused = await seller.browser.post('/api/invitations/accept', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/whose paid plan is still running\. Cancel the plan first, from Billing/);
    expect(await query(t, sql`select account_id from users where id = ${seller.userId}`)).toEqual([
      { account_id: seller.accountId },
    ]);
  });

  it('platform staff cannot join a team, and an owner cannot change or remove a staff user', async () => {
    const owner = await businessOwner();
    const admin = await t.signedInUser({ role: 'admin' });
    const token = await invite(owner, admin.email);
    expect(await admin.browser.post('/api/invitations/accept', { token })).toMatchObject({
      status: 403,
      body: { message: STAFF_CANNOT_JOIN },
    });
    expect(await query(t, sql`select account_id from users where id = ${admin.userId}`)).toEqual([
      { account_id: admin.accountId },
    ]);

    // A member made staff afterwards (by a super user) is out of the owner's reach.
    const member = t.browser();
    const memberId = (
      await member.post('/api/invitations/accept', {
        token: await invite(owner, newEmail()),
        password: 'member secret 1',
      })
    ).body.id as string;
    const superUser = await t.signedInUser({ role: 'super_user' });
    expect((await superUser.browser.put(`/api/admin/users/${memberId}/role`, { role: 'admin' })).status).toBe(200);
    for (const answer of [
      await owner.browser.patch(`/api/team/members/${memberId}`, { accountRole: 'owner' }),
      await owner.browser.request('DELETE', `/api/team/members/${memberId}`),
    ])
      expect(answer).toMatchObject({ status: 403, body: { message: STAFF_NOT_IN_TEAMS } });
    expect(await query(t, sql`select role, account_role from users where id = ${memberId}`)).toEqual([
      { role: 'admin', account_role: 'member' },
    ]);
  });

  it('expires after 7 days, and a withdrawn invitation no longer works', async () => {
    const owner = await businessOwner();
    const withdrawnEmail = newEmail();
    const withdrawn = await invite(owner, withdrawnEmail);
    const [pending] = (await owner.browser.get('/api/team')).body.invitations;
    expect((await owner.browser.request('DELETE', `/api/team/invitations/${pending.id}`)).status).toBe(200);
    expect((await t.browser().post('/api/invitations/lookup', { token: withdrawn })).status).toBe(400);

    const expiring = await invite(owner, newEmail());
    t.advance(7 * 24 * 3600 + 60);
    expect((await t.browser().post('/api/invitations/lookup', { token: expiring })).status).toBe(400);
    t.advance(-(7 * 24 * 3600 + 60));
  });
});

describe("members' roles and removal", () => {
  it('sets a member owner or member; the last owner can be neither demoted nor removed', async () => {
    const owner = await businessOwner();
    const email = newEmail();
    const token = await invite(owner, email);
    const member = t.browser();
    const joined = await member.post('/api/invitations/accept', { token, password: 'member secret 1' });
    const memberId = joined.body.id as string;

    const lastOwner = 'The account needs an owner: make another member an owner first.';
    expect(await owner.browser.patch(`/api/team/members/${owner.userId}`, { accountRole: 'member' })).toMatchObject({
      status: 409,
      body: { message: lastOwner },
    });
    expect(await owner.browser.request('DELETE', `/api/team/members/${owner.userId}`)).toMatchObject({
      status: 409,
      body: { message: lastOwner },
    });
    const promoted = await owner.browser.patch(`/api/team/members/${memberId}`, { accountRole: 'owner' });
    expect(promoted).toMatchObject({ status: 200, body: { id: memberId, accountRole: 'owner' } });
    expect((await member.get('/api/team')).status).toBe(200);
    const demoted = await owner.browser.patch(`/api/team/members/${memberId}`, { accountRole: 'member' });
    expect(demoted.body).toMatchObject({ accountRole: 'member' });
  });

  it('removes a member: their user is deleted and their sessions end at once', async () => {
    const owner = await businessOwner();
    const token = await invite(owner, newEmail());
    const member = t.browser();
    const memberId = (await member.post('/api/invitations/accept', { token, password: 'member secret 1' })).body.id;
    expect((await member.get('/api/auth/user')).status).toBe(200);

    const removed = await owner.browser.request('DELETE', `/api/team/members/${memberId}`);
    expect(removed.status).toBe(200);
    expect((await member.get('/api/auth/user')).status).toBe(401);
    expect(await query(t, sql`select id from users where id = ${memberId}`)).toEqual([]);
  });

  it("another account's user is not found", async () => {
    const owner = await businessOwner();
    const stranger = await t.createUser();
    expect((await owner.browser.patch(`/api/team/members/${stranger.userId}`, { accountRole: 'member' })).status).toBe(
      404,
    );
    expect((await owner.browser.request('DELETE', `/api/team/members/${stranger.userId}`)).status).toBe(404);
    expect(await query(t, sql`select id from users where id = ${stranger.userId}`)).toHaveLength(1);
  });
});

// Last in the file: its 20 invitations' mails go out one a second, and a test after it would wait behind them.
describe('invitation rate limits', () => {
  it('an address gets one invitation a minute from an account; another account is neither held back nor told', async () => {
    const owner = await businessOwner();
    const other = await businessOwner();
    const email = newEmail();
    await invite(owner, email);
    const again = await owner.browser.post('/api/team/invitations', { email });
    expect(again).toMatchObject({
      status: 429,
      body: { message: `An invitation was just sent to ${email}. Please try again in 1 minute.` },
    });
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await owner.browser.get('/api/team')).body.invitations).toHaveLength(1);
    expect((await other.browser.post('/api/team/invitations', { email })).status).toBe(201);
    expect((await other.browser.get('/api/team')).body.invitations).toHaveLength(1);
    t.advance(61);
    try {
      await invite(owner, email);
    } finally {
      t.advance(-61);
    }
  });

  it(`an account sends at most ${INVITATIONS_PER_HOUR} an hour; another account is not held back`, async () => {
    const owner = await businessOwner();
    for (let i = 0; i < INVITATIONS_PER_HOUR; i++)
      expect((await owner.browser.post('/api/team/invitations', { email: newEmail() })).status).toBe(201);
    const over = await owner.browser.post('/api/team/invitations', { email: newEmail() });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Too many invitations in a short time\. Please try again in \d+ minutes\.$/);
    expect((await owner.browser.get('/api/team')).body.invitations).toHaveLength(INVITATIONS_PER_HOUR);
    const other = await businessOwner();
    expect((await other.browser.post('/api/team/invitations', { email: newEmail() })).status).toBe(201);
  });
});
