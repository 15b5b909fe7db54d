import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';

let t: TestProduct;
beforeAll(async () => {
  t = await startTestProduct({ sandbox: { enabled: false, baseUrl: 'http://localhost:1/sandbox' } });
});
afterAll(() => t?.stop());

describe('SANDBOX=off', () => {
  it('serves no sandbox and says so when asked for a sandbox seller or connection', async () => {
    expect((await fetch(`${t.url}/sandbox/walmart/_control/faults`)).status).toBe(404);
    const { browser: seller } = await t.signedInSeller();
    const answer = await seller.post('/api/channels/sandbox-sellers', { kind: 'walmart' });
    expect(answer).toMatchObject({
      status: 404,
      body: { message: 'The built-in sandbox is turned off on this server.' },
    });
    const connect = await seller.post('/api/channels/connect', {
      kind: 'walmart',
      environment: 'sandbox',
      credentials: { clientId: 'a', clientSecret: 'b' },
    });
    expect(connect).toMatchObject({
      status: 400,
      body: { message: 'The built-in sandbox is turned off on this server.' },
    });
  });
});
