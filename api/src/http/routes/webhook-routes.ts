import express, { Router } from 'express';
import type { AppContext } from '../../context.ts';
import { channelKindValues, type ChannelKind } from '../../db/schema/index.ts';
import { receiveWebhook } from '../../modules/webhooks/marketplace-events.ts';
import { answerChallenge, receiveEbayNotification } from '../../modules/webhooks/ebay-notifications.ts';
import { receiveShopifyPrivacyWebhook } from '../../modules/webhooks/shopify-privacy.ts';

/**
 * Deliveries from the marketplaces. Mounted before the JSON parser: signatures are checked on the
 * raw bytes. Answers are quick; the sync engine works the recorded events off.
 */
export function webhookRoutes(ctx: AppContext): Router {
  const router = Router();
  // eBay's application-level notifications (account deletion), per environment.
  router.get('/api/webhooks/ebay-notifications/:environment', (req, res) => {
    const environment = req.params.environment;
    const code = req.query.challenge_code;
    if (
      (environment !== 'sandbox' && environment !== 'production') ||
      typeof code !== 'string' ||
      !code ||
      code.length > 512
    ) {
      res.status(400).json({ message: 'challenge_code is required' });
      return;
    }
    res.json(answerChallenge(ctx, environment, code));
  });
  router.post(
    '/api/webhooks/ebay-notifications/:environment',
    express.raw({ type: () => true, limit: '1mb' }),
    async (req, res) => {
      const environment = req.params.environment;
      if (environment !== 'sandbox' && environment !== 'production') {
        res.status(404).json({ message: 'No such webhook endpoint' });
        return;
      }
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const verdict = await receiveEbayNotification(ctx, environment, raw, req.get('x-ebay-signature'));
      if (verdict.status === 204) res.status(204).end();
      else
        res.status(verdict.status).json({
          message:
            verdict.status === 401 ? 'The notification signature does not match' : 'The notification could not be read',
        });
    },
  );

  // Shopify's compliance webhooks (customers/data_request, customers/redact, shop/redact): one address per environment.
  router.post(
    '/api/webhooks/shopify-privacy/:environment',
    express.raw({ type: () => true, limit: '1mb' }),
    async (req, res) => {
      const environment = req.params.environment;
      if (environment !== 'sandbox' && environment !== 'production') {
        res.status(404).json({ message: 'No such webhook endpoint' });
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const verdict = await receiveShopifyPrivacyWebhook(ctx, environment, raw, headers);
      if (verdict.status === 200) res.status(200).json({ received: true });
      else res.status(verdict.status).json({ message: verdict.message });
    },
  );

  router.post('/api/webhooks/:kind/:channelId', express.raw({ type: () => true, limit: '2mb' }), async (req, res) => {
    const kind = String(req.params.kind);
    if (!(channelKindValues as readonly string[]).includes(kind)) {
      res.status(404).json({ message: 'No such webhook endpoint' });
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const verdict = await receiveWebhook(ctx, kind as ChannelKind, String(req.params.channelId), { raw, headers });
    if (verdict.status === 200) res.status(200).json({ received: true, duplicate: !verdict.recorded });
    else res.status(verdict.status).json({ message: verdict.message });
  });
  return router;
}
