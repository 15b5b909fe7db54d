import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { ChannelEnvironment, ChannelKind } from '../../db/schema/index.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import { marketplaceNames } from '../../marketplaces/names.ts';
import { createAdapter } from '../../marketplaces/registry.ts';
import type { SellerIdentity } from '../../marketplaces/types.ts';
import { storedMarketplaceCredentials } from '../settings/platform-settings.ts';

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
  applications: Applications = applicationsFor(ctx, environment),
): MarketplaceAdapter {
  if (environment === 'sandbox' && !ctx.config.sandbox.enabled)
    throw new AppError(400, 'The built-in sandbox is turned off on this server.');
  return createAdapter(kind, credentials, {
    environment,
    sandboxBaseUrl: ctx.config.sandbox.baseUrl,
    buckets: environment === 'sandbox' ? ctx.marketplaces.sandboxBuckets : ctx.marketplaces.buckets,
    applications,
  });
}

type Applications = ReturnType<typeof applicationsFor>;

/**
 * Our applications in this environment as they are in force: on the live marketplaces, the credentials staff
 * stored in System Settings, each where set, else the configuration's (EBAY_CLIENT_ID…); an application lacking
 * a part is not set up. The built-in sandboxes' applications are this installation's own, registered with them
 * at start: stored credentials never replace those.
 */
export async function applicationsInForce(ctx: AppContext, environment: ChannelEnvironment): Promise<Applications> {
  const configured = applicationsFor(ctx, environment);
  if (environment === 'sandbox') return configured;
  const stored = await storedMarketplaceCredentials(ctx);
  if (Object.keys(stored).length === 0) return configured;
  const fromConfig = ctx.config.marketplaceApps;
  const ebay = {
    clientId: stored.ebayClientId ?? fromConfig.ebay.production?.clientId,
    clientSecret: stored.ebayClientSecret ?? fromConfig.ebay.production?.clientSecret,
    ruName: stored.ebayRuName ?? fromConfig.ebay.production?.ruName,
  };
  const shopify = {
    clientId: stored.shopifyClientId ?? fromConfig.shopify.production?.clientId,
    clientSecret: stored.shopifyClientSecret ?? fromConfig.shopify.production?.clientSecret,
  };
  const complete = <T extends Record<string, string | undefined>>(app: T) =>
    Object.values(app).every((v) => v !== undefined) ? (app as { [K in keyof T]: string }) : undefined;
  const ebayApp = complete(ebay);
  const shopifyApp = complete(shopify);
  return {
    ...(ebayApp ? { ebay: ebayApp } : {}),
    ...(shopifyApp ? { shopify: shopifyApp } : {}),
    ...(fromConfig.walmartConnect ? { walmartConnect: fromConfig.walmartConnect } : {}),
  };
}

/**
 * The secrets a delivery signed by our application may carry (Shopify signs with its client secret): the one in
 * force, then the configured one while a stored secret replaces it. A secret is rotated in the marketplace's
 * console first; deliveries already on their way, and retries of them, are still signed with the old one.
 */
export async function applicationSecretsAccepted(
  ctx: AppContext,
  kind: ChannelKind,
  environment: ChannelEnvironment,
): Promise<string[]> {
  const inForce: Partial<Record<ChannelKind, { clientSecret: string }>> = await applicationsInForce(ctx, environment);
  const configured: Partial<Record<ChannelKind, { clientSecret?: string }>> = applicationsFor(ctx, environment);
  const secrets = [inForce[kind]?.clientSecret, configured[kind]?.clientSecret];
  return [...new Set(secrets.filter((secret): secret is string => typeof secret === 'string' && secret !== ''))];
}

/** Our applications with eBay and Shopify in this environment as configured (undefined where not configured). */
export function applicationsFor(ctx: AppContext, environment: ChannelEnvironment) {
  const apps = ctx.config.marketplaceApps;
  const sandboxApps = ctx.marketplaces.sandboxApplications;
  const ebay =
    environment === 'sandbox'
      ? { ...sandboxApps.ebay, ruName: `${ctx.config.appUrl}/api/channels/oauth/ebay/callback` }
      : apps.ebay.production;
  const shopify = environment === 'sandbox' ? sandboxApps.shopify : apps.shopify.production;
  const walmartConnect = environment === 'sandbox' ? undefined : apps.walmartConnect;
  return { ...(ebay ? { ebay } : {}), ...(shopify ? { shopify } : {}), ...(walmartConnect ? { walmartConnect } : {}) };
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
