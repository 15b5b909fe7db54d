import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { accountPlan } from '../../db/queries/accounts.ts';
import { listPendingInvitations, type InvitationRecord } from '../../db/queries/team-invitations.ts';
import {
  findUserById,
  listAccountUsers,
  lockAccountUsers,
  setAccountRole,
  type UserRecord,
} from '../../db/queries/users.ts';
import type { AccountRole, Plan } from '../../db/schema/index.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { planLimits } from '../billing/plan-limits.ts';
import { isStaff } from './auth-user.ts';
import { removeUser } from './user-management.ts';

export const TEAM_OWNER_ONLY = "Only the account's owners manage its team.";
export const TEAM_PLAN_REQUIRED =
  'Team management is included from the Business plan. Upgrade your plan to invite your team.';
export const LAST_OWNER = 'The account needs an owner: make another member an owner first.';
export const NOT_WHILE_VIEWING_AS = 'The team cannot be changed while viewing as another user.';
export const STAFF_NOT_IN_TEAMS =
  'Platform staff are not managed from a team: their role and access are set by a super user.';

/** Who asks: the user the request acts as, and whether staff are viewing as them. */
export interface TeamActor {
  user: UserRecord;
  impersonating: boolean;
}

export interface TeamView {
  plan: Plan;
  teamManagement: boolean;
  canManage: boolean;
  members: UserRecord[];
  invitations: InvitationRecord[];
}

/** The owner sees the team whatever the plan (a lower plan shows what upgrading brings); members do not. */
export async function getTeam(ctx: AppContext, actor: TeamActor): Promise<TeamView> {
  if (actor.user.accountRole !== 'owner') throw new AppError(403, TEAM_OWNER_ONLY);
  const { accountId } = actor.user;
  const [plan, members, invitations] = await Promise.all([
    accountPlan(ctx.db, accountId),
    listAccountUsers(ctx.db, accountId),
    listPendingInvitations(ctx.db, accountId, ctx.clock()),
  ]);
  const teamManagement = planLimits[plan].teamManagement;
  return { plan, teamManagement, canManage: teamManagement && !actor.impersonating, members, invitations };
}

/** Changes to the team: an owner, on a plan with team management, acting as themselves. */
export async function requireTeamManager(ctx: AppContext, actor: TeamActor): Promise<void> {
  if (actor.user.accountRole !== 'owner') throw new AppError(403, TEAM_OWNER_ONLY);
  if (actor.impersonating) throw new AppError(403, NOT_WHILE_VIEWING_AS);
  if (!planLimits[await accountPlan(ctx.db, actor.user.accountId)].teamManagement)
    throw new AppError(403, TEAM_PLAN_REQUIRED);
}

/** A member the owner may act on: a user of the account, never platform staff (who answer to super users only). */
async function memberOf(ctx: AppContext, accountId: string, userId: string): Promise<UserRecord> {
  const member = await findUserById(ctx.db, userId);
  // Another account's user is not found, as if there were none.
  if (!member || member.accountId !== accountId) throw new AppError(404, 'Team member not found');
  if (isStaff(member.role)) throw new AppError(403, STAFF_NOT_IN_TEAMS);
  return member;
}

export async function changeMemberRole(
  ctx: AppContext,
  audit: AuditContext,
  actor: TeamActor,
  userId: string,
  accountRole: AccountRole,
): Promise<UserRecord> {
  await requireTeamManager(ctx, actor);
  const { accountId } = actor.user;
  const member = await memberOf(ctx, accountId, userId);
  await ctx.db.transaction(async (tx) => {
    const team = await lockAccountUsers(tx, accountId);
    const current = team.find((u) => u.id === member.id);
    if (!current) throw new AppError(404, 'Team member not found');
    if (current.accountRole === accountRole) return;
    const owners = team.filter((u) => u.accountRole === 'owner');
    if (accountRole === 'member' && owners.length === 1) throw new AppError(409, LAST_OWNER);
    await setAccountRole(tx, accountId, member.id, accountRole, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'team.member_role_changed',
      accountId,
      targetType: 'user',
      targetId: member.id,
      before: { accountRole: current.accountRole },
      after: { accountRole },
    });
  });
  return (await findUserById(ctx.db, member.id))!;
}

/** The member's user is deleted and their sessions end; the last owner cannot leave. */
export async function removeMember(
  ctx: AppContext,
  audit: AuditContext,
  actor: TeamActor,
  userId: string,
): Promise<{ message: string }> {
  await requireTeamManager(ctx, actor);
  const { accountId } = actor.user;
  const member = await memberOf(ctx, accountId, userId);
  const owners = (await listAccountUsers(ctx.db, accountId)).filter((u) => u.accountRole === 'owner');
  if (member.accountRole === 'owner' && owners.length === 1) throw new AppError(409, LAST_OWNER);
  // removeUser promotes a member should a concurrent change have left no other owner.
  await removeUser(ctx, audit, member, 'team.member_removed');
  return { message: `${member.email} has been removed from the team.` };
}
