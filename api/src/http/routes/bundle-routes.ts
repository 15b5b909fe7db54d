import { Router } from 'express';
import type { components } from '@contract';
import type { AppContext } from '../../context.ts';
import { auditContext, requireUser } from '../request-context.ts';
import { requireWritableAccount } from '../middleware/writable-account.ts';
import { bundleOfSku, setBundleComponents, type BundleView } from '../../modules/stock/bundles.ts';

type Bundle = components['schemas']['Bundle'];

const toApiBundle = (view: BundleView): Bundle => ({
  sku: view.sku,
  available: view.available,
  components: view.components.map(({ productId, sku, title, quantity, available }) => ({
    productId,
    sku,
    title,
    quantity,
    available,
  })),
  usedIn: view.usedIn,
});

/** A SKU's components as a bundle (kit): read, set, removed; on the signed-in (or impersonated) user's account. */
export function bundleRoutes(ctx: AppContext): Router {
  const router = Router();
  const writable = requireWritableAccount(ctx);
  const path = '/api/listings/items/:sku/components';

  router.get(path, requireUser, async (req, res) => {
    res.json(toApiBundle(await bundleOfSku(ctx, req.user!.accountId, String(req.params.sku))));
  });

  router.put(path, requireUser, writable, async (req, res) => {
    res.json(
      toApiBundle(
        await setBundleComponents(ctx, auditContext(req), req.user!.accountId, String(req.params.sku), req.body),
      ),
    );
  });

  router.delete(path, requireUser, writable, async (req, res) => {
    res.json(
      toApiBundle(
        await setBundleComponents(ctx, auditContext(req), req.user!.accountId, String(req.params.sku), {
          components: [],
        }),
      ),
    );
  });

  return router;
}
