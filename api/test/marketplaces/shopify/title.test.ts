/** A title sent through the Shopify adapter reaches the Shopify sandbox's product (productUpdate, real HTTP). */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ShopifyAdapter } from '../../../src/marketplaces/shopify/shopify-adapter.ts';
import { startSandbox } from './harness.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let adapter: ShopifyAdapter;

beforeAll(async () => {
  sandbox = await startSandbox('fast');
  const shop = (await sandbox.createSeller(2)).sellerId;
  adapter = sandbox.adapter(shop, await sandbox.connect(shop));
});
afterAll(async () => {
  await sandbox?.close();
});

describe('Shopify title', () => {
  test("sets the title of the product holding the SKU's variant, read back from the catalogue", async () => {
    const [item] = (await adapter.listCatalogue(undefined)).items;
    expect(await adapter.updateTitle!(item!.sku, 'Ceramic mug, 350 ml')).toEqual({
      sku: item!.sku,
      outcome: 'confirmed',
    });
    const again = (await adapter.listCatalogue(undefined)).items.find((i) => i.sku === item!.sku);
    expect(again?.title).toContain('Ceramic mug, 350 ml');
  });

  test('answers rejected for a SKU no variant holds', async () => {
    expect(await adapter.updateTitle!('NO-SUCH-SKU', 'x')).toMatchObject({ sku: 'NO-SUCH-SKU', outcome: 'rejected' });
  });
});
