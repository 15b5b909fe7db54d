import crypto from 'node:crypto';
/** A running eBay sandbox on an ephemeral port, and a seller connected to it the way the app does (consent, code exchange). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createSandbox } from '../../../src/sandbox/shared/sandbox-kit.ts';
import type { RateLimitProfile } from '../../../src/sandbox/shared/sandbox-limits.ts';
import { EBAY_SANDBOX_APP, ebaySandbox } from '../../../src/sandbox/ebay/ebay-sandbox.ts';
import { ebayEndpointsAt } from '../../../src/marketplaces/ebay/endpoints.ts';
import { ebayAuthorizeUrl, exchangeEbayCode, type EbayApplication } from '../../../src/marketplaces/ebay/consent.ts';
import { createEbayAdapter, type EbayAdapterOptions } from '../../../src/marketplaces/ebay/ebay-adapter.ts';
import { openAccess } from '../../../src/sandbox/shared/sandbox-access.ts';

export async function listen(app: http.RequestListener): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export async function startEbaySandbox(profile: RateLimitProfile = 'fast') {
  const app = express();
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/ebay`;
  const testApplication = { clientId: EBAY_SANDBOX_APP.clientId, clientSecret: crypto.randomBytes(16).toString('hex') };
  const sandbox = createSandbox(ebaySandbox, {
    baseUrl,
    dataDir: undefined,
    profile,
    access: openAccess,
    application: testApplication,
  });
  app.use('/sandbox/ebay', sandbox.router);
  const endpoints = ebayEndpointsAt(baseUrl);
  // The sandbox has no RuName registry: the RuName is the callback URL itself.
  const application: EbayApplication = { ...testApplication, ruName: 'http://127.0.0.1:9/ebay/callback' };

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  /** The seller's popup: open the consent page, choose the seller, press Agree; answers the redirect. */
  const consent = async (username: string, decision: 'agree' | 'decline' = 'agree', state = 'state-123') => {
    const authorize = ebayAuthorizeUrl({
      endpoints,
      clientId: application.clientId,
      ruName: application.ruName,
      state,
      loginHint: username,
    });
    const page = await fetch(authorize);
    const html = await page.text();
    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form.set(name!, value!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
    form.set('seller', username);
    form.set('decision', decision);
    const answer = await fetch(new URL(/action="([^"]+)"/.exec(html)![1]!, authorize), {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    return {
      page: { status: page.status, html },
      status: answer.status,
      location: new URL(answer.headers.get('location') ?? 'about:blank'),
    };
  };

  /** A sandbox seller with `products` items, connected: consent, code exchange, adapter. */
  const connectSeller = async (products = 30, adapterOptions: Partial<EbayAdapterOptions> = {}) => {
    const created = await control('POST', '/sellers', { products });
    const { location } = await consent(created.body.credentials.username);
    const tokens = await exchangeEbayCode({ endpoints, application, code: location.searchParams.get('code')! });
    const adapter = createEbayAdapter({
      endpoints,
      application,
      refreshToken: tokens.refreshToken,
      accessToken: { token: tokens.accessToken, expiresAt: tokens.accessTokenExpiresAt },
      sellerKey: created.body.sellerId,
      retry: { attempts: 6, baseDelayMs: 20, maxDelayMs: 2000 },
      ...adapterOptions,
    });
    return {
      sellerId: created.body.sellerId as string,
      username: created.body.credentials.username as string,
      tokens,
      adapter,
    };
  };

  const item = async (sellerId: string, sku: string) =>
    (await control('GET', `/sellers/${sellerId}/items/${encodeURIComponent(sku)}`)).body;

  return {
    baseUrl,
    endpoints,
    application,
    sandbox,
    control,
    consent,
    connectSeller,
    item,
    async close() {
      sandbox.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type EbayTestSandbox = Awaited<ReturnType<typeof startEbaySandbox>>;

/** A local receiver for notifications: answers eBay's challenge and records each POST. */
export async function startReceiver(
  verificationToken: string,
  answerChallenge: (code: string, token: string, endpoint: string) => { challengeResponse: string },
) {
  const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
  const waiters: Array<{
    test: (n: { headers: http.IncomingHttpHeaders; body: string }) => boolean;
    resolve: (n: { headers: http.IncomingHttpHeaders; body: string }) => void;
  }> = [];
  let endpoint = '';
  const { server, url } = await listen((req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && requestUrl.searchParams.has('challenge_code')) {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(answerChallenge(requestUrl.searchParams.get('challenge_code')!, verificationToken, endpoint)),
      );
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const notification = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(notification);
      res.statusCode = 204;
      res.end();
      for (const w of waiters.splice(0)) {
        if (w.test(notification)) w.resolve(notification);
        else waiters.push(w);
      }
    });
  });
  endpoint = `${url}/ebay/notifications`;
  return {
    endpoint,
    received,
    /** Resolves with the first notification (already received or to come) that passes the test. */
    next(test: (n: { headers: http.IncomingHttpHeaders; body: string }) => boolean) {
      const seen = received.find(test);
      if (seen) return Promise.resolve(seen);
      return new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve) =>
        waiters.push({ test, resolve }),
      );
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
