import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import {
  deleteAccount,
  deleteUserRow,
  findListedUser,
  otherAccountUsers,
  setAccountRole,
  setDisabled,
  setRole,
  type ListedUser,
  type UserRecord,
} from '../../db/queries/users.ts';
import { lockBilling, type BillingRecord } from '../../db/queries/billing.ts';
import { lockProfileImage } from '../../db/queries/user-photos.ts';
import { deleteSessionsViewingAsBy, deleteUserSessions } from '../../db/queries/sessions.ts';
import type { Role } from '../../db/schema/index.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { MAIL_QUEUE, type AuthMailJob } from '../../workers/queues.ts';
import { isStaff, isSuper } from './auth-user.ts';
import { deleteUploadedPhotoFile } from './profile-photo.ts';

export const NOT_YOURSELF = 'You cannot do this to your own user.';
export const SUPER_ONLY_ROLES = 'Only a super user can change roles.';
export const ADMIN_CANNOT_CHANGE_SUPER = 'Admins cannot change a super user.';
export const PLAN_STILL_BILLED =
  "This is the last user of an account whose paid plan is still running. The account's owner must cancel the plan first, from Billing.";

/** Stripe's subscription states after which it never bills again (see stripe-webhook.ts). */
const FINISHED_SUBSCRIPTION = ['canceled', 'incomplete_expired'];

/**
 * Whether Stripe would go on billing the account: a subscription that has not ended and is not cancelled
 * for the end of its period. Such an account is never deleted (its subscription would outlive it).
 */
export const stillBilled = (billing: BillingRecord | undefined): boolean =>
  billing?.stripeSubscriptionId != null &&
  !billing.cancelAtPeriodEnd &&
  !FINISHED_SUBSCRIPTION.includes(billing.subscriptionStatus ?? '');

/**
 * Staff act on another user. Rules (pages.md §4): nobody acts on themselves, an admin never on a
 * super user.
 */
async function targetFor(ctx: AppContext, actor: UserRecord, targetId: string): Promise<ListedUser> {
  if (!isStaff(actor.role)) throw new AppError(403, 'Admin or Super user access required');
  const target = await findListedUser(ctx.db, targetId);
  if (!target) throw new AppError(404, 'User not found');
  if (target.id === actor.id) throw new AppError(400, NOT_YOURSELF);
  if (actor.role === 'admin' && isSuper(target.role)) throw new AppError(403, ADMIN_CANNOT_CHANGE_SUPER);
  return target;
}

export async function changeUserRole(
  ctx: AppContext,
  audit: AuditContext,
  actor: UserRecord,
  targetId: string,
  role: Role,
): Promise<ListedUser> {
  const target = await targetFor(ctx, actor, targetId);
  // Every change of role grants or takes away a staff role (client is the only other): super users only.
  if (!isSuper(actor.role)) throw new AppError(403, SUPER_ONLY_ROLES);
  if (target.role === role) return target;
  await ctx.db.transaction(async (tx) => {
    await setRole(tx, target.id, role, ctx.clock());
    // Whatever they were viewing as, they view no longer: they may no longer, or no longer as whom they did.
    await deleteSessionsViewingAsBy(tx, target.id);
    await recordAudit(tx, audit, {
      action: 'user.role_changed',
      accountId: target.accountId,
      targetType: 'user',
      targetId: target.id,
      before: { role: target.role },
      after: { role },
    });
  });
  return (await findListedUser(ctx.db, target.id))!;
}

/**
 * A disabled user's sessions (those viewing as another user too) end at once, and signing in is refused
 * until staff enable them again.
 */
export async function setUserDisabled(
  ctx: AppContext,
  audit: AuditContext,
  actor: UserRecord,
  targetId: string,
  disabled: boolean,
): Promise<ListedUser> {
  const target = await targetFor(ctx, actor, targetId);
  if (Boolean(target.disabledAt) === disabled) return target;
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await setDisabled(tx, target.id, disabled ? now : null, now);
    if (disabled) await deleteUserSessions(tx, target.id);
    await recordAudit(tx, audit, {
      action: disabled ? 'user.disabled' : 'user.enabled',
      accountId: target.accountId,
      targetType: 'user',
      targetId: target.id,
      before: { disabled: !disabled },
      after: { disabled },
    });
  });
  return (await findListedUser(ctx.db, target.id))!;
}

