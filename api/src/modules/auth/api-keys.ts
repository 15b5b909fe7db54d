/**
 * API keys: the Business and Enterprise plans' API access. An owner makes a key (shown once, then only its first
 * characters), and a script sends it as `Authorization: Bearer <key>` to act as that owner on the account's
 * operations, as the app does, without a session. Only the key's SHA-256 is stored; it stops working when it is
 * revoked, when its owner leaves or is disabled, and while the plan has no API access (it works again on upgrading).
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { accountPlan } from '../../db/queries/accounts.ts';
import {
  countActiveApiKeys,
  findActiveApiKey,
  insertApiKey,
  lockAccountForApiKeys,
  listActiveApiKeys,
  noteApiKeyUse,
  revokeActiveApiKey,
  type ApiKeyRecord,
} from '../../db/queries/api-keys.ts';
import type { UserRecord } from '../../db/queries/users.ts';
import type { ApiKeyAccess, Plan } from '../../db/schema/index.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { planLimits } from '../billing/plan-limits.ts';
import { isStaff } from './auth-user.ts';
import { hashToken } from './tokens.ts';

export const API_KEY_PREFIX = 'mhk_';
/** The characters a list shows: the fixed start and eight of the key's own. */
const SHOWN_CHARACTERS = API_KEY_PREFIX.length + 8;
export const ACTIVE_KEYS_PER_ACCOUNT = 20;

export const API_KEYS_OWNER_ONLY = "Only the account's owners manage its API keys.";
export const API_ACCESS_PLAN_REQUIRED =
  'API access is included from the Business plan. Upgrade your plan to use API keys.';
export const API_KEYS_NOT_WHILE_VIEWING_AS = 'API keys cannot be made or revoked while viewing as another user.';
export const API_KEY_INVALID =
  'The API key is not valid: it may have been revoked. Make a new one in Profile Settings.';
export const API_KEY_LIMIT = `An account can have ${ACTIVE_KEYS_PER_ACCOUNT} API keys in use. Revoke one you no longer need first.`;
export const SESSION_ONLY = 'This request needs a signed-in session; an API key cannot make it.';
export const API_KEY_READ_ONLY = 'This API key can only read. Make a key with full access to change anything.';
export const STAFF_KEYS = 'Platform staff sign in to act: API keys are for sellers.';

export interface ApiKeysActor {
  user: UserRecord;
  impersonating: boolean;
}

export interface ApiKeysView {
  plan: Plan;
  apiAccess: boolean;
  canManage: boolean;
  keys: ApiKeyRecord[];
}

function requireOwner(actor: ApiKeysActor): void {
  if (isStaff(actor.user.role) && !actor.impersonating) throw new AppError(403, STAFF_KEYS);
  if (actor.user.accountRole !== 'owner') throw new AppError(403, API_KEYS_OWNER_ONLY);
}

/** The account's keys in use, for its owners (on any plan: a lower plan shows what upgrading brings). */
export async function getApiKeys(ctx: AppContext, actor: ApiKeysActor): Promise<ApiKeysView> {
  requireOwner(actor);
  const [plan, keys] = await Promise.all([
    accountPlan(ctx.db, actor.user.accountId),
    listActiveApiKeys(ctx.db, actor.user.accountId),
  ]);
  const apiAccess = planLimits[plan].apiAccess;
  return { plan, apiAccess, canManage: apiAccess && !actor.impersonating, keys };
}

/** A new key for the owner: the only time its whole text is told. */
export async function createApiKey(
  ctx: AppContext,
  audit: AuditContext,
  actor: ApiKeysActor,
  name: string,
  access: ApiKeyAccess = 'full',
): Promise<{ key: ApiKeyRecord; secret: string }> {
  requireOwner(actor);
  name = name.trim();
  if (!name) throw new AppError(400, 'Name the key after what it is for, e.g. "Warehouse script".');
  // Staff viewing as the owner would leave with a lasting credential of the seller's.
  if (actor.impersonating) throw new AppError(403, API_KEYS_NOT_WHILE_VIEWING_AS);
  const { accountId } = actor.user;
  if (!planLimits[await accountPlan(ctx.db, accountId)].apiAccess) throw new AppError(403, API_ACCESS_PLAN_REQUIRED);
  const secret = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const prefix = secret.slice(0, SHOWN_CHARACTERS);
  const at = ctx.clock();
  const id = await ctx.db.transaction(async (tx) => {
    // Counted again under the account's lock: two requests at once never pass the limit together.
    await lockAccountForApiKeys(tx, accountId);
    if ((await countActiveApiKeys(tx, accountId)) >= ACTIVE_KEYS_PER_ACCOUNT) throw new AppError(409, API_KEY_LIMIT);
    const keyId = await insertApiKey(tx, {
      accountId,
      userId: actor.user.id,
      name,
      prefix,
      access,
      keyHash: hashToken(secret),
      at,
    });
    await recordAudit(tx, audit, {
      action: 'api_key.created',
      accountId,
      targetType: 'api_key',
      targetId: keyId,
      after: { name, prefix, access },
    });
    return keyId;
  });
  const key: ApiKeyRecord = {
    id,
    name,
    prefix,
    access,
    createdAt: at,
    lastUsedAt: null,
    userId: actor.user.id,
    createdBy: actor.user.email,
  };
  return { key, secret };
}

/** The key stops working at once. */
export async function revokeApiKey(
  ctx: AppContext,
  audit: AuditContext,
  actor: ApiKeysActor,
  keyId: string,
): Promise<void> {
  requireOwner(actor);
  if (actor.impersonating) throw new AppError(403, API_KEYS_NOT_WHILE_VIEWING_AS);
  await ctx.db.transaction(async (tx) => {
    const revoked = await revokeActiveApiKey(tx, actor.user.accountId, keyId, ctx.clock());
    if (!revoked) throw new AppError(404, 'API key not found');
    await recordAudit(tx, audit, {
      action: 'api_key.revoked',
      accountId: actor.user.accountId,
      targetType: 'api_key',
      targetId: keyId,
      before: revoked,
    });
  });
}

/**
 * The user a request's key acts as, with the key's id; a refusal (401, or 403 off the plan) otherwise. A disabled
 * or unverified owner's key works no more than their password would.
 */
export async function userOfApiKey(
  ctx: AppContext,
  secret: string,
): Promise<{ user: UserRecord; keyId: string; access: ApiKeyAccess }> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) throw new AppError(401, API_KEY_INVALID);
  const found = await findActiveApiKey(ctx.db, hashToken(secret));
  if (
    !found ||
    found.user.disabledAt ||
    !found.user.emailVerifiedAt ||
    found.user.accountRole !== 'owner' ||
    isStaff(found.user.role)
  )
    throw new AppError(401, API_KEY_INVALID);
  if (!planLimits[found.plan].apiAccess) throw new AppError(403, API_ACCESS_PLAN_REQUIRED);
  const now = ctx.clock();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() >= 60_000)
    await noteApiKeyUse(ctx.db, found.keyId, now);
  return { user: found.user, keyId: found.keyId, access: found.access };
}
