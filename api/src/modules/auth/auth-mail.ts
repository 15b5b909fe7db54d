import type { AppContext } from '../../context.ts';
import { findUserById } from '../../db/queries/users.ts';
import { storeToken } from '../../db/queries/auth-tokens.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  accountExistsMessage,
  resetPasswordMessage,
  shopifyDataRequestMessage,
  verifyEmailMessage,
} from '../mail/templates.ts';
import type { AuthMailJob } from '../../workers/queues.ts';
import { generateToken } from './tokens.ts';
import { sendInvitationMail } from './invitations.ts';

/**
 * Issues the token and sends the mail. Safe to run twice: a retry replaces the token its job issued
 * before, so at most one link per job ever works.
 */
export async function sendAuthMail(ctx: AppContext, mailer: Mailer, jobId: string, job: AuthMailJob): Promise<void> {
  const user = await findUserById(ctx.db, job.userId);
  if (!user || user.disabledAt) return;
  const base = ctx.config.appUrl;
  const now = ctx.clock();

  if (job.kind === 'team_invitation') {
    await sendInvitationMail(ctx, mailer, jobId, job);
    return;
  }

  if (job.kind === 'shopify_data_request') {
    if (job.dataRequest)
      await mailer.send(shopifyDataRequestMessage(user.email, user.firstName, job.dataRequest, `${base}/audit-logs`));
    return;
  }

  if (job.kind === 'account_exists') {
    await mailer.send(accountExistsMessage(user.email, user.firstName, `${base}/auth`));
    return;
  }
  // A verification mail for an address verified meanwhile is no longer needed.
  if (job.kind === 'verify_email' && user.emailVerifiedAt) return;

  const { token, tokenHash } = generateToken();
  const lifetime =
    job.kind === 'verify_email' ? ctx.config.tokens.verifyEmailSeconds : ctx.config.tokens.resetPasswordSeconds;
  await storeToken(ctx.db, {
    userId: user.id,
    purpose: job.kind,
    tokenHash,
    expiresAt: new Date(now.getTime() + lifetime * 1000),
    issuedByJob: jobId,
  });
  const message =
    job.kind === 'verify_email'
      ? verifyEmailMessage(user.email, user.firstName, `${base}/verify-email?token=${token}`)
      : resetPasswordMessage(user.email, user.firstName, `${base}/reset-password?token=${token}`);
  await mailer.send(message);
}
