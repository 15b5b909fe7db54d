import { Router, type Request } from 'express';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { auditContext, isImpersonating, requireStaff, requireUser, signIn } from '../request-context.ts';
import { toAuthUser } from '../../modules/auth/auth-user.ts';
import { endImpersonation, startImpersonation } from '../../modules/auth/impersonation.ts';
import { listUsers, type ListedUser, type UserFilter } from '../../db/queries/users.ts';
import {
  changeUserRole,
  deleteUser,
  resendUserVerification,
  setUserDisabled,
} from '../../modules/auth/user-management.ts';

/** A user as staff see them in User Management. */
const toAdminUser = (u: ListedUser) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  companyName: u.companyName,
  accountId: u.accountId,
  emailVerified: u.emailVerifiedAt !== null,
  createdAt: u.createdAt.toISOString(),
  lastSignInAt: u.lastSignInAt?.toISOString() ?? null,
  disabled: u.disabledAt !== null,
  plan: u.plan,
  accountRole: u.accountRole,
});

export function adminRoutes(ctx: AppContext): Router {
  const router = Router();

  router.get('/api/admin/users', requireStaff, async (req, res) => {
    const query = req.query as unknown as Omit<UserFilter, 'page' | 'pageSize'> & { page?: number; pageSize?: number };
    const page = Number(query.page ?? 1);
    const pageSize = Number(query.pageSize ?? 25);
    const { items, total } = await listUsers(ctx.db, {
      search: query.search?.trim() || undefined,
      role: query.role,
      verified: query.verified,
      plan: query.plan,
      status: query.status,
      page,
      pageSize,
    });
    res.json({ items: items.map(toAdminUser), total, page, pageSize });
  });

  const target = (req: Request) => String(req.params.userId);

  router.put('/api/admin/users/:userId/role', requireStaff, async (req, res) => {
    res.json(toAdminUser(await changeUserRole(ctx, auditContext(req), req.user!, target(req), req.body.role)));
  });

  router.post('/api/admin/users/:userId/disable', requireStaff, async (req, res) => {
    res.json(toAdminUser(await setUserDisabled(ctx, auditContext(req), req.user!, target(req), true)));
  });

  router.post('/api/admin/users/:userId/enable', requireStaff, async (req, res) => {
    res.json(toAdminUser(await setUserDisabled(ctx, auditContext(req), req.user!, target(req), false)));
  });

  router.post('/api/admin/users/:userId/resend-verification', requireStaff, async (req, res) => {
    res.json(await resendUserVerification(ctx, auditContext(req), req.user!, target(req)));
  });

  router.delete('/api/admin/users/:userId', requireStaff, async (req, res) => {
    res.json(await deleteUser(ctx, auditContext(req), req.user!, target(req)));
  });

  router.post('/api/admin/impersonate/:userId', requireUser, async (req, res) => {
    const admin = req.user!;
    const target = await startImpersonation(
      ctx,
      auditContext(req),
      admin,
      isImpersonating(req),
      String(req.params.userId),
    );
    // A new session id for the new identity; the administrator's id rides along to come back to,
    // and the session's absolute lifetime keeps counting from the administrator's own sign-in.
    const startedAt = req.session.startedAt;
    await signIn(req, target, ctx.clock);
    req.session.impersonatorId = admin.id;
    req.session.startedAt = startedAt;
    const name = [target.firstName, target.lastName].filter(Boolean).join(' ') || target.email;
    res.json({ success: true, impersonatedUser: toAuthUser(target, true), message: `You are now viewing as ${name}` });
  });

  router.post('/api/admin/exit-impersonation', requireUser, async (req, res) => {
    const impersonatorId = req.session.impersonatorId;
    if (!impersonatorId) throw new AppError(400, 'You are not impersonating anyone.');
    const admin = await endImpersonation(ctx, auditContext(req), impersonatorId, req.user!);
    const startedAt = req.session.startedAt;
    await signIn(req, admin, ctx.clock);
    delete req.session.impersonatorId;
    req.session.startedAt = startedAt;
    res.json({ success: true, message: 'Impersonation ended', user: toAuthUser(admin) });
  });

  return router;
}
