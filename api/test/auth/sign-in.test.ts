import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct();
  await t.createUser({
    email: 'seller@example.com',
    password: 'seller secret 1',
    firstName: 'Sam',
    lastName: 'Seller',
    companyName: 'Sam Sells',
  });
  await t.createUser({ email: 'other@example.com', password: 'other secret 2' });
});
afterAll(() => t?.stop());

const auditActions = async () =>
  (
    (await t.database.handle.db.execute(
      sql.raw(`select action, actor_user_id, ip, metadata from audit_log order by id`),
    )) as unknown as {
      rows: Array<{
        action: string;
        actor_user_id: string | null;
        ip: string | null;
        metadata: Record<string, unknown> | null;
      }>;
    }
  ).rows;

describe('sign-in, sessions and sign-out', () => {
  it('signs in with the user in the answer and a session cookie that is HttpOnly and SameSite=Lax', async () => {
    const browser = t.browser();
    const answer = await browser.post('/api/auth/login', { email: 'SELLER@example.com', password: 'seller secret 1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      email: 'seller@example.com',
      firstName: 'Sam',
      lastName: 'Seller',
      role: 'client',
      companyName: 'Sam Sells',
      isBeingImpersonated: false,
    });
    expect(answer.body).not.toHaveProperty('passwordHash');
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('hub.sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect((await browser.get('/api/auth/user')).body.email).toBe('seller@example.com');
    const last = (await auditActions()).at(-1)!;
    expect(last.action).toBe('auth.sign_in');
    expect(last.actor_user_id).toBeTruthy();
    expect(last.ip).toBeTruthy();
  });

  it('gives the same answer for an unknown email and a wrong password, and audits both', async () => {
    const unknown = await t
      .browser()
      .post('/api/auth/login', { email: 'ghost@example.com', password: 'seller secret 1' });
    const wrong = await t
      .browser()
      .post('/api/auth/login', { email: 'seller@example.com', password: 'not the secret' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual({ message: 'Invalid email or password' });
    expect(wrong.body).toEqual(unknown.body);
    const failures = (await auditActions()).filter((a) => a.action === 'auth.sign_in_failed');
    expect(failures.map((f) => f.metadata?.reason)).toEqual(
      expect.arrayContaining(['unknown_email', 'wrong_password']),
    );
  });

  it('renews the session id on sign-in and forgets the old one', async () => {
    const browser = t.browser();
    await browser.signIn('seller@example.com', 'seller secret 1');
    const first = browser.sessionId!;
    await browser.signIn('other@example.com', 'other secret 2');
    expect(browser.sessionId).not.toBe(first);
    const stale = t.browser();
    stale.cookies.set('hub.sid', first);
    expect((await stale.get('/api/auth/user')).status).toBe(401);
  });

  it('logout destroys the session on the server, not only the cookie', async () => {
    const browser = t.browser();
    await browser.signIn('seller@example.com', 'seller secret 1');
    const sid = browser.sessionId!;
    const out = await browser.post('/api/auth/logout');
    expect(out).toMatchObject({ status: 200, body: { message: 'Logged out' } });
    const replay = t.browser();
    replay.cookies.set('hub.sid', sid);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
    expect((await auditActions()).at(-1)!.action).toBe('auth.sign_out');
  });

  it('POST /api/logout (the Sign Out navigation, a form post) ends the session and redirects to /', async () => {
    const browser = t.browser();
    await browser.signIn('seller@example.com', 'seller secret 1');
    const sid = browser.sessionId!;
    // As the browser submits the menu's empty form.
    const answer = await browser.post('/api/logout', '', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/');
    const replay = t.browser();
    replay.cookies.set('hub.sid', sid);
    expect((await replay.get('/api/auth/user')).status).toBe(401);
    expect((await auditActions()).at(-1)!.action).toBe('auth.sign_out');
    // Under no-referrer a browser would send "Origin: null" with our own form post, and be refused as foreign.
    expect(answer.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('another site cannot sign a user out: a GET of /api/logout and a cross-site post leave the session alone', async () => {
    const browser = t.browser();
    await browser.signIn('seller@example.com', 'seller secret 1');
    // A link, an image or a top-level navigation from any site.
    const navigation = await browser.get('/api/logout', { accept: 'text/html', 'sec-fetch-site': 'cross-site' });
    expect(navigation.status).toBe(405);
    expect(navigation.headers.get('content-type')).toMatch(/application\/json/);
    expect(navigation.body).toMatchObject({ message: expect.any(String) });
    // A form on another site posting to us: the browser sends that site's Origin.
    const forged = await browser.post('/api/logout', '', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(forged.status).toBe(403);
    expect((await browser.get('/api/auth/user')).status).toBe(200);
  });

  it('ends a session left idle longer than the idle timeout', async () => {
    const browser = t.browser();
    await browser.signIn('seller@example.com', 'seller secret 1');
    t.advance(t.config.session.idleSeconds - 120);
    expect((await browser.get('/api/auth/user')).status).toBe(200);
    t.advance(t.config.session.idleSeconds + 60);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('ends a busy session at the absolute timeout', async () => {
    const browser = t.browser();
    await browser.signIn('seller@example.com', 'seller secret 1');
    const step = Math.floor(t.config.session.idleSeconds / 2);
    let elapsed = 0;
    while (elapsed + step < t.config.session.absoluteSeconds) {
      t.advance(step);
      elapsed += step;
      expect((await browser.get('/api/auth/user')).status).toBe(200);
    }
    t.advance(step);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('updates the profile and changes the password, signing out the other sessions', async () => {
    const here = t.browser();
    const elsewhere = t.browser();
    await here.signIn('other@example.com', 'other secret 2');
    await elsewhere.signIn('other@example.com', 'other secret 2');
    const profile = await here.patch('/api/auth/profile', {
      firstName: 'Olive',
      lastName: 'Other',
      companyName: 'Olive Oils',
    });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ firstName: 'Olive', lastName: 'Other', companyName: 'Olive Oils' });

    const wrongCurrent = await here.post('/api/auth/change-password', {
      currentPassword: 'nope',
      newPassword: 'fresh secret 3',
    });
    expect(wrongCurrent.status).toBe(400);
    const changed = await here.post('/api/auth/change-password', {
      currentPassword: 'other secret 2',
      newPassword: 'fresh secret 3',
    });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/auth/user')).status).toBe(200);
    expect((await elsewhere.get('/api/auth/user')).status).toBe(401);
    expect(
      (await t.browser().post('/api/auth/login', { email: 'other@example.com', password: 'other secret 2' })).status,
    ).toBe(401);
    await t.browser().signIn('other@example.com', 'fresh secret 3');
  });
});

describe('cookies in production', () => {
  it('marks the session cookie Secure behind an HTTPS proxy', async () => {
    const prod = await startTestProduct({ production: true, trustProxy: true });
    try {
      await prod.createUser({ email: 'p@example.com', password: 'prod secret 5' });
      const answer = await prod
        .browser()
        .post(
          '/api/auth/login',
          { email: 'p@example.com', password: 'prod secret 5' },
          { 'x-forwarded-proto': 'https' },
        );
      expect(answer.status).toBe(200);
      const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('hub.sid='))!;
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(answer.headers.get('strict-transport-security')).toBeTruthy();
    } finally {
      await prod.stop();
    }
  });
});
