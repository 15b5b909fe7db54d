import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct({
    trustProxy: true,
    rateLimits: {
      login: { perIp: 8, perEmail: 3, windowSeconds: 900 },
      register: { perIp: 3, perEmail: 2, windowSeconds: 3600 },
      recovery: { perIp: 4, perEmail: 2, windowSeconds: 3600 },
      tokens: { perIp: 3, perEmail: 3, windowSeconds: 900 },
      changePassword: { perIp: 5, perEmail: 5, windowSeconds: 900 },
    },
  });
  await t.createUser({ email: 'victim@example.com', password: 'victim secret 1' });
  await t.createUser({ email: 'limited@example.com', password: 'limited secret 1' });
});
afterAll(() => t?.stop());

describe('cross-site request forgery', () => {
  it('refuses state-changing calls from a foreign Origin and changes nothing', async () => {
    const before = await t.rowCounts();
    const evil = t.browser({ origin: 'https://evil.example', ip: '10.0.0.1' });
    const answer = await evil.post('/api/auth/register', { email: 'csrf@example.com', password: 'csrf secret 1' });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toMatch(/another site/);
    const nullOrigin = await t
      .browser({ origin: 'null', ip: '10.0.0.1' })
      .post('/api/auth/login', { email: 'victim@example.com', password: 'victim secret 1' });
    expect(nullOrigin.status).toBe(403);
    const fetchSite = await t
      .browser({ origin: null, ip: '10.0.0.1' })
      .post('/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(fetchSite.status).toBe(403);
    expect(await t.rowCounts()).toEqual(before);
  });

  it('a signed-in victim cannot be made to act from another site', async () => {
    const victim = t.browser({ ip: '10.0.0.2' });
    await victim.signIn('victim@example.com', 'victim secret 1');
    const forged = await victim.patch('/api/auth/profile', { firstName: 'Pwned' }, { origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect((await victim.get('/api/auth/user')).body.firstName).toBeNull();
  });

  it('refuses bodies that are not JSON (a plain HTML form cannot post to the API)', async () => {
    const form = await t.browser({ ip: '10.0.0.3' }).post('/api/auth/forgot-password', 'email=victim%40example.com', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    expect(typeof form.body.message).toBe('string');
  });
});

describe('rate limits', () => {
  it('limits sign-in attempts per email with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await t
        .browser({ ip: `10.1.0.${i}` })
        .post('/api/auth/login', { email: 'limited@example.com', password: `guess ${i}` });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(Number(answer.headers.get('retry-after'))).toBeLessThanOrEqual(900);
        expect(answer.body.message).toMatch(/Too many attempts/);
      }
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits sign-in attempts per IP across emails, and lifts the limit when the window passes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push(
        (
          await t
            .browser({ ip: '10.2.0.1' })
            .post('/api/auth/login', { email: `spray${i}@example.com`, password: 'guess' })
        ).status,
      );
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
    t.advance(901);
    expect(
      (await t.browser({ ip: '10.2.0.1' }).post('/api/auth/login', { email: 'spray0@example.com', password: 'guess' }))
        .status,
    ).toBe(401);
  });

  it('limits registration, forgot-password and resend per email', async () => {
    const register = [];
    for (let i = 0; i < 3; i++)
      register.push(
        (
          await t
            .browser({ ip: `10.3.0.${i}` })
            .post('/api/auth/register', { email: 'flood@example.com', password: 'flood secret 1' })
        ).status,
      );
    expect(register).toEqual([201, 201, 429]);
    const forgot = [];
    for (let i = 0; i < 3; i++)
      forgot.push(
        (await t.browser({ ip: `10.4.0.${i}` }).post('/api/auth/forgot-password', { email: 'victim@example.com' }))
          .status,
      );
    expect(forgot).toEqual([200, 200, 429]);
    const resend = [];
    for (let i = 0; i < 3; i++)
      resend.push(
        (await t.browser({ ip: `10.5.0.${i}` }).post('/api/auth/resend-verification', { email: 'flood@example.com' }))
          .status,
      );
    expect(resend).toEqual([200, 200, 429]);
  });
});

describe('headers and input', () => {
  it('sends security headers and a CSP the app can live with', async () => {
    const answer = await t.browser().get('/healthz');
    const csp = answer.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('x-powered-by')).toBeNull();
  });

  it('gives every response a style nonce of its own, 16 random bytes', async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const csp = (await t.browser().get('/healthz')).headers.get('content-security-policy')!;
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
      expect(Buffer.from(nonce!, 'base64')).toHaveLength(16);
      nonces.add(nonce!);
    }
    // 300 responses cross the 256 nonces drawn at a time.
    expect(nonces.size).toBe(300);
  });

  it('refuses unknown fields, wrong types and invalid JSON with a message', async () => {
    const b = t.browser({ ip: '10.6.0.1' });
    const extra = await b.post('/api/auth/forgot-password', { email: 'victim@example.com', admin: true });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe('Admin is not a field this request takes.');
    const wrongType = await b.post('/api/auth/login', { email: 42, password: 'x' });
    expect(wrongType.status).toBe(400);
    const broken = await b.post('/api/auth/login', '{"email": ');
    expect(broken).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
    const unknown = await b.get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBeTruthy();
  });
});
