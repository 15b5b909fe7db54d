import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct();
});
afterAll(() => t?.stop());

describe('health', () => {
  it('answers liveness and readiness with the database and the job queue', async () => {
    expect(await t.browser().get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(await t.browser().get('/readyz')).toMatchObject({
      status: 200,
      body: { status: 'ready', database: 'ok', queue: 'ok' },
    });
  });

  it('sends the Google button back to sign-in with google_auth_failed when Google is not configured', async () => {
    const answer = await t.browser().get('/auth/google');
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/auth?error=google_auth_failed');
  });
});
