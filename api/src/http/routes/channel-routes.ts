import { Router } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { auditContext, requireStaff, requireUser } from '../request-context.ts';
import type { ChannelRecord } from '../../db/queries/channels.ts';
import {
  channelHealth,
  findAnyChannel,
  listAllChannels,
  listChannels,
  type ChannelHealthRecord,
} from '../../db/queries/channels.ts';
import { AppError } from '../../context.ts';
import { syncNow } from '../../modules/reconciliation/sync-requests.ts';
import { toApiRun } from './sync-routes.ts';
import {
  disconnect,
  makeMain,
  pauseChannel,
  resumeChannel,
  updateRules,
} from '../../modules/channels/channel-settings.ts';
import { connectWithCredentials } from '../../modules/channels/connect-channel.ts';
import { createSandboxSeller } from '../../modules/channels/sandbox-sellers.ts';
import {
  finishEbayConsent,
  finishShopifyConsent,
  startConsent,
  type ConsentSession,
} from '../../modules/channels/consent.ts';
import {
  ebayListingOptions,
  getPublishSettings,
  savePublishSettings,
  searchAmazonProductTypes,
  type PublishSettingsView,
} from '../../modules/listings/publish-settings.ts';

type Channel = components['schemas']['Channel'];
type PublishSettings = components['schemas']['PublishSettings'];

const toApiPublishSettings = ({ channel, settings, missing }: PublishSettingsView): PublishSettings => ({
  channelId: channel.id,
  channelKind: channel.kind,
  productType: settings.productType ?? null,
  categoryId: settings.categoryId ?? null,
  merchantLocation: settings.merchantLocation ?? null,
  fulfillmentPolicy: settings.fulfillmentPolicy ?? null,
  paymentPolicy: settings.paymentPolicy ?? null,
  returnPolicy: settings.returnPolicy ?? null,
  missing,
});

/** The channel as the API shows it: never its credentials. */
export function toApiChannel(channel: ChannelRecord, health: ChannelHealthRecord): Channel {
  return {
    id: channel.id,
    kind: channel.kind,
    role: channel.role,
    status: channel.status,
    statusReason: channel.statusReason,
    environment: channel.environment,
    externalSellerId: channel.externalSellerId,
    displayName: channel.displayName,
    rules: {
      ...channel.rules,
      createOrdersInShopify: channel.rules.createOrdersInShopify ?? false,
      syncTitle: channel.rules.syncTitle ?? true,
    },
    connectedAt: channel.connectedAt.toISOString(),
    lastSyncAt: channel.lastSyncAt?.toISOString() ?? null,
    health: { ...health, lastFailureAt: health.lastFailureAt?.toISOString() ?? null },
  };
}

const DAY_MS = 24 * 3600 * 1000;

