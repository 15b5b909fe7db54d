import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { findUserByEmail, findUserById, recordSignIn, type UserRecord } from '../../db/queries/users.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { spendPasswordCheckTime, verifyPassword } from './passwords.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const ACCOUNT_DISABLED = 'This account has been disabled. Please contact support.';

export type SignInOutcome =
  | { kind: 'signed-in'; user: UserRecord }
  | { kind: 'needs-verification'; answer: { requiresVerification: true; message: string; email: string } };

/**
 * Checks the password; an unverified email gets no session but a reminder to verify.
 * Unknown emails and wrong passwords get the same answer after the same amount of work.
 */
export async function signInWithPassword(
  ctx: AppContext,
  audit: AuditContext,
  email: string,
  password: string,
): Promise<SignInOutcome> {
  const user = await findUserByEmail(ctx.db, email);
  const passwordMatches = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : (await spendPasswordCheckTime(password), false);

  if (!user || !passwordMatches) {
    await recordAudit(ctx.db, audit, {
      action: 'auth.sign_in_failed',
      actorUserId: null,
      accountId: user?.accountId ?? null,
      targetType: 'user',
      ...(user ? { targetId: user.id } : {}),
      metadata: { email: email.trim().toLowerCase(), reason: user ? 'wrong_password' : 'unknown_email' },
    });
    throw new AppError(401, INVALID_CREDENTIALS);
  }
  if (user.disabledAt) {
    await recordAudit(ctx.db, audit, {
      action: 'auth.sign_in_failed',
      actorUserId: null,
      accountId: user.accountId,
      targetType: 'user',
      targetId: user.id,
      metadata: { reason: 'disabled' },
    });
    throw new AppError(403, ACCOUNT_DISABLED);
  }
  if (!user.emailVerifiedAt) {
    return {
      kind: 'needs-verification',
      answer: {
        requiresVerification: true,
        message: 'Please verify your email address before signing in. Check your inbox for the verification link.',
        email: user.email,
      },
    };
  }
  await completeSignIn(ctx, audit, user, 'password');
  return { kind: 'signed-in', user: (await findUserById(ctx.db, user.id))! };
}

export async function completeSignIn(
  ctx: AppContext,
  audit: AuditContext,
  user: UserRecord,
  method: 'password' | 'google' | 'email_verification',
) {
  await recordSignIn(ctx.db, user.id, ctx.clock());
  await recordAudit(ctx.db, audit, {
    action: method === 'google' ? 'auth.google_sign_in' : 'auth.sign_in',
    actorUserId: user.id,
    accountId: user.accountId,
    targetType: 'user',
    targetId: user.id,
    metadata: { method },
  });
}
