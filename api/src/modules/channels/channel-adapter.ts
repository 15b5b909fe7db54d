import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { readCredentials, replaceCredentials, type ChannelRecord } from '../../db/queries/channels.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import { createAdapter } from '../../marketplaces/registry.ts';
import { applicationsFor } from './connect-channel.ts';

/**
 * The adapter of a connected channel, with its credentials opened from the vault. Credentials the
 * marketplace renews (Shopify's rotating refresh token) are sealed and stored again at once, so a
 * restart or another worker never holds a spent token.
 */
export async function adapterForChannel(ctx: AppContext, channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind' | 'environment'>): Promise<MarketplaceAdapter> {
  const sealed = await readCredentials(ctx.db, channel.accountId, channel.id);
  if (!sealed) throw new AppError(409, 'This channel has no credentials any more; connect it again.');
  const boundTo = { accountId: channel.accountId, channelId: channel.id };
  let credentials = ctx.marketplaces.vault.open(sealed, boundTo);
  let saving: Promise<void> = Promise.resolve();
  return createAdapter(channel.kind, credentials, {
    environment: channel.environment,
    sandboxBaseUrl: ctx.config.sandbox.baseUrl,
    buckets: channel.environment === 'sandbox' ? ctx.marketplaces.sandboxBuckets : ctx.marketplaces.buckets,
    applications: applicationsFor(ctx, channel.environment),
    onCredentialsChange: (changes) => {
      credentials = { ...credentials, ...changes };
      const next = ctx.marketplaces.vault.seal(credentials, boundTo);
      // In order: a later rotation must not be overwritten by an earlier one.
      saving = saving.then(() => replaceCredentials(ctx.db, channel.accountId, channel.id, next, ctx.clock())).catch((error: unknown) => {
        console.error(`[channels] could not store renewed credentials of channel ${channel.id}: ${error instanceof Error ? error.message : error}`);
      });
    },
  });
}
