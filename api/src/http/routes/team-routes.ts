import { Router, type Request } from 'express';
import type { AppContext } from '../../context.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import { auditContext, isImpersonating, requireUser, signIn } from '../request-context.ts';
import { toAuthUser } from '../../modules/auth/auth-user.ts';
import { changeMemberRole, getTeam, removeMember, type TeamActor } from '../../modules/auth/teams.ts';
import {
  acceptInvitation,
  inviteTeamMember,
  lookUpInvitation,
  revokeTeamInvitation,
} from '../../modules/auth/invitations.ts';
import type { InvitationRecord } from '../../db/queries/team-invitations.ts';
import type { UserRecord } from '../../db/queries/users.ts';

const actorOf = (req: Request): TeamActor => ({ user: req.user!, impersonating: isImpersonating(req) });

const toTeamMember = (u: UserRecord) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  accountRole: u.accountRole,
  emailVerified: u.emailVerifiedAt !== null,
  disabled: u.disabledAt !== null,
  lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
  createdAt: u.createdAt.toISOString(),
});

const toInvitation = (i: InvitationRecord) => ({
  id: i.id,
  email: i.email,
  accountRole: i.accountRole,
  expiresAt: i.expiresAt.toISOString(),
  createdAt: i.createdAt.toISOString(),
});

/** The account's team for its owners (plans with team management), and the invitation link's two calls. */
export function teamRoutes(ctx: AppContext): Router {
  const router = Router();
  const tokens = rateLimit('tokens', ctx.config.rateLimits.tokens, ctx.db, ctx.clock);

  router.get('/api/team', requireUser, async (req, res) => {
    const team = await getTeam(ctx, actorOf(req));
    res.json({ ...team, members: team.members.map(toTeamMember), invitations: team.invitations.map(toInvitation) });
  });

  router.post('/api/team/invitations', requireUser, async (req, res) => {
    res.status(201).json(toInvitation(await inviteTeamMember(ctx, auditContext(req), actorOf(req), req.body)));
  });

  router.delete('/api/team/invitations/:invitationId', requireUser, async (req, res) => {
    res.json(await revokeTeamInvitation(ctx, auditContext(req), actorOf(req), String(req.params.invitationId)));
  });

  router.patch('/api/team/members/:userId', requireUser, async (req, res) => {
    const member = await changeMemberRole(
      ctx,
      auditContext(req),
      actorOf(req),
      String(req.params.userId),
      req.body.accountRole,
    );
    res.json(toTeamMember(member));
  });

  router.delete('/api/team/members/:userId', requireUser, async (req, res) => {
    res.json(await removeMember(ctx, auditContext(req), actorOf(req), String(req.params.userId)));
  });

  router.post('/api/invitations/lookup', tokens, async (req, res) => {
    res.json(await lookUpInvitation(ctx, req.body.token));
  });

  router.post('/api/invitations/accept', tokens, async (req, res) => {
    const user = await acceptInvitation(ctx, auditContext(req), req.user ? actorOf(req) : undefined, req.body);
    await signIn(req, user, ctx.clock);
    res.json(toAuthUser(user));
  });

  return router;
}
