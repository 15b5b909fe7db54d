import { Router, type Request } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { accountRateLimit } from '../middleware/rate-limit.ts';
import { auditContext, requireUser } from '../request-context.ts';
import {
  adSkus,
  advertising,
  connectAdAccount,
  putAdRules,
  requestAdSync,
  updateCampaign,
} from '../../modules/advertising/advertising.ts';
import { undoAdRuleAction } from '../../modules/advertising/ad-rule-undo.ts';

type AdAccountConnect = components['schemas']['AdAccountConnect'];
type AdCampaignUpdate = components['schemas']['AdCampaignUpdate'];
type AdRules = components['schemas']['AdRules'];

/** The range, as the contract has already checked it (two dates). */
const rangeOf = (req: Request) => ({ from: String(req.query.from), to: String(req.query.to) });

/** The Advertising page: accounts, campaigns and their figures, SKUs' TACoS, the stock-aware ad rules. */
export function advertisingRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/advertising', requireUser, async (req, res) => {
    const { from, to } = rangeOf(req);
    res.json(await advertising(ctx, req.user!.accountId, from, to));
  });

  router.get('/api/advertising/skus', requireUser, async (req, res) => {
    const { from, to } = rangeOf(req);
    res.json(await adSkus(ctx, req.user!.accountId, from, to));
  });

  router.post('/api/advertising/accounts', requireUser, accountRateLimit(ctx, 'syncNow'), async (req, res) => {
    const body = req.body as AdAccountConnect;
    res.status(201).json(await connectAdAccount(ctx, auditContext(req), req.user!.accountId, body));
  });

  router.post(
    '/api/advertising/accounts/:adAccountId/sync',
    requireUser,
    accountRateLimit(ctx, 'syncNow'),
    async (req, res) => {
      await requestAdSync(ctx, req.user!.accountId, String(req.params.adAccountId));
      res.status(202).json({ message: 'The advertising account is being read.' });
    },
  );

  router.patch('/api/advertising/campaigns/:campaignId', requireUser, async (req, res) => {
    const body = req.body as AdCampaignUpdate;
    res.json(await updateCampaign(ctx, auditContext(req), req.user!.accountId, String(req.params.campaignId), body));
  });

  router.post('/api/advertising/rule-actions/:changeId/undo', requireUser, async (req, res) => {
    res.json(await undoAdRuleAction(ctx, auditContext(req), req.user!.accountId, String(req.params.changeId)));
  });

  router.put('/api/advertising/rules', requireUser, async (req, res) => {
    res.json(await putAdRules(ctx, auditContext(req), req.user!.accountId, req.body as AdRules));
  });

  return router;
}
