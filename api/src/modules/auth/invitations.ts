import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accountPlan } from '../../db/queries/accounts.ts';
import { lockBilling, type BillingRecord } from '../../db/queries/billing.ts';
import {
  createInvitation,
  findInvitationByToken,
  findPendingInvitation,
  findPendingInvitationByEmail,
  issueInvitationToken,
  markInvitationAccepted,
  revokeInvitation,
  type InvitationRecord,
} from '../../db/queries/team-invitations.ts';
import {
  accountHoldsData,
  createMember,
  deleteAccount,
  findUserByEmail,
  findUserById,
  moveToAccount,
  normaliseEmail,
  otherAccountUsers,
  setAccountRole,
  type UserRecord,
} from '../../db/queries/users.ts';
import type { AccountRole } from '../../db/schema/index.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { consumeAttempt, type RateDecision } from '../rate-limit/rate-limiter.ts';
import { planLimits } from '../billing/plan-limits.ts';
import type { Mailer } from '../mail/mailer.ts';
import { teamInvitationMessage } from '../mail/templates.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { MAIL_QUEUE, type AuthMailJob } from '../../workers/queues.ts';
import { hashPassword, newPasswordProblem } from './passwords.ts';
import { generateToken, hashToken } from './tokens.ts';
import { isStaff } from './auth-user.ts';
import { requireTeamManager, TEAM_PLAN_REQUIRED, type TeamActor } from './teams.ts';
import { stillBilled } from './user-management.ts';

export const INVITATION_DAYS = 7;
export const INVALID_INVITATION = 'This invitation link is invalid, has expired or has already been used.';
export const SIGN_IN_TO_ACCEPT = 'An account exists for this email. Sign in to accept the invitation.';
export const STAFF_CANNOT_JOIN = "Platform staff (admins and super users) cannot join a seller's team.";

/** Invitations an account sends in an hour, and how long an address waits before another one is sent to it. */
export const INVITATIONS_PER_HOUR = 20;
export const SAME_ADDRESS_SECONDS = 60;

