import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';

/** A local identity provider speaking OAuth 2.0 as Google does (authorize, token, userinfo v3). */
function startIdentityProvider() {
  const profiles = new Map<string, Record<string, unknown>>();
  let nextProfile: Record<string, unknown> = {};
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/authorize') {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      profiles.set(code, nextProfile);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const code = new URLSearchParams(body).get('code')!;
        if (!profiles.has(code))
          return res
            .writeHead(400, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: 'invalid_grant' }));
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ access_token: `token-for-${code}`, token_type: 'Bearer', expires_in: 3600 }));
      });
      return;
    }
    if (url.pathname === '/userinfo') {
      const token = req.headers.authorization?.replace(/^Bearer /i, '') ?? url.searchParams.get('access_token') ?? '';
      const code = token.replace('token-for-', '');
      const profile = profiles.get(code);
      if (!profile) return res.writeHead(401).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profile));
      return;
    }
    res.writeHead(404).end();
  });
  return {
    server,
    setProfile: (p: Record<string, unknown>) => (nextProfile = p),
    async start() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

const provider = startIdentityProvider();
let t: TestProduct;
beforeAll(async () => {
  const base = await provider.start();
  t = await startTestProduct({
    google: {
      clientId: 'client-id',
      clientSecret: 'client-secret',
      authorizationUrl: `${base}/authorize`,
      tokenUrl: `${base}/token`,
      userInfoUrl: `${base}/userinfo`,
    },
  });
});
afterAll(async () => {
  await t?.stop();
  provider.server.close();
});

/** What the browser does: follow /auth/google to the provider and back to our callback. */
async function continueWithGoogle(browser: Browser, tamperState = false): Promise<string> {
  const start = await browser.get('/auth/google');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.searchParams.get('client_id')).toBe('client-id');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.url}/auth/google/callback`);
  expect(authorize.searchParams.get('state')).toBeTruthy();
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location')!);
  if (tamperState) callback.searchParams.set('state', 'forged');
  const done = await browser.get(callback.pathname + callback.search);
  expect(done.status).toBe(302);
  return done.headers.get('location')!;
}

describe('Continue with Google', () => {
  it('creates a verified user with an account and signs in', async () => {
    provider.setProfile({
      sub: 'g-1',
      email: 'gina@example.com',
      email_verified: true,
      given_name: 'Gina',
      family_name: 'Google',
      name: 'Gina Google',
      picture: 'https://images.example/gina.png',
    });
    const browser = t.browser();
    expect(await continueWithGoogle(browser)).toBe('/');
    const me = await browser.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'gina@example.com',
      firstName: 'Gina',
      lastName: 'Google',
      emailVerified: true,
      role: 'client',
      profileImageUrl: 'https://images.example/gina.png',
      companyName: 'Gina Google',
    });
  });

  it('links Google to an existing account with the same email', async () => {
    await t.createUser({ email: 'paula@example.com', password: 'paula secret 1', firstName: 'Paula' });
    provider.setProfile({
      sub: 'g-2',
      email: 'paula@example.com',
      email_verified: true,
      given_name: 'P',
      family_name: 'X',
    });
    const browser = t.browser();
    expect(await continueWithGoogle(browser)).toBe('/');
    expect((await browser.get('/api/auth/user')).body).toMatchObject({
      email: 'paula@example.com',
      firstName: 'Paula',
    });
  });

  it('refuses an email Google has not verified, and a forged state', async () => {
    provider.setProfile({ sub: 'g-3', email: 'unverified@example.com', email_verified: false });
    const browser = t.browser();
    expect(await continueWithGoogle(browser)).toBe('/auth?error=google_auth_failed');
    expect((await browser.get('/api/auth/user')).status).toBe(401);

    provider.setProfile({ sub: 'g-4', email: 'forged@example.com', email_verified: true });
    const victim = t.browser();
    expect(await continueWithGoogle(victim, true)).toBe('/auth?error=google_auth_failed');
    expect((await victim.get('/api/auth/user')).status).toBe(401);
  });

  it('sends a callback whose state cannot be checked back with google_auth_failed', async () => {
    const answer = await t.browser().get('/auth/google/callback?code=abc&state=xyz');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/auth?error=google_auth_failed');
  });
});

describe('Which sign-in providers the page offers', () => {
  it('says Google is offered when its client is configured, to anyone signed out', async () => {
    const answer = await t.browser().get('/api/auth/providers');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ google: true });
  });

  it('says Google is not offered when it is not configured, and /auth/google fails back to /auth', async () => {
    const plain = await startTestProduct();
    try {
      const browser = plain.browser();
      const answer = await browser.get('/api/auth/providers');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ google: false });
      const start = await browser.get('/auth/google');
      expect(start.status).toBe(302);
      expect(start.headers.get('location')).toBe('/auth?error=google_auth_failed');
    } finally {
      await plain.stop();
    }
  });
});