/** Every call acts on the signed-in (or impersonated) user's own account. */
export function channelRoutes(ctx: AppContext): Router {
  const router = Router();
  const id = (value: unknown) => String(value);
  const present = async <T extends ChannelRecord>(channels: T[]): Promise<Array<{ channel: T; api: Channel }>> => {
    const health = await channelHealth(
      ctx.db,
      channels.map((c) => c.id),
      new Date(ctx.clock().getTime() - DAY_MS),
    );
    return channels.map((channel) => ({ channel, api: toApiChannel(channel, health.get(channel.id)!) }));
  };
  const one = async (channel: ChannelRecord) => (await present([channel]))[0]!.api;

  router.get('/api/channels', requireUser, async (req, res) => {
    res.json({ items: (await present(await listChannels(ctx.db, req.user!.accountId))).map((c) => c.api) });
  });

  router.post('/api/channels/connect', requireUser, async (req, res) => {
    res
      .status(201)
      .json(await one(await connectWithCredentials(ctx, auditContext(req), req.user!.accountId, req.body)));
  });

  router.post('/api/channels/oauth/start', requireUser, async (req, res) => {
    res.json(await startConsent(ctx, req.session as unknown as ConsentSession, req.user!, req.body));
  });

  // A top-level navigation back from the marketplace: answers are redirects, never JSON.
  router.get('/api/channels/oauth/:kind/callback', async (req, res) => {
    const query = new URLSearchParams(req.query as Record<string, string>);
    const session = req.session as unknown as ConsentSession;
    if (req.params.kind === 'ebay') {
      res.redirect(302, await finishEbayConsent(ctx, auditContext(req), session, req.user, query));
      return;
    }
    res.redirect(302, await finishShopifyConsent(ctx, auditContext(req), session, req.user, query));
  });

  router.post('/api/channels/sandbox-sellers', requireUser, async (req, res) => {
    res.status(201).json(await createSandboxSeller(ctx, req.user!.accountId, req.body.kind, req.body.products ?? 25));
  });

  router.post('/api/channels/:channelId/make-main', requireUser, async (req, res) => {
    res.json(await one(await makeMain(ctx, auditContext(req), req.user!.accountId, id(req.params.channelId))));
  });

  router.patch('/api/channels/:channelId/rules', requireUser, async (req, res) => {
    res.json(
      await one(await updateRules(ctx, auditContext(req), req.user!.accountId, id(req.params.channelId), req.body)),
    );
  });

  router.get('/api/channels/:channelId/publish-settings', requireUser, async (req, res) => {
    res.json(toApiPublishSettings(await getPublishSettings(ctx, req.user!.accountId, id(req.params.channelId))));
  });

  router.put('/api/channels/:channelId/publish-settings', requireUser, async (req, res) => {
    res.json(
      toApiPublishSettings(
        await savePublishSettings(ctx, auditContext(req), req.user!.accountId, id(req.params.channelId), req.body),
      ),
    );
  });

  router.get('/api/channels/:channelId/publish-settings/product-types', requireUser, async (req, res) => {
    const keywords = typeof req.query.keywords === 'string' ? req.query.keywords : '';
    res.json({ items: await searchAmazonProductTypes(ctx, req.user!.accountId, id(req.params.channelId), keywords) });
  });

  router.get('/api/channels/:channelId/publish-settings/ebay-options', requireUser, async (req, res) => {
    res.json(await ebayListingOptions(ctx, req.user!.accountId, id(req.params.channelId)));
  });

  router.post('/api/channels/:channelId/pause', requireUser, async (req, res) => {
    res.json(await one(await pauseChannel(ctx, auditContext(req), req.user!.accountId, id(req.params.channelId))));
  });

  router.post('/api/channels/:channelId/resume', requireUser, async (req, res) => {
    res.json(await one(await resumeChannel(ctx, auditContext(req), req.user!.accountId, id(req.params.channelId))));
  });

  router.delete('/api/channels/:channelId', requireUser, async (req, res) => {
    res.json(await disconnect(ctx, auditContext(req), req.user!.accountId, id(req.params.channelId)));
  });

  router.get('/api/admin/channels', requireStaff, async (_req, res) => {
    const all = await present(await listAllChannels(ctx.db));
    res.json({
      items: all.map(({ channel, api }) => ({
        accountId: channel.accountId,
        accountName: channel.accountName,
        channel: api,
      })),
    });
  });

  // Staff act on any account's channel; the audit log records them as the actor.
  const anyChannel = async (channelId: unknown) => {
    const channel = await findAnyChannel(ctx.db, String(channelId));
    if (!channel) throw new AppError(404, 'Channel not found');
    return channel;
  };
  const asAdminChannel = async (accountName: string, channel: ChannelRecord) => ({
    accountId: channel.accountId,
    accountName,
    channel: await one(channel),
  });

  // Not limited like a seller's "Sync now": staff may need to sync an account that has met its limit.
  router.post('/api/admin/channels/:channelId/sync', requireStaff, async (req, res) => {
    const channel = await anyChannel(req.params.channelId);
    res.status(202).json(toApiRun(await syncNow(ctx, auditContext(req), channel.accountId, channel.id)));
  });

  router.post('/api/admin/channels/:channelId/pause', requireStaff, async (req, res) => {
    const channel = await anyChannel(req.params.channelId);
    res.json(
      await asAdminChannel(
        channel.accountName,
        await pauseChannel(ctx, auditContext(req), channel.accountId, channel.id, 'Paused by platform staff'),
      ),
    );
  });

  router.post('/api/admin/channels/:channelId/resume', requireStaff, async (req, res) => {
    const channel = await anyChannel(req.params.channelId);
    res.json(
      await asAdminChannel(
        channel.accountName,
        await resumeChannel(ctx, auditContext(req), channel.accountId, channel.id),
      ),
    );
  });

  return router;
}
