import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { linkIn } from '../support/mail-catcher.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct();
});
afterAll(() => t?.stop());

const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

describe('registration and email verification', () => {
  it('creates a client with an account on a 7-day trial, mails a link, and signs in only once verified', async () => {
    const browser = t.browser();
    const registered = await browser.post('/api/auth/register', {
      email: 'Ada@Example.com',
      password: 'correct horse battery',
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Analytical Goods',
    });
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({
      requiresVerification: true,
      message: 'Registration successful. Please check your email to verify your account.',
      email: 'ada@example.com',
    });
    // No session until the email is verified.
    expect(browser.sessionId).toBeUndefined();
    expect((await browser.get('/api/auth/user')).status).toBe(401);

    const [user] = await rows<{
      role: string;
      password_hash: string;
      email_verified_at: Date | null;
      name: string;
      trial_ends_at: Date;
      account_id: string;
    }>(
      `select u.role, u.password_hash, u.email_verified_at, a.name, a.trial_ends_at, u.account_id from users u join accounts a on a.id = u.account_id where u.email = 'ada@example.com'`,
    );
    expect(user!.role).toBe('client');
    expect(user!.name).toBe('Analytical Goods');
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    expect(user!.email_verified_at).toBeNull();
    const trialDays = (new Date(user!.trial_ends_at).getTime() - Date.now()) / 86400_000;
    expect(trialDays).toBeGreaterThan(6.99);
    expect(trialDays).toBeLessThan(7.01);

    const login = await browser.post('/api/auth/login', {
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ requiresVerification: true, email: 'ada@example.com' });
    expect(typeof login.body.message).toBe('string');
    expect(browser.sessionId).toBeUndefined();

    const mail = await t.mail.next('ada@example.com');
    expect(mail.subject).toBe('Verify your email for Marketplace Hub');
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe(t.url);
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    // The code the "Verify Your Email" screen asks for is in the mail.
    expect(mail.text).toContain(`Or paste this verification code where the sign-in page asks for it: ${token}`);

    // Only the token's hash is stored.
    const tokens = await rows<{ token_hash: string }>(`select token_hash from auth_tokens`);
    expect(tokens.map((r) => r.token_hash)).not.toContain(token);
    expect(tokens[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const verified = await browser.post('/api/auth/verify-email', { token });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      email: 'ada@example.com',
      emailVerified: true,
      role: 'client',
      isBeingImpersonated: false,
      companyName: 'Analytical Goods',
    });
    expect(browser.sessionId).toBeDefined();
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('ada@example.com');

    // Single use.
    const again = await t.browser().post('/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/invalid or has expired/);

    const audit = await rows<{ action: string }>(`select action from audit_log order by id`);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.registered', 'auth.email_verified', 'auth.sign_in']),
    );
  });

  it('names the account after the user when no company is given, and after the email when there is no name', async () => {
    await t.browser().post('/api/auth/register', {
      email: 'grace@example.com',
      password: 'a much better secret',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    await t.browser().post('/api/auth/register', { email: 'anon@example.com', password: 'a much better secret' });
    const names = await rows<{ email: string; name: string }>(
      `select u.email, a.name from users u join accounts a on a.id = u.account_id where u.email in ('grace@example.com','anon@example.com') order by u.email`,
    );
    expect(names).toEqual([
      { email: 'anon@example.com', name: 'anon@example.com' },
      { email: 'grace@example.com', name: 'Grace Hopper' },
    ]);
  });

  it('answers a taken email exactly as a new one, creates nothing, and tells the owner by mail', async () => {
    await t.createUser({ email: 'taken@example.com', password: 'original secret 1' });
    const before = await t.rowCounts();
    const fresh = await t
      .browser()
      .post('/api/auth/register', { email: 'fresh-one@example.com', password: 'another secret 2' });
    const taken = await t
      .browser()
      .post('/api/auth/register', { email: 'taken@example.com', password: 'another secret 2' });
    expect(taken.status).toBe(fresh.status);
    expect({ ...taken.body, email: 'x' }).toEqual({ ...fresh.body, email: 'x' });
    const after = await t.rowCounts();
    expect(after.users).toBe(before.users! + 1);
    const notice = await t.mail.next('taken@example.com');
    expect(notice.subject).toBe('You already have a Marketplace Hub account');
    expect(notice.text).not.toMatch(/token=/);
  });

  it('refuses short and common passwords with a clear message and stores nothing', async () => {
    const before = await t.rowCounts();
    const short = await t.browser().post('/api/auth/register', { email: 'short@example.com', password: '12345' });
    expect(short.status).toBe(400);
    // In the seller's words, not the validator's ("must NOT have fewer than …").
    expect(short.body.message).toBe('Password must be at least 6 characters.');
    const common = await t.browser().post('/api/auth/register', { email: 'common@example.com', password: 'password1' });
    expect(common.status).toBe(400);
    expect(common.body.message).toMatch(/most commonly used/);
    // Only the attempt counter moves: a refused password still counts against the rate limit.
    const { rate_limits: _ignored, ...after } = await t.rowCounts();
    const { rate_limits: _also, ...expected } = before;
    expect(after).toEqual(expected);
  });

  it('expires verification links after 24 hours', async () => {
    await t.browser().post('/api/auth/register', { email: 'late@example.com', password: 'patient secret 9' });
    const token = linkIn(await t.mail.next('late@example.com'), '/verify-email').searchParams.get('token')!;
    t.advance(24 * 3600 + 5);
    const answer = await t.browser().post('/api/auth/verify-email', { token });
    expect(answer.status).toBe(400);
    t.advance(-(24 * 3600 + 5));
  });

  it('resends verification with one answer for every email, mailing only an unverified account', async () => {
    await t.browser().post('/api/auth/register', { email: 'resend@example.com', password: 'resend secret 7' });
    await t.mail.next('resend@example.com');
    const known = await t.browser().post('/api/auth/resend-verification', { email: 'resend@example.com' });
    const unknown = await t.browser().post('/api/auth/resend-verification', { email: 'nobody@example.com' });
    const verified = await t.browser().post('/api/auth/resend-verification', { email: 'ada@example.com' });
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: 200, body: known.body });
    expect(verified).toMatchObject({ status: 200, body: known.body });
    const second = await t.mail.next('resend@example.com');
    expect(linkIn(second, '/verify-email').searchParams.get('token')).toBeTruthy();
    expect(t.mail.sentTo('nobody@example.com')).toHaveLength(0);
  });

  it('verification renews the session id of a browser that already had a session', async () => {
    await t.createUser({ email: 'first@example.com', password: 'first secret 1' });
    const browser = t.browser();
    await browser.signIn('first@example.com', 'first secret 1');
    const before = browser.sessionId!;
    await t.browser().post('/api/auth/register', { email: 'second@example.com', password: 'second secret 2' });
    const token = linkIn(await t.mail.next('second@example.com'), '/verify-email').searchParams.get('token')!;
    expect((await browser.post('/api/auth/verify-email', { token })).status).toBe(200);
    expect(browser.sessionId).not.toBe(before);
    expect((await browser.get('/api/auth/user')).body.email).toBe('second@example.com');
    const stale = t.browser();
    stale.cookies.set('hub.sid', before);
    expect((await stale.get('/api/auth/user')).status).toBe(401);
  });

  it('never returns, logs or audits a password', async () => {
    const secret = 'unmistakable-secret-42';
    await t.browser().post('/api/auth/register', { email: 'quiet@example.com', password: secret });
    await t.browser().post('/api/auth/login', { email: 'quiet@example.com', password: secret + 'x' });
    const audit = await rows<{ entry: string }>(`select row_to_json(a)::text as entry from audit_log a`);
    expect(audit.some((a) => a.entry.includes(secret))).toBe(false);
    expect(t.logs.join('\n')).not.toContain(secret);
    const stored = await rows<{ password_hash: string }>(
      `select password_hash from users where email = 'quiet@example.com'`,
    );
    expect(stored[0]!.password_hash).not.toContain(secret);
  });
});
