import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';

const base = { APP_SECRET_KEY: 'x'.repeat(64) };

describe('our Walmart Connect partner keys, from the environment', () => {
  it('are read whole, the private key given in one line with \\n for its line breaks', () => {
    const config = loadConfig({
      ...base,
      WALMART_CONNECT_CONSUMER_ID: 'consumer-1',
      WALMART_CONNECT_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nAAAA\\n-----END PRIVATE KEY-----',
      WALMART_CONNECT_AUTH_TOKEN: 'token-1',
    });
    expect(config.marketplaceApps.walmartConnect).toEqual({
      consumerId: 'consumer-1',
      keyVersion: '1',
      privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
      authToken: 'token-1',
    });
  });

  it('are not configured while any of them is missing', () => {
    const config = loadConfig({ ...base, WALMART_CONNECT_CONSUMER_ID: 'consumer-1', WALMART_CONNECT_AUTH_TOKEN: 't' });
    expect(config.marketplaceApps.walmartConnect).toBeUndefined();
  });
});
