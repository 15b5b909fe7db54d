import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { WalmartAdapter } from '../../../src/marketplaces/walmart/walmart-adapter.ts';
import type { NewListing, SubmissionStatus } from '../../../src/marketplaces/types.ts';
import { startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

let sandbox: WalmartSandboxHandle;
let adapter: WalmartAdapter;
let sellerId: string;

const mug: NewListing = {
  sku: 'PUB-MUG-1',
  title: 'Ceramic mug, 350 ml',
  description: 'A stoneware mug.',
  brand: 'Acme',
  gtin: '036000291452',
  images: ['https://example.com/mug.jpg'],
  attributes: {},
  price: { amount: '14.00', currency: 'USD' },
  quantity: 8,
};

async function settled(submissionId: string, skus: string[]): Promise<Extract<SubmissionStatus, { state: 'done' }>> {
  for (let i = 0; i < 100; i++) {
    const status = await adapter.submissionStatus!({ submissionId, skus });
    if (status.state === 'done') return status;
    if (status.state === 'failed') throw new Error(status.message);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the item feed was not processed');
}

beforeAll(async () => {
  sandbox = await startWalmartSandbox('fast');
  const seller = await sandbox.createSeller(2);
  sellerId = seller.sellerId;
  adapter = sandbox.adapter(seller.credentials);
});
afterAll(async () => {
  await sandbox?.close();
});

describe('Walmart: item setup (MP_ITEM feed) and retirement against the sandbox', () => {
  test('an item feed is accepted; once processed the item is published with its price and no stock until the inventory is set', async () => {
    const [outcome] = await adapter.createListings([mug]);
    expect(outcome).toMatchObject({ sku: mug.sku, outcome: 'accepted', checkBy: 'submission' });
    const submissionId = (outcome as { submissionId: string }).submissionId;
    expect(submissionId).toMatch(/^item:/);
    const status = await settled(submissionId, [mug.sku]);
    expect(status.results).toEqual([{ sku: mug.sku, outcome: 'confirmed' }]);
    const [state] = await adapter.readListings([mug.sku]);
    expect(state).toMatchObject({ status: 'active', price: { amount: '14.00', currency: 'USD' }, quantity: 0 });
    expect(state!.marketplaceId).toBeTruthy();
    expect(await adapter.updateListings([{ sku: mug.sku, quantity: 8 }])).toEqual([
      { sku: mug.sku, outcome: 'confirmed' },
    ]);
    expect(await sandbox.item(sellerId, mug.sku)).toMatchObject({ quantity: 8, price: '14.00', status: 'PUBLISHED' });
  });

  test('the same item again replaces it (processMode REPLACE): one item, new price, stock kept', async () => {
    const [outcome] = await adapter.createListings([{ ...mug, price: { amount: '15.50', currency: 'USD' } }]);
    await settled((outcome as { submissionId: string }).submissionId, [mug.sku]);
    expect(await sandbox.item(sellerId, mug.sku)).toMatchObject({ quantity: 8, price: '15.50' });
    const page = await adapter.listCatalogue(undefined);
    expect(page.items.filter((i) => i.sku === mug.sku)).toHaveLength(1);
  });

  test('an item without brand and image is a DATA_ERROR in the feed with Walmart’s words, and no item exists', async () => {
    const [outcome] = await adapter.createListings([{ ...mug, sku: 'PUB-BARE-1', brand: null, images: [] }]);
    const status = await settled((outcome as { submissionId: string }).submissionId, ['PUB-BARE-1']);
    expect(status.results).toEqual([
      {
        sku: 'PUB-BARE-1',
        outcome: 'rejected',
        code: 'ERR_EXT_DATA_0801001',
        message:
          'Missing required attribute(s): brand, mainImageUrl. Provide a value for each and submit the item again.',
      },
    ]);
    expect((await adapter.readListings(['PUB-BARE-1']))[0]!.status).toBe('not listed');
  });

  test('Get Spec says what a product type requires; an item of it without those is a DATA_ERROR, with them set up', async () => {
    const clothing = await adapter.categoryRequirements('Clothing');
    expect(clothing).toEqual({
      category: 'Clothing',
      categoryName: null,
      attributes: [
        { name: 'color', label: 'Color' },
        { name: 'clothingSize', label: 'Clothing Size' },
        { name: 'gender', label: 'Gender', values: ['Female', 'Male', 'Unisex'], valuesOnly: true },
      ],
    });
    await expect(adapter.categoryRequirements('Spaceships')).rejects.toThrow(/No Items found/);
    const tee = { ...mug, sku: 'PUB-TEE-1', title: 'Cotton tee', attributes: { walmartCategory: 'Clothing' } };
    const [bare] = await adapter.createListings([tee]);
    expect((await settled((bare as { submissionId: string }).submissionId, [tee.sku])).results).toEqual([
      expect.objectContaining({
        outcome: 'rejected',
        message: expect.stringContaining('Missing required attribute(s): color, clothingSize, gender.'),
      }),
    ]);
    const [given] = await adapter.createListings([
      {
        ...tee,
        // As a seller names them in the drawer, or as Walmart does; an id of another marketplace is not sent.
        attributes: { ...tee.attributes, Color: 'Navy', 'Clothing Size': 'M', gender: 'Unisex', inventoryItemId: 'x' },
      },
    ]);
    expect((await settled((given as { submissionId: string }).submissionId, [tee.sku])).results).toEqual([
      { sku: tee.sku, outcome: 'confirmed' },
    ]);
  });

  test('retiring (DELETE) makes the item inactive; only the item feed brings it back', async () => {
    expect(await adapter.setListingActive({ sku: mug.sku, active: false })).toEqual({
      sku: mug.sku,
      outcome: 'confirmed',
    });
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('inactive');
    expect(await adapter.setListingActive({ sku: mug.sku, active: true })).toMatchObject({ outcome: 'rejected' });
    const back = await adapter.setListingActive({ sku: mug.sku, active: true, listing: mug });
    // The item feed's per-item result says later whether Walmart took it back.
    expect(back).toMatchObject({
      outcome: 'accepted',
      checkBy: 'submission',
      submissionId: expect.stringMatching(/^item:/),
    });
    await settled((back as { submissionId: string }).submissionId, [mug.sku]);
    expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('active');
    expect(await adapter.setListingActive({ sku: 'NO-SUCH-SKU', active: false })).toMatchObject({
      outcome: 'rejected',
      message: 'Item not found for SKU NO-SUCH-SKU',
    });
  });

  test('an item the item feed does not take back (the rejectSkus fault) is refused in the feed’s item status, in Walmart’s words', async () => {
    expect(await adapter.setListingActive({ sku: mug.sku, active: false })).toEqual({
      sku: mug.sku,
      outcome: 'confirmed',
    });
    expect((await sandbox.control('PUT', '/faults', { rejectSkus: [mug.sku] })).status).toBe(200);
    try {
      const back = await adapter.setListingActive({ sku: mug.sku, active: true, listing: mug });
      expect(back).toMatchObject({ outcome: 'accepted', checkBy: 'submission' });
      const status = await settled((back as { submissionId: string }).submissionId, [mug.sku]);
      expect(status.results).toEqual([
        {
          sku: mug.sku,
          outcome: 'rejected',
          code: 'SANDBOX_REJECTED_SKU',
          message: `The marketplace refused the change to SKU ${mug.sku} (sandbox fault rejectSkus).`,
        },
      ]);
      expect((await adapter.readListings([mug.sku]))[0]!.status).toBe('inactive');
    } finally {
      await sandbox.control('PUT', '/faults', { rejectSkus: [] });
    }
  });
});
