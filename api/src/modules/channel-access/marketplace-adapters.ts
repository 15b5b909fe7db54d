import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { ChannelEnvironment, ChannelKind } from '../../db/schema/index.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import { marketplaceNames } from '../../marketplaces/names.ts';
import { createAdapter } from '../../marketplaces/registry.ts';
import type { SellerIdentity } from '../../marketplaces/types.ts';

/**
 * A marketplace reached with credentials not stored yet (a channel being connected), our applications
 * with the marketplaces that have them, and the names sellers know them by. A connected channel's
 * adapter, with its sealed credentials, is channel-adapter.ts's.
 */

export function adapterFor(
  ctx: AppContext,
  kind: ChannelKind,
  environment: ChannelEnvironment,
  credentials: Record<string, string>,
): MarketplaceAdapter {
  if (environment === 'sandbox' && !ctx.config.sandbox.enabled)
    throw new AppError(400, 'The built-in sandbox is turned off on this server.');
  return createAdapter(kind, credentials, {
    environment,
    sandboxBaseUrl: ctx.config.sandbox.baseUrl,
    buckets: environment === 'sandbox' ? ctx.marketplaces.sandboxBuckets : ctx.marketplaces.buckets,
    applications: applicationsFor(ctx, environment),
  });
}

/** Our applications with eBay and Shopify in this environment (undefined where not configured). */
export function applicationsFor(ctx: AppContext, environment: ChannelEnvironment) {
  const apps = ctx.config.marketplaceApps;
  const sandboxApps = ctx.marketplaces.sandboxApplications;
  const ebay =
    environment === 'sandbox'
      ? { ...sandboxApps.ebay, ruName: `${ctx.config.appUrl}/api/channels/oauth/ebay/callback` }
      : apps.ebay.production;
  const shopify = environment === 'sandbox' ? sandboxApps.shopify : apps.shopify.production;
  return { ...(ebay ? { ebay } : {}), ...(shopify ? { shopify } : {}) };
}

/** Asks the marketplace who these credentials belong to; a refusal becomes a clear 4xx, an outage a 502. */
export async function verifyWithMarketplace(kind: ChannelKind, adapter: MarketplaceAdapter): Promise<SellerIdentity> {
  try {
    return await adapter.verifyCredentials(AbortSignal.timeout(30_000));
  } catch (error) {
    if (error instanceof MarketplaceError && (error.kind === 'auth' || error.kind === 'rejected')) {
      throw new AppError(400, `${marketplaceNames[kind]} refused these credentials: ${error.message}`);
    }
    throw new AppError(
      502,
      `${marketplaceNames[kind]} did not answer (${error instanceof Error ? error.message : 'no answer'}). Nothing was saved; try again in a moment.`,
    );
  }
}
