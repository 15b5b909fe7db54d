import { AppError, type AppContext } from '../../context.ts';
import { findChannel, lockPublishSettings, setPublishSettings, type ChannelRecord } from '../../db/queries/channels.ts';
import type { ChannelKind, ChannelPublishSettings, MarketplaceChoice } from '../../db/schema/index.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import type { EbayListingOptions, MarketplaceOption } from '../../marketplaces/types.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { adapterForChannel } from '../channel-access/channel-adapter.ts';
import { marketplaceNames } from '../../marketplaces/names.ts';
import { isCategoryId, isProductTypeName, listingChoices, missingChoices } from './publish-requirements.ts';

/** The seller's choices for new listings on a channel, and what is still missing, in words. */
export interface PublishSettingsView {
  channel: ChannelRecord;
  settings: ChannelPublishSettings;
  missing: string[];
}

/** A change of the choices: an id to choose (its name is the marketplace's own), null to clear, absent to keep. */
export interface PublishSettingsUpdate {
  productType?: string | null;
  categoryId?: string | null;
  merchantLocationKey?: string | null;
  fulfillmentPolicyId?: string | null;
  paymentPolicyId?: string | null;
  returnPolicyId?: string | null;
}

/** The settings each marketplace has: Amazon its product type, eBay its category, location and policies. */
const settingsOf: Record<ChannelKind, ReadonlyArray<keyof PublishSettingsUpdate>> = {
  amazon: ['productType'],
  ebay: ['categoryId', 'merchantLocationKey', 'fulfillmentPolicyId', 'paymentPolicyId', 'returnPolicyId'],
  walmart: [],
  shopify: [],
};

/** A connected target channel of the account (publishing lists products of the main channel on the others). */
async function targetChannel(ctx: AppContext, accountId: string, channelId: string): Promise<ChannelRecord> {
  const channel = await findChannel(ctx.db, accountId, channelId);
  if (!channel) throw new AppError(404, 'No such channel.');
  if (channel.role === 'main')
    throw new AppError(409, 'Products come from the main channel. Choose a target channel to publish to.');
  return channel;
}

const viewOf = (channel: ChannelRecord, settings: ChannelPublishSettings): PublishSettingsView => ({
  channel,
  settings,
  missing: missingChoices(channel.kind, listingChoices(channel.kind, settings, {})),
});

export async function getPublishSettings(
  ctx: AppContext,
  accountId: string,
  channelId: string,
): Promise<PublishSettingsView> {
  const channel = await targetChannel(ctx, accountId, channelId);
  return viewOf(channel, channel.publishSettings);
}

/** A marketplace call for the seller's options: a refusal or an outage becomes a clear answer, never a 500. */
async function askMarketplace<T>(kind: ChannelKind, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof MarketplaceError)) throw error;
    const name = marketplaceNames[kind];
    if (error.kind === 'auth') {
      throw new AppError(
        409,
        `${name} did not let us read your options (${error.message}). Connect the channel again on the Channels page to allow it.`,
      );
    }
    if (error.kind === 'rejected') throw new AppError(409, `${name} refused: ${error.message}`);
    throw new AppError(502, `${name} did not answer (${error.message}). Try again in a moment.`);
  }
}

async function adapterWith<K extends 'searchProductTypes' | 'listingOptions'>(
  ctx: AppContext,
  channel: ChannelRecord,
  kind: ChannelKind,
  method: K,
): Promise<Required<Pick<MarketplaceAdapter, K>>> {
  if (channel.kind !== kind)
    throw new AppError(
      409,
      `These options are ${marketplaceNames[kind]}'s; this channel is on ${marketplaceNames[channel.kind]}.`,
    );
  const adapter = await adapterForChannel(ctx, channel);
  if (!offers(adapter, method)) throw new AppError(409, `${marketplaceNames[kind]} offers no such options here.`);
  return adapter;
}

/** Whether the adapter has this optional part of the contract. */
function offers<K extends keyof MarketplaceAdapter>(
  adapter: MarketplaceAdapter,
  method: K,
): adapter is MarketplaceAdapter & Required<Pick<MarketplaceAdapter, K>> {
  return adapter[method] !== undefined;
}

/** Amazon's product types matching the seller's words (Product Type Definitions API). */
export async function searchAmazonProductTypes(
  ctx: AppContext,
  accountId: string,
  channelId: string,
  keywords: string,
): Promise<MarketplaceOption[]> {
  const channel = await targetChannel(ctx, accountId, channelId);
  const adapter = await adapterWith(ctx, channel, 'amazon', 'searchProductTypes');
  return askMarketplace('amazon', () => adapter.searchProductTypes(keywords, AbortSignal.timeout(30_000)));
}

/** The seller's eBay inventory locations and business policies. */
export async function ebayListingOptions(
  ctx: AppContext,
  accountId: string,
  channelId: string,
): Promise<EbayListingOptions> {
  const channel = await targetChannel(ctx, accountId, channelId);
  const adapter = await adapterWith(ctx, channel, 'ebay', 'listingOptions');
  return askMarketplace('ebay', () => adapter.listingOptions(AbortSignal.timeout(30_000)));
}

