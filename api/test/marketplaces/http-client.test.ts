import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketplaceFetch } from '../../src/marketplaces/shared/http-client.ts';
import { MarketplaceError } from '../../src/marketplaces/errors.ts';

/**
 * The transport under every adapter, against a plain server that misbehaves on purpose: answers
 * whole, answers cut off, answers never given. A write whose answer is lost is never sent again
 * blindly; a read is.
 */
const calls: Record<string, number> = {};
let base: string;
const server = http.createServer((req, res) => {
  const path = req.url ?? '/';
  calls[path] = (calls[path] ?? 0) + 1;
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    if (path === '/echo') {
      res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', location: '/things/42' });
      return res.end(
        JSON.stringify({
          method: req.method,
          body: body ? JSON.parse(body) : null,
          type: req.headers['content-type'] ?? null,
        }),
      );
    }
    if (path === '/cut') {
      // Headers and part of the body, then the connection is dropped.
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"partial":');
      return setTimeout(() => res.socket?.destroy(), 10);
    }
    if (path === '/silent') return; // never answers
    if (path === '/refused') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ errors: [{ message: 'SKU is not valid' }] }));
    }
    res.writeHead(404).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const quick = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

describe('a marketplace call', () => {
  it('sends JSON and gives the status, headers and parsed body', async () => {
    const response = await marketplaceFetch<{ method: string; body: unknown; type: string }>({
      method: 'PATCH',
      url: `${base}/echo`,
      body: { quantity: 3 },
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/things/42');
    expect(response.body).toEqual({ method: 'PATCH', body: { quantity: 3 }, type: 'application/json' });
  });

  it("fails with the marketplace's own message when refused, and is not sent again", async () => {
    const refused = await marketplaceFetch({
      method: 'POST',
      url: `${base}/refused`,
      body: {},
      retry: quick,
      describeError: (_status, body) => ({
        message: (body as { errors: Array<{ message: string }> }).errors[0]!.message,
      }),
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MarketplaceError);
    expect(refused).toMatchObject({ kind: 'rejected', message: 'SKU is not valid', details: { status: 400 } });
    expect(calls['/refused']).toBe(1);
  });

  it('cut off mid-answer: a write is left for a read to settle (outcome unknown), a read is asked again', async () => {
    const write = await marketplaceFetch({
      method: 'PUT',
      url: `${base}/cut`,
      body: { quantity: 1 },
      retry: quick,
    }).catch((error: unknown) => error);
    expect(write).toMatchObject({ kind: 'outcome_unknown' });
    expect(calls['/cut']).toBe(1);
    const read = await marketplaceFetch({ method: 'GET', url: `${base}/cut`, retry: quick }).catch(
      (error: unknown) => error,
    );
    expect(read).toMatchObject({ kind: 'unavailable' });
    expect((read as Error).message).toMatch(/^No answer from the marketplace/);
    expect(calls['/cut']).toBe(1 + quick.attempts);
  });

  it('unanswered: fails after its time limit, or at once when the caller gives up', async () => {
    const started = Date.now();
    const timedOut = await marketplaceFetch({
      method: 'POST',
      url: `${base}/silent`,
      body: {},
      timeoutMs: 150,
      retry: quick,
    }).catch((error: unknown) => error);
    expect(timedOut).toMatchObject({
      kind: 'outcome_unknown',
      message: 'No answer from the marketplace (no answer within 150 ms)',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);

    const controller = new AbortController();
    const given = marketplaceFetch({ method: 'GET', url: `${base}/silent`, signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    controller.abort(new Error('the job was stopped'));
    expect(await given).toMatchObject({ message: 'the job was stopped' });
  });
});