export async function resendUserVerification(
  ctx: AppContext,
  audit: AuditContext,
  actor: UserRecord,
  targetId: string,
): Promise<{ message: string }> {
  const target = await targetFor(ctx, actor, targetId);
  if (target.emailVerifiedAt) throw new AppError(400, 'This email address is already verified.');
  if (target.disabledAt) throw new AppError(400, 'This user is disabled. Enable them first.');
  await ctx.db.transaction(async (tx) => {
    await enqueue<AuthMailJob>(ctx.jobs, tx, MAIL_QUEUE, { kind: 'verify_email', userId: target.id });
    await recordAudit(tx, audit, {
      action: 'user.verification_resent',
      accountId: target.accountId,
      targetType: 'user',
      targetId: target.id,
    });
  });
  return { message: `A new verification link is on its way to ${target.email}.` };
}

/**
 * Deletes the user and ends their sessions. The privacy policy promises deletion of "your account
 * and all its data": the account's last member takes the account with them (every record of it
 * cascades), once its paid plan, if any, is cancelled. An account keeps an owner: when its last owner
 * goes, its longest-standing member becomes one. The audit log has no foreign keys and keeps the history.
 */
export async function deleteUser(
  ctx: AppContext,
  audit: AuditContext,
  actor: UserRecord,
  targetId: string,
): Promise<{ message: string; accountDeleted: boolean }> {
  const target = await targetFor(ctx, actor, targetId);
  const accountDeleted = await removeUser(ctx, audit, target, 'user.deleted');
  return {
    message: accountDeleted
      ? `${target.email} and their account's data have been deleted.`
      : `${target.email} has been deleted.`,
    accountDeleted,
  };
}

/**
 * The deletion itself, shared with an owner's removal of a team member; answers whether the account went too.
 * The user's uploaded photo file goes once the deletion has committed (a file already gone is no error).
 */
export async function removeUser(
  ctx: AppContext,
  audit: AuditContext,
  target: UserRecord,
  action: 'user.deleted' | 'team.member_removed' | 'user.account_deleted',
): Promise<boolean> {
  const now = ctx.clock();
  const { accountDeleted, photo } = await ctx.db.transaction(async (tx) => {
    // The account's row first, then its users: two deletions in one account queue here instead of each
    // locking the other's user and then waiting to delete its own (a deadlock).
    const billing = await lockBilling(tx, target.accountId);
    const others = await otherAccountUsers(tx, target.accountId, target.id);
    if (others.length === 0 && stillBilled(billing)) throw new AppError(409, PLAN_STILL_BILLED);
    const promoted =
      target.accountRole === 'owner' && !others.some((u) => u.accountRole === 'owner') ? others[0] : undefined;
    if (promoted) await setAccountRole(tx, target.accountId, promoted.id, 'owner', now);
    await deleteUserSessions(tx, target.id);
    const photo = await lockProfileImage(tx, target.id);
    await deleteUserRow(tx, target.id);
    const accountDeleted = others.length === 0;
    if (accountDeleted) await deleteAccount(tx, target.accountId);
    await recordAudit(tx, audit, {
      action,
      accountId: target.accountId,
      targetType: 'user',
      targetId: target.id,
      before: { email: target.email, role: target.role, accountRole: target.accountRole },
      metadata: { accountDeleted, ...(promoted ? { ownerNow: promoted.id } : {}) },
    });
    return { accountDeleted, photo };
  });
  // The user is gone whatever happens to the file: a failure to remove it is told, not answered as one.
  await deleteUploadedPhotoFile(ctx, photo).catch((error: unknown) =>
    console.warn(`[auth] photo file of a deleted user not removed: ${error instanceof Error ? error.message : error}`),
  );
  return accountDeleted;
}
