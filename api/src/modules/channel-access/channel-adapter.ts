import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { readCredentials, replaceCredentials, type ChannelRecord } from '../../db/queries/channels.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import { createAdapter } from '../../marketplaces/registry.ts';
import { applicationsInForce } from './marketplace-adapters.ts';

/** Adapters kept per product instance, so tokens and looked-up ids outlive a job (bounded, oldest dropped first). */
const adapterCache = new WeakMap<
  AppContext['marketplaces'],
  Map<string, { sealed: Set<string>; application: string; adapter: MarketplaceAdapter }>
>();
const MAX_CACHED_ADAPTERS = 500;

/** The adapter this process already holds for a channel, if any (nothing is opened or built). */
export function heldAdapter(ctx: AppContext, channelId: string): MarketplaceAdapter | undefined {
  return adapterCache.get(ctx.marketplaces)?.get(channelId)?.adapter;
}

/**
 * The adapter of a connected channel, with its credentials opened from the vault. One adapter per
 * channel is kept while its stored credentials stay the same, so its access token (Amazon's LWA,
 * Walmart's 100 tokens an hour) and the ids it looked up serve every job instead of being asked for
 * again each time. Credentials the marketplace renews (Shopify's rotating refresh token) are sealed
 * and stored again at once, so a restart or another worker never holds a spent token.
 */
export async function adapterForChannel(
  ctx: AppContext,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'environment'> & { sealedCredentials?: string | null },
): Promise<MarketplaceAdapter> {
  // Read with the channel where the caller did (findChannelAtWork), else now.
  const sealed =
    channel.sealedCredentials !== undefined
      ? channel.sealedCredentials
      : await readCredentials(ctx.db, channel.accountId, channel.id);
  if (!sealed) throw new AppError(409, 'This channel has no credentials any more; connect it again.');
  // Our application as in force now (System Settings may have replaced it): its token refreshes use it.
  const applications = await applicationsInForce(ctx, channel.environment);
  const application = JSON.stringify((applications as Record<string, unknown>)[channel.kind] ?? null);
  let cache = adapterCache.get(ctx.marketplaces);
  if (!cache) adapterCache.set(ctx.marketplaces, (cache = new Map()));
  const kept = cache.get(channel.id);
  if (kept?.sealed.has(sealed) && kept.application === application) return kept.adapter;

  const boundTo = { accountId: channel.accountId, channelId: channel.id };
  let credentials = ctx.marketplaces.vault.open(sealed, boundTo);
  let saving: Promise<void> = Promise.resolve();
  const sealedOnes = new Set([sealed]);
  const adapter = createAdapter(channel.kind, credentials, {
    environment: channel.environment,
    sandboxBaseUrl: ctx.config.sandbox.baseUrl,
    buckets: channel.environment === 'sandbox' ? ctx.marketplaces.sandboxBuckets : ctx.marketplaces.buckets,
    applications,
    onCredentialsChange: (changes) => {
      credentials = { ...credentials, ...changes };
      const next = ctx.marketplaces.vault.seal(credentials, boundTo);
      // This adapter holds the renewed credentials: it stays the channel's adapter once they are stored.
      sealedOnes.add(next);
      // In order: a later rotation must not be overwritten by an earlier one.
      saving = saving
        .then(() => replaceCredentials(ctx.db, channel.accountId, channel.id, next, ctx.clock()))
        .catch((error: unknown) => {
          console.error(
            `[channels] could not store renewed credentials of channel ${channel.id}: ${error instanceof Error ? error.message : error}`,
          );
        });
    },
  });
  cache.delete(channel.id);
  cache.set(channel.id, { sealed: sealedOnes, application, adapter });
  if (cache.size > MAX_CACHED_ADAPTERS) cache.delete(cache.keys().next().value!);
  return adapter;
}
