import { AppError, type AppContext } from '../../context.ts';
import type { AdAccountRecord } from '../../db/queries/advertising.ts';
import { findChannel, readCredentials, type ChannelRecord } from '../../db/queries/channels.ts';
import type { AdvertisingAdapter, AdvertisingKind } from '../../marketplaces/advertising-adapter.ts';
import {
  advertisingFactories,
  type AdapterTarget,
  type AdvertisingAccountFound,
  type AdvertisingFactory,
} from '../../marketplaces/registry.ts';
import { applicationsInForce } from '../channel-access/marketplace-adapters.ts';

/** The marketplaces whose ads can be connected today. */
export const advertisedMarketplaces = Object.keys(advertisingFactories) as AdvertisingKind[];

/** Ads adapters kept per product instance and ad account, so one access token serves every job (bounded). */
const adapterCache = new WeakMap<
  AppContext['marketplaces'],
  Map<string, { key: string; adapter: AdvertisingAdapter }>
>();
const MAX_CACHED_ADAPTERS = 500;

async function openChannel(
  ctx: AppContext,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'environment'>,
): Promise<{
  factory: AdvertisingFactory;
  sealed: string;
  credentials: Record<string, string>;
  target: AdapterTarget;
}> {
  const factory = advertisingFactories[channel.kind as AdvertisingKind];
  if (!factory) throw new AppError(400, 'Ads on this marketplace cannot be connected yet.');
  const sealed = await readCredentials(ctx.db, channel.accountId, channel.id);
  if (!sealed) throw new AppError(409, 'This channel has no credentials any more; connect it again.');
  const credentials = ctx.marketplaces.vault.open(sealed, { accountId: channel.accountId, channelId: channel.id });
  const target: AdapterTarget = {
    environment: channel.environment,
    sandboxBaseUrl: ctx.config.sandbox.baseUrl,
    buckets: channel.environment === 'sandbox' ? ctx.marketplaces.sandboxBuckets : ctx.marketplaces.buckets,
    applications: await applicationsInForce(ctx, channel.environment),
  };
  return { factory, sealed, credentials: credentials as Record<string, string>, target };
}

/** The seller's advertising accounts its channel's login reaches. */
export async function advertisingAccountsOfChannel(
  ctx: AppContext,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'environment'>,
  named: { advertiserId?: string } = {},
): Promise<AdvertisingAccountFound[]> {
  const { factory, credentials, target } = await openChannel(ctx, channel);
  return factory.accounts(credentials, target, named);
}

/**
 * The ads adapter of a connected advertising account, through its channel's credentials. One is kept per ad
 * account while the channel's stored credentials and our application stay the same, so its access token serves
 * every read and write instead of being asked for again each time.
 */
export async function advertisingAdapterFor(ctx: AppContext, account: AdAccountRecord): Promise<AdvertisingAdapter> {
  const channel = await findChannel(ctx.db, account.accountId, account.channelId);
  if (!channel) throw new AppError(409, 'The channel of this advertising account is not connected any more.');
  const { factory, sealed, credentials, target } = await openChannel(ctx, channel);
  const key = `${sealed}\n${account.externalId}\n${JSON.stringify(target.applications)}`;
  let cache = adapterCache.get(ctx.marketplaces);
  if (!cache) adapterCache.set(ctx.marketplaces, (cache = new Map()));
  const kept = cache.get(account.id);
  if (kept?.key === key) return kept.adapter;
  const adapter = factory.adapter(credentials, account.externalId, target);
  cache.delete(account.id);
  cache.set(account.id, { key, adapter });
  if (cache.size > MAX_CACHED_ADAPTERS) cache.delete(cache.keys().next().value!);
  return adapter;
}
