import type { AppContext } from '../../context.ts';
import {
  createAccountWithOwner,
  findUserByEmail,
  findUserByGoogleId,
  findUserById,
  linkGoogleAccount,
  type UserRecord,
} from '../../db/queries/users.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { trialEndsAt } from './register.ts';
import { platformSetting } from '../settings/platform-settings.ts';

export interface GoogleProfile {
  googleId: string;
  email: string | undefined;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  pictureUrl: string | null;
}

/**
 * Signs in the user with this Google id; else links the Google id to the user with the same
 * (Google-verified) email; else creates a verified user with a new account. Undefined refuses.
 */
export async function signInWithGoogle(
  ctx: AppContext,
  audit: AuditContext,
  profile: GoogleProfile,
): Promise<UserRecord | undefined> {
  const known = await findUserByGoogleId(ctx.db, profile.googleId);
  if (known) return known.disabledAt ? undefined : known;
  // Only an address Google itself verified may claim an account.
  if (!profile.email || !profile.emailVerified) return undefined;
  const now = ctx.clock();
  // While sign-ups are closed, Google signs in those who have an account and makes none.
  const signupsOpen = await platformSetting(ctx, 'signupsOpen');
  const trialEnd = await trialEndsAt(ctx, now);
  return ctx.db.transaction(async (tx) => {
    const byEmail = await findUserByEmail(tx, profile.email!);
    if (byEmail) {
      if (byEmail.disabledAt) return undefined;
      await linkGoogleAccount(tx, byEmail.id, profile.googleId, profile.pictureUrl, now);
      return findUserById(tx, byEmail.id);
    }
    if (!signupsOpen) return undefined;
    const created = await createAccountWithOwner(tx, {
      accountName: [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email!,
      trialEndsAt: trialEnd,
      email: profile.email!,
      passwordHash: null,
      firstName: profile.firstName,
      lastName: profile.lastName,
      googleId: profile.googleId,
      profileImageUrl: profile.pictureUrl,
      emailVerifiedAt: now,
    });
    if (!created) return undefined;
    await recordAudit(tx, audit, {
      action: 'auth.registered',
      actorUserId: created.userId,
      accountId: created.accountId,
      targetType: 'user',
      targetId: created.userId,
      after: { email: profile.email, method: 'google' },
    });
    return findUserById(tx, created.userId);
  });
}