/** The 429 the product answers when over a limit: what, and when to try again (Retry-After too). */
function tooMany(decision: RateDecision, what: string): AppError {
  const minutes = Math.ceil(decision.retryAfterSeconds / 60);
  return new AppError(429, `${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
    'Retry-After': String(decision.retryAfterSeconds),
  });
}

/**
 * No mail storm from an account (20 invitations an hour), and no address mailed by it more than once a
 * minute. Each account counts its own: another account's invitations neither block nor show here.
 */
async function limitInvitations(ctx: AppContext, accountId: string, email: string, now: Date): Promise<void> {
  const perAddress = await consumeAttempt(
    ctx.db,
    `invitations:account:${accountId}:email:${email}`,
    1,
    SAME_ADDRESS_SECONDS,
    now,
  );
  if (!perAddress.allowed) throw tooMany(perAddress, `An invitation was just sent to ${email}`);
  const perAccount = await consumeAttempt(ctx.db, `invitations:account:${accountId}`, INVITATIONS_PER_HOUR, 3600, now);
  if (!perAccount.allowed) throw tooMany(perAccount, 'Too many invitations in a short time');
}

export async function inviteTeamMember(
  ctx: AppContext,
  audit: AuditContext,
  actor: TeamActor,
  input: { email: string; accountRole?: AccountRole | undefined },
): Promise<InvitationRecord> {
  await requireTeamManager(ctx, actor);
  const { accountId } = actor.user;
  const email = normaliseEmail(input.email);
  const accountRole = input.accountRole ?? 'member';
  const existing = await findUserByEmail(ctx.db, email);
  if (existing?.accountId === accountId) throw new AppError(409, `${email} is already on your team.`);
  const now = ctx.clock();
  await limitInvitations(ctx, accountId, email, now);
  return ctx.db.transaction(async (tx) => {
    // Inviting again replaces the pending invitation: only the newest link works.
    const pending = await findPendingInvitationByEmail(tx, accountId, email, now);
    if (pending) await revokeInvitation(tx, accountId, pending.id, now);
    const invitation = await createInvitation(tx, {
      accountId,
      email,
      accountRole,
      invitedBy: actor.user.id,
      expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000),
    });
    await enqueue<AuthMailJob>(ctx.jobs, tx, MAIL_QUEUE, {
      kind: 'team_invitation',
      userId: actor.user.id,
      invitationId: invitation.id,
    });
    await recordAudit(tx, audit, {
      action: 'team.member_invited',
      accountId,
      targetType: 'invitation',
      targetId: invitation.id,
      after: { email, accountRole },
    });
    return invitation;
  });
}

export async function revokeTeamInvitation(
  ctx: AppContext,
  audit: AuditContext,
  actor: TeamActor,
  invitationId: string,
): Promise<{ message: string }> {
  await requireTeamManager(ctx, actor);
  const { accountId } = actor.user;
  await ctx.db.transaction(async (tx) => {
    if (!(await revokeInvitation(tx, accountId, invitationId, ctx.clock())))
      throw new AppError(404, 'Invitation not found');
    await recordAudit(tx, audit, {
      action: 'team.invitation_revoked',
      accountId,
      targetType: 'invitation',
      targetId: invitationId,
    });
  });
  return { message: 'The invitation has been withdrawn.' };
}

/** The mail job: issues the invitation's token (replacing its own earlier one on a retry) and mails the link. */
export async function sendInvitationMail(ctx: AppContext, mailer: Mailer, jobId: string, job: AuthMailJob) {
  const inviter = await findUserById(ctx.db, job.userId);
  if (!inviter || !job.invitationId) return;
  const invitation = await findPendingInvitation(ctx.db, inviter.accountId, job.invitationId, ctx.clock());
  if (!invitation) return;
  const { token, tokenHash } = generateToken();
  await issueInvitationToken(ctx.db, invitation.id, tokenHash, jobId);
  const inviterName = [inviter.firstName, inviter.lastName].filter(Boolean).join(' ') || inviter.email;
  const link = `${ctx.config.appUrl}/join?token=${token}`;
  await mailer.send(teamInvitationMessage(invitation.email, inviterName, inviter.companyName ?? 'a team', link));
}

async function invitationFor(ctx: AppContext, token: string) {
  const invitation = await findInvitationByToken(ctx.db, hashToken(token), ctx.clock());
  if (!invitation) throw new AppError(400, INVALID_INVITATION);
  return invitation;
}

/** What the link invites to, for the page it opens; the token is the proof, so it names the address. */
export async function lookUpInvitation(ctx: AppContext, token: string) {
  const invitation = await invitationFor(ctx, token);
  return {
    email: invitation.email,
    companyName: invitation.companyName,
    accountRole: invitation.accountRole,
    existingUser: Boolean(await findUserByEmail(ctx.db, invitation.email)),
  };
}

export interface AcceptInput {
  token: string;
  password?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/**
 * Joins the inviting account. A signed-in user must be the invited address; someone new chooses a
 * password (the mailed link proves the address, so the new user is verified). Answers the user to sign in.
 */
export async function acceptInvitation(
  ctx: AppContext,
  audit: AuditContext,
  signedIn: TeamActor | undefined,
  input: AcceptInput,
): Promise<UserRecord> {
  if (signedIn?.impersonating) throw new AppError(403, 'Invitations cannot be accepted while viewing as another user.');
  // A team's owner could otherwise change or delete a staff user who joined it.
  if (signedIn && isStaff(signedIn.user.role)) throw new AppError(403, STAFF_CANNOT_JOIN);
  const invitation = await invitationFor(ctx, input.token);
  if (!planLimits[await accountPlan(ctx.db, invitation.accountId)].teamManagement)
    throw new AppError(403, TEAM_PLAN_REQUIRED);
  const userId = signedIn
    ? await joinAsSignedIn(ctx, audit, signedIn.user, invitation)
    : await joinAsNewUser(ctx, audit, invitation, input);
  return (await findUserById(ctx.db, userId))!;
}

type FoundInvitation = InvitationRecord & { companyName: string };

/** Locks both accounts' rows in the order of their ids (two joins never deadlock); answers the left one's billing. */
async function lockAccounts(db: Db, leaving: string, joining: string): Promise<BillingRecord | undefined> {
  const [first, second] = [leaving, joining].sort();
  const firstBilling = await lockBilling(db, first!);
  const secondBilling = second === first ? firstBilling : await lockBilling(db, second!);
  return leaving === first ? firstBilling : secondBilling;
}

async function joinAsSignedIn(ctx: AppContext, audit: AuditContext, user: UserRecord, invitation: FoundInvitation) {
  if (user.email !== invitation.email)
    throw new AppError(403, `This invitation was sent to ${invitation.email}. Sign in with that email to accept it.`);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    // The accounts' rows first (in one order), then users: as removeUser does, so the two never deadlock.
    const leaving = await lockAccounts(tx, user.accountId, invitation.accountId);
    if (!(await markInvitationAccepted(tx, invitation.id, user.id, now))) throw new AppError(400, INVALID_INVITATION);
    if (user.accountId !== invitation.accountId) {
      const others = await otherAccountUsers(tx, user.accountId, user.id);
      const yours = user.companyName ?? 'your account';
      if (others.length === 0) {
        // Leaving an account of one: an empty one goes; one with channels or products is never deleted unasked,
        // nor one whose plan Stripe would go on billing.
        if (await accountHoldsData(tx, user.accountId))
          throw new AppError(
            409,
            `You are the only member of ${yours}, which holds channels or products. Delete that account or add an owner to it before joining another team.`,
          );
        if (stillBilled(leaving))
          throw new AppError(
            409,
            `You are the only member of ${yours}, whose paid plan is still running. Cancel the plan first, from Billing, before joining another team.`,
          );
      } else if (user.accountRole === 'owner' && !others.some((u) => u.accountRole === 'owner')) {
        await setAccountRole(tx, user.accountId, others[0]!.id, 'owner', now);
      }
      await moveToAccount(tx, user.id, invitation.accountId, invitation.accountRole, now);
      if (others.length === 0) await deleteAccount(tx, user.accountId);
    }
    await recordAudit(tx, audit, {
      action: 'team.invitation_accepted',
      actorUserId: user.id,
      accountId: invitation.accountId,
      targetType: 'invitation',
      targetId: invitation.id,
      after: { userId: user.id, accountRole: invitation.accountRole },
      metadata: { fromAccountId: user.accountId },
    });
  });
  return user.id;
}

async function joinAsNewUser(ctx: AppContext, audit: AuditContext, invitation: FoundInvitation, input: AcceptInput) {
  if (await findUserByEmail(ctx.db, invitation.email)) throw new AppError(401, SIGN_IN_TO_ACCEPT);
  if (!input.password) throw new AppError(400, 'Choose a password to create your account.');
  const problem = newPasswordProblem(input.password);
  if (problem) throw new AppError(400, problem);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    // The account's row first, as every change of its team: one deleted meanwhile took the invitation with it.
    if (!(await lockBilling(tx, invitation.accountId))) throw new AppError(400, INVALID_INVITATION);
    const userId = await createMember(tx, {
      accountId: invitation.accountId,
      email: invitation.email,
      passwordHash,
      firstName: input.firstName?.trim() || null,
      lastName: input.lastName?.trim() || null,
      accountRole: invitation.accountRole,
      at: now,
    });
    // Someone registered this address meanwhile: they sign in to accept.
    if (!userId) throw new AppError(401, SIGN_IN_TO_ACCEPT);
    if (!(await markInvitationAccepted(tx, invitation.id, userId, now))) throw new AppError(400, INVALID_INVITATION);
    await recordAudit(tx, audit, {
      action: 'team.invitation_accepted',
      actorUserId: userId,
      accountId: invitation.accountId,
      targetType: 'invitation',
      targetId: invitation.id,
      after: { userId, email: invitation.email, accountRole: invitation.accountRole },
    });
    return userId;
  });
}
