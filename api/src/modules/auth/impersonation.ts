import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { findUserById, type UserRecord } from '../../db/queries/users.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { isStaff, isSuper } from './auth-user.ts';

export const STAFF_REQUIRED = 'Admin or Super user access required';

/**
 * Platform staff act as a user. An admin may not act as a super user; nobody nests impersonations.
 * The audit entry names the administrator.
 */
export async function startImpersonation(
  ctx: AppContext,
  audit: AuditContext,
  actor: UserRecord,
  alreadyImpersonating: boolean,
  targetUserId: string,
): Promise<UserRecord> {
  if (alreadyImpersonating || !isStaff(actor.role)) throw new AppError(403, STAFF_REQUIRED);
  const target = await findUserById(ctx.db, targetUserId);
  if (!target) throw new AppError(404, 'User not found');
  if (target.id === actor.id) throw new AppError(400, 'You cannot impersonate yourself');
  if (actor.role === 'admin' && isSuper(target.role)) throw new AppError(403, 'Admins cannot impersonate a super user');
  if (target.disabledAt) throw new AppError(400, 'This user is disabled and cannot be impersonated');
  await recordAudit(
    ctx.db,
    { ...audit, actorUserId: actor.id, impersonatorUserId: actor.id },
    {
      action: 'impersonation.started',
      accountId: target.accountId,
      targetType: 'user',
      targetId: target.id,
      metadata: { targetEmail: target.email, targetRole: target.role },
    },
  );
  return target;
}

/**
 * Whether staff viewing as `user` still may, checked on every request of the view: an administrator
 * deleted, disabled or no longer staff (or an admin now viewing as a super user) ends it at once.
 */
export function mayStillViewAs(impersonator: UserRecord | undefined, user: UserRecord): boolean {
  if (!impersonator || impersonator.disabledAt || !isStaff(impersonator.role)) return false;
  return !(impersonator.role === 'admin' && isSuper(user.role));
}

export async function endImpersonation(
  ctx: AppContext,
  audit: AuditContext,
  impersonatorId: string,
  impersonated: UserRecord,
): Promise<UserRecord> {
  const admin = await findUserById(ctx.db, impersonatorId);
  if (!admin) throw new AppError(401, 'Your administrator session has ended. Please sign in again.');
  await recordAudit(
    ctx.db,
    { ...audit, actorUserId: admin.id, impersonatorUserId: admin.id },
    {
      action: 'impersonation.ended',
      accountId: impersonated.accountId,
      targetType: 'user',
      targetId: impersonated.id,
    },
  );
  return admin;
}
