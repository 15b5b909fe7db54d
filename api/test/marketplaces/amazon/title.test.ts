/** A title sent through the Amazon adapter reaches the Amazon sandbox as the item_name attribute (real HTTP). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmazonSandbox, waitFor } from './amazon-test-env.ts';

let env: Awaited<ReturnType<typeof startAmazonSandbox>>;
beforeAll(async () => {
  env = await startAmazonSandbox('fast');
});
afterAll(async () => {
  await env.close();
});

describe('Amazon title', () => {
  it('patches item_name and the catalogue reads the new title back', async () => {
    const seller = await env.createSeller(2);
    const adapter = env.adapter(seller);
    const [item] = (await adapter.listCatalogue(undefined)).items;
    const outcome = await adapter.updateTitle!(item!.sku, 'Ceramic mug, 350 ml');
    expect(['confirmed', 'accepted']).toContain(outcome.outcome);
    // Amazon applies an accepted patch shortly after answering: wait until the catalogue shows it.
    const again = await waitFor('the new title', async () => {
      const found = (await adapter.listCatalogue(undefined)).items.find((i) => i.sku === item!.sku);
      return found?.title === 'Ceramic mug, 350 ml' ? found : undefined;
    });
    expect(again).toMatchObject({ sku: item!.sku, title: 'Ceramic mug, 350 ml', price: item!.price });
  });
});
