import { describe, expect, it } from 'vitest';
import { sendTitle, syncsTitles } from './title-writes.ts';
import { defaultChannelRules } from '../../db/schema/index.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { UpdateOutcome } from '../../marketplaces/types.ts';

/** Only what sendTitle reads of an adapter: its kind and, where the marketplace has one, its title call. */
const adapter = (kind: string, updateTitle?: (sku: string, title: string) => Promise<UpdateOutcome>) =>
  ({ kind, updateTitle }) as unknown as MarketplaceAdapter;

describe('which channels take a title edited in the hub', () => {
  it('every channel by default, and rules saved before the rule existed', () => {
    expect(syncsTitles(defaultChannelRules)).toBe(true);
    const { syncTitle: _unset, ...older } = defaultChannelRules;
    expect(syncsTitles(older)).toBe(true);
  });

  it('not a channel whose seller keeps its own titles', () => {
    expect(syncsTitles({ ...defaultChannelRules, syncTitle: false })).toBe(false);
  });
});

describe('a title sent to a marketplace', () => {
  it('sends the new title with the marketplace’s title call; an accepted title counts as set', async () => {
    const sent: Array<[string, string]> = [];
    const amazon = adapter('amazon', async (sku, title) => {
      sent.push([sku, title]);
      return { sku, outcome: 'accepted', submissionId: 'sub-1' };
    });
    expect(await sendTitle(amazon, { sku: 'MUG-1', after: 'Speckled Mug' })).toEqual({
      sku: 'MUG-1',
      outcome: 'confirmed',
    });
    expect(sent).toEqual([['MUG-1', 'Speckled Mug']]);
  });

  it('passes on what the marketplace says when it refuses', async () => {
    const ebay = adapter('ebay', async (sku) => ({ sku, outcome: 'rejected', message: 'Title too long' }));
    expect(await sendTitle(ebay, { sku: 'MUG-1', after: 'x'.repeat(90) })).toEqual({
      sku: 'MUG-1',
      outcome: 'rejected',
      message: 'Title too long',
    });
  });

  it('Walmart, with no title-only call, refuses with the seller’s next step', async () => {
    expect(await sendTitle(adapter('walmart'), { sku: 'MUG-1', after: 'Speckled Mug' })).toEqual({
      sku: 'MUG-1',
      outcome: 'rejected',
      message: "Walmart's API has no title-only update: change the title in Seller Center.",
    });
  });
});
