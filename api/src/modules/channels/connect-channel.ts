import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { insertChannel, listChannels, type ChannelRecord } from '../../db/queries/channels.ts';
import { defaultChannelRules, type ChannelEnvironment, type ChannelKind } from '../../db/schema/index.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import { createAdapter } from '../../marketplaces/registry.ts';
import type { SellerIdentity } from '../../marketplaces/types.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { subscribeToMarketplaceEvents } from './subscribe-events.ts';
import { requestCatalogueImport } from '../sync/sync-run.ts';

export const marketplaceNames: Record<ChannelKind, string> = {
  amazon: 'Amazon',
  walmart: 'Walmart',
  ebay: 'eBay',
  shopify: 'Shopify',
};

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

/**
 * Saves a channel whose credentials the marketplace has just accepted. The credentials are sealed
 * before they touch the database; the first channel of an account becomes its main channel.
 */
export async function saveVerifiedChannel(
  ctx: AppContext,
  audit: AuditContext,
  input: {
    accountId: string;
    kind: ChannelKind;
    environment: ChannelEnvironment;
    identity: SellerIdentity;
    credentials: Record<string, string>;
  },
): Promise<ChannelRecord> {
  const id = crypto.randomUUID();
  try {
    return await ctx.db.transaction(async (tx) => {
      const existing = await listChannels(tx, input.accountId);
      const channel = await insertChannel(tx, {
        id,
        accountId: input.accountId,
        kind: input.kind,
        role: existing.some((c) => c.role === 'main') ? 'target' : 'main',
        environment: input.environment,
        externalSellerId: input.identity.sellerId,
        displayName: input.identity.displayName,
        credentialsCiphertext: ctx.marketplaces.vault.seal(input.credentials, {
          accountId: input.accountId,
          channelId: id,
        }),
        rules: defaultChannelRules,
      });
      await recordAudit(tx, audit, {
        action: 'channel.connected',
        accountId: input.accountId,
        targetType: 'channel',
        targetId: id,
        // Which fields were given, never their values.
        after: {
          kind: input.kind,
          environment: input.environment,
          role: channel.role,
          sellerId: input.identity.sellerId,
          credentialFields: Object.keys(input.credentials).sort(),
        },
      });
      // A main channel brings the catalogue; a target brings listings to link to it.
      await requestCatalogueImport(ctx, tx, input.accountId);
      return channel;
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if ((error as { code?: string }).code === '23505' || cause?.code === '23505') {
      throw new AppError(
        409,
        `This ${marketplaceNames[input.kind]} account (${input.identity.sellerId}) is already connected.`,
      );
    }
    throw error;
  }
}

/** Amazon and Walmart: credentials typed by the seller. */
export async function connectWithCredentials(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  request: { kind: 'amazon' | 'walmart'; environment: ChannelEnvironment; credentials: Record<string, string> },
): Promise<ChannelRecord> {
  const credentials = Object.fromEntries(Object.entries(request.credentials).map(([k, v]) => [k, v.trim()]));
  const adapter = adapterFor(ctx, request.kind, request.environment, credentials);
  const identity = await verifyWithMarketplace(request.kind, adapter);
  const channel = await saveVerifiedChannel(ctx, audit, {
    accountId,
    kind: request.kind,
    environment: request.environment,
    identity,
    credentials,
  });
  await subscribeToMarketplaceEvents(ctx, channel, adapter);
  return channel;
}
