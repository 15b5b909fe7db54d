import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { consumeToken, revokeTokens } from '../../db/queries/auth-tokens.ts';
import {
  findUserByEmail,
  findUserById,
  getPasswordHash,
  markEmailVerified,
  setPasswordHash,
} from '../../db/queries/users.ts';
import { deleteUserSessions } from '../../db/queries/sessions.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { MAIL_QUEUE, type AuthMailJob } from '../../workers/queues.ts';
import { hashPassword, newPasswordProblem, verifyPassword } from './passwords.ts';
import { hashToken } from './tokens.ts';

export const FORGOT_ANSWER = 'If an account exists for that email, a password reset link is on its way.';
export const INVALID_RESET_LINK = 'The password reset link is invalid or has expired.';

/** Same answer for known and unknown emails; only a known, enabled user gets a mail. */
export async function requestPasswordReset(
  ctx: AppContext,
  audit: AuditContext,
  email: string,
): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.disabledAt) return;
    await enqueue<AuthMailJob>(ctx.jobs, tx, MAIL_QUEUE, { kind: 'reset_password', userId: user.id });
    await recordAudit(tx, audit, {
      action: 'auth.password_reset_requested',
      accountId: user.accountId,
      targetType: 'user',
      targetId: user.id,
    });
  });
  return { message: FORGOT_ANSWER };
}

/**
 * The mailed token proves the address. The new password replaces the old, every other reset link
 * stops working, and every session of the user ends.
 */
export async function resetPassword(
  ctx: AppContext,
  audit: AuditContext,
  token: string,
  password: string,
  currentSid: string | undefined,
) {
  // Checked before the token is spent, so a refused password leaves the link usable.
  const problem = newPasswordProblem(password);
  if (problem) throw new AppError(400, problem);
  const passwordHash = await hashPassword(password);
  const now = ctx.clock();
  const done = await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, hashToken(token), 'reset_password', now);
    if (!userId) return false;
    await setPasswordHash(tx, userId, passwordHash, now);
    await revokeTokens(tx, userId, 'reset_password', now);
    // Following the mailed link proves the address as well as verification would.
    await markEmailVerified(tx, userId, now);
    await deleteUserSessions(tx, userId, currentSid);
    const user = await findUserById(tx, userId);
    await recordAudit(tx, audit, {
      action: 'auth.password_reset',
      actorUserId: userId,
      accountId: user!.accountId,
      targetType: 'user',
      targetId: userId,
    });
    return true;
  });
  if (!done) throw new AppError(400, INVALID_RESET_LINK);
  return { message: 'Your password has been reset. You can now sign in with your new password.' };
}

/** Proves the current password; other sessions end, this one stays. */
export async function changePassword(
  ctx: AppContext,
  audit: AuditContext,
  user: { id: string; accountId: string },
  currentPassword: string,
  newPassword: string,
  currentSid: string,
) {
  const storedHash = await getPasswordHash(ctx.db, user.id);
  if (!storedHash || !(await verifyPassword(storedHash, currentPassword))) {
    throw new AppError(400, 'Your current password is not correct.');
  }
  const problem = newPasswordProblem(newPassword);
  if (problem) throw new AppError(400, problem);
  const passwordHash = await hashPassword(newPassword);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash, now);
    await revokeTokens(tx, user.id, 'reset_password', now);
    await deleteUserSessions(tx, user.id, currentSid);
    await recordAudit(tx, audit, {
      action: 'auth.password_changed',
      accountId: user.accountId,
      targetType: 'user',
      targetId: user.id,
    });
  });
  return { message: 'Your password has been changed. Other sessions have been signed out.' };
}
