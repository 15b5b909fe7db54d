import { Router, type Request } from 'express';
import type { AppContext } from '../../context.ts';
import { auditContext, isImpersonating, requireUser } from '../request-context.ts';
import { createApiKey, getApiKeys, revokeApiKey, type ApiKeysActor } from '../../modules/auth/api-keys.ts';
import type { ApiKeyRecord } from '../../db/queries/api-keys.ts';

const actorOf = (req: Request): ApiKeysActor => ({ user: req.user!, impersonating: isImpersonating(req) });

const toApiKey = (k: ApiKeyRecord) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  access: k.access,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  createdBy: k.createdBy,
});

/** The account's API keys, for its owners (api-keys.ts). */
export function apiKeyRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/api-keys', requireUser, async (req, res) => {
    const { apiAccess, canManage, keys } = await getApiKeys(ctx, actorOf(req));
    res.json({ apiAccess, canManage, keys: keys.map(toApiKey) });
  });

  router.post('/api/api-keys', requireUser, async (req, res) => {
    const access = req.body.access === 'read' ? 'read' : 'full';
    const { key, secret } = await createApiKey(ctx, auditContext(req), actorOf(req), String(req.body.name), access);
    // The one answer that holds the key: never kept by a cache on the way.
    res
      .set('cache-control', 'no-store')
      .status(201)
      .json({ key: toApiKey(key), secret });
  });

  router.delete('/api/api-keys/:keyId', requireUser, async (req, res) => {
    await revokeApiKey(ctx, auditContext(req), actorOf(req), String(req.params.keyId));
    res.json({ message: 'The API key is revoked: requests sent with it are refused from now on.' });
  });

  return router;
}
