import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { createAccountWithOwner, findUserByEmail } from '../../db/queries/users.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { MAIL_QUEUE, type AuthMailJob } from '../../workers/queues.ts';
import { platformSetting } from '../settings/platform-settings.ts';
import { hashPassword, newPasswordProblem } from './passwords.ts';

export const SIGNUPS_CLOSED = 'Sign-ups are closed at the moment. Please try again later.';

/** A new account's trial ends this many days (System Settings' trial length) after it starts. */
export async function trialEndsAt(ctx: AppContext, now: Date): Promise<Date> {
  return new Date(now.getTime() + (await platformSetting(ctx, 'trialDays')) * 24 * 3600 * 1000);
}

export interface RegisterInput {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  companyName?: string | undefined;
}

export const registrationAnswer = (email: string) => ({
  requiresVerification: true as const,
  message: 'Registration successful. Please check your email to verify your account.',
  email,
});

const blankToNull = (s: string | undefined) => (s && s.trim() ? s.trim() : null);

/**
 * A new seller gets a user (role client) and an account on a trial (7 days unless staff set otherwise), and a
 * verification mail. Refused while staff have closed sign-ups.
 * Whether or not the email is taken, the answer is the same, so nobody can probe for accounts;
 * the owner of a taken address is mailed instead.
 */
export async function register(ctx: AppContext, audit: AuditContext, input: RegisterInput) {
  if (!(await platformSetting(ctx, 'signupsOpen'))) throw new AppError(403, SIGNUPS_CLOSED);
  const problem = newPasswordProblem(input.password);
  if (problem) throw new AppError(400, problem);

  const email = input.email.trim().toLowerCase();
  const firstName = blankToNull(input.firstName);
  const lastName = blankToNull(input.lastName);
  const accountName = blankToNull(input.companyName) ?? ([firstName, lastName].filter(Boolean).join(' ') || email);
  // Hashing before looking the email up keeps both paths equally slow.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock();
  const trialEnd = await trialEndsAt(ctx, now);

  await ctx.db
    .transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing) {
        const kind = existing.emailVerifiedAt ? 'account_exists' : 'verify_email';
        await enqueue<AuthMailJob>(ctx.jobs, tx, MAIL_QUEUE, { kind, userId: existing.id });
        await recordAudit(tx, audit, {
          action: 'auth.registration_for_existing_email',
          accountId: existing.accountId,
          targetType: 'user',
          targetId: existing.id,
        });
        return;
      }
      const created = await createAccountWithOwner(tx, {
        accountName,
        trialEndsAt: trialEnd,
        email,
        passwordHash,
        firstName,
        lastName,
      });
      // A concurrent registration won the race for this email: undo our account, answer as for a taken email.
      if (!created) throw new RaceLost();
      await enqueue<AuthMailJob>(ctx.jobs, tx, MAIL_QUEUE, { kind: 'verify_email', userId: created.userId });
      await recordAudit(tx, audit, {
        action: 'auth.registered',
        actorUserId: created.userId,
        accountId: created.accountId,
        targetType: 'user',
        targetId: created.userId,
        after: { email, firstName, lastName, accountName, role: 'client' },
      });
    })
    .catch((error: unknown) => {
      if (!(error instanceof RaceLost)) throw error;
    });
  return registrationAnswer(email);
}

class RaceLost extends Error {}
