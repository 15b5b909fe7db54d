/** A title sent through the eBay adapter reaches the eBay sandbox (real HTTP), the item's other facts kept. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEbaySandbox, type EbayTestSandbox } from './ebay-test-sandbox.ts';

let env: EbayTestSandbox;
beforeAll(async () => {
  env = await startEbaySandbox('fast');
});
afterAll(async () => {
  await env.close();
});

describe('eBay title', () => {
  it('replaces the product title on the inventory item and keeps its brand, images and quantity', async () => {
    const { adapter } = await env.connectSeller(1);
    const [before] = (await adapter.listCatalogue(undefined)).items;
    await adapter.updateListings([{ sku: before!.sku, quantity: 6 }]);
    expect(await adapter.updateTitle!(before!.sku, 'Ceramic mug, 350 ml')).toEqual({
      sku: before!.sku,
      outcome: 'confirmed',
    });
    const [after] = (await adapter.listCatalogue(undefined)).items;
    expect(after).toMatchObject({
      sku: before!.sku,
      title: 'Ceramic mug, 350 ml',
      brand: before!.brand,
      images: before!.images,
      quantity: 6,
    });
    // Sent again: the same title, nothing appended.
    await adapter.updateTitle!(before!.sku, 'Ceramic mug, 350 ml');
    expect((await adapter.listCatalogue(undefined)).items[0]!.title).toBe('Ceramic mug, 350 ml');
  });

  it('answers rejected for a SKU eBay does not hold', async () => {
    const { adapter } = await env.connectSeller(1);
    expect(await adapter.updateTitle!('NO-SUCH-SKU', 'x')).toMatchObject({ sku: 'NO-SUCH-SKU', outcome: 'rejected' });
  });
});