/** The option the seller named, among the marketplace's own, with the marketplace's name for it. */
function chosen(options: MarketplaceOption[], id: string, what: string): MarketplaceChoice {
  const option = options.find((o) => o.id === id);
  if (!option) throw new AppError(400, `${what} ${id} is not one of yours. Choose one of the list.`);
  return { id: option.id, name: option.name };
}

/**
 * Keeps the seller's choices for new listings on the channel. Each one is checked against the
 * marketplace's own options (a product type Amazon defines, an eBay location and policies of the
 * seller's), and kept with the marketplace's name for it. An eBay category is a number the seller
 * enters (the Taxonomy API is not among ours): eBay checks it is a leaf category when an offer is published.
 */
export async function savePublishSettings(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  channelId: string,
  update: PublishSettingsUpdate,
): Promise<PublishSettingsView> {
  const channel = await targetChannel(ctx, accountId, channelId);
  const allowed = settingsOf[channel.kind];
  const given = (Object.keys(update) as Array<keyof PublishSettingsUpdate>).filter((key) => update[key] !== undefined);
  if (given.length === 0) throw new AppError(400, 'Choose a setting to change.');
  const foreign = given.filter((key) => !allowed.includes(key));
  if (foreign.length > 0) {
    throw new AppError(
      400,
      allowed.length === 0
        ? `${marketplaceNames[channel.kind]} needs no publish settings.`
        : `${foreign.join(', ')}: not a setting of ${marketplaceNames[channel.kind]}.`,
    );
  }
  // What changes: a choice made (with the marketplace's name for it), or cleared (undefined).
  const next: ChannelPublishSettings = {};
  const cleared = new Set<keyof ChannelPublishSettings>();
  const clear = (key: keyof ChannelPublishSettings) => cleared.add(key);
  const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : value);

  if (update.productType !== undefined) {
    const name = text(update.productType)?.toUpperCase();
    if (!name) clear('productType');
    else {
      if (!isProductTypeName(name))
        throw new AppError(
          400,
          `${name} is not an Amazon product type name (capitals, digits and _ only, e.g. DRINKING_CUP).`,
        );
      const adapter = await adapterWith(ctx, channel, 'amazon', 'searchProductTypes');
      const found = await askMarketplace('amazon', () =>
        adapter.searchProductTypes(name.toLowerCase().replace(/_/g, ' '), AbortSignal.timeout(30_000)),
      );
      if (!found.some((o) => o.id === name))
        throw new AppError(
          400,
          `Amazon has no product type ${name} in this marketplace. Search and choose one of the list.`,
        );
      next.productType = chosen(found, name, 'Product type');
    }
  }
  if (update.categoryId !== undefined) {
    const id = text(update.categoryId);
    if (!id) clear('categoryId');
    else if (!isCategoryId(id))
      throw new AppError(400, `An eBay category is a number (the leaf category's id, e.g. 20625); "${id}" is not one.`);
    else next.categoryId = id;
  }
  const ebayChoices = (
    ['merchantLocationKey', 'fulfillmentPolicyId', 'paymentPolicyId', 'returnPolicyId'] as const
  ).filter((key) => update[key] !== undefined);
  if (ebayChoices.length > 0) {
    const needsLookup = ebayChoices.some((key) => text(update[key]));
    const options = needsLookup ? await ebayListingOptions(ctx, accountId, channelId) : undefined;
    const pick = (
      key: (typeof ebayChoices)[number],
      setting: 'merchantLocation' | 'fulfillmentPolicy' | 'paymentPolicy' | 'returnPolicy',
      list: MarketplaceOption[] | undefined,
      what: string,
    ) => {
      if (update[key] === undefined) return;
      const id = text(update[key]);
      if (!id) clear(setting);
      else next[setting] = chosen(list ?? [], id, what);
    };
    pick('merchantLocationKey', 'merchantLocation', options?.locations, 'The inventory location');
    pick('fulfillmentPolicyId', 'fulfillmentPolicy', options?.fulfillmentPolicies, 'The shipping policy');
    pick('paymentPolicyId', 'paymentPolicy', options?.paymentPolicies, 'The payment policy');
    pick('returnPolicyId', 'returnPolicy', options?.returnPolicies, 'The return policy');
  }

  const saved = await ctx.db.transaction(async (tx) => {
    const before = (await lockPublishSettings(tx, accountId, channelId)) ?? channel.publishSettings;
    const after: ChannelPublishSettings = { ...before, ...next };
    for (const key of cleared) delete after[key];
    await setPublishSettings(tx, accountId, channelId, after, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'channel.publish_settings_changed',
      accountId,
      targetType: 'channel',
      targetId: channelId,
      before,
      after,
    });
    return after;
  });
  return viewOf(channel, saved);
}
