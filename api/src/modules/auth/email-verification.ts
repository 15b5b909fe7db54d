import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { consumeToken } from '../../db/queries/auth-tokens.ts';
import { findUserByEmail, findUserById, markEmailVerified, type UserRecord } from '../../db/queries/users.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { MAIL_QUEUE, type AuthMailJob } from '../../workers/queues.ts';
import { hashToken } from './tokens.ts';
import { completeSignIn } from './sign-in.ts';

export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired. Please request a new one.';
export const RESEND_ANSWER =
  'If that email has an account waiting for verification, a new verification link is on its way.';

/** The mailed token proves the address; the user is verified and signed in. */
export async function verifyEmail(ctx: AppContext, audit: AuditContext, token: string): Promise<UserRecord> {
  const now = ctx.clock();
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeToken(tx, hashToken(token), 'verify_email', now);
    if (!userId) return undefined;
    await markEmailVerified(tx, userId, now);
    const user = await findUserById(tx, userId);
    await recordAudit(tx, audit, {
      action: 'auth.email_verified',
      actorUserId: userId,
      accountId: user!.accountId,
      targetType: 'user',
      targetId: userId,
    });
    return user;
  });
  if (!user) throw new AppError(400, INVALID_VERIFICATION_LINK);
  if (user.disabledAt) throw new AppError(403, 'This account has been disabled. Please contact support.');
  await completeSignIn(ctx, audit, user, 'email_verification');
  return user;
}

/** Same answer whether or not the email is known or already verified. */
export async function resendVerification(ctx: AppContext, email: string): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user && !user.emailVerifiedAt && !user.disabledAt) {
      await enqueue<AuthMailJob>(ctx.jobs, tx, MAIL_QUEUE, { kind: 'verify_email', userId: user.id });
    }
  });
  return { message: RESEND_ANSWER };
}
