import express, { Router, type RequestHandler } from 'express';
import { Strategy as LocalStrategy } from 'passport-local';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { rateLimit } from '../middleware/rate-limit.ts';
import {
  type Authenticator,
  auditContext,
  endSession,
  isImpersonating,
  requireUser,
  signIn,
} from '../request-context.ts';
import { toAuthUser } from '../../modules/auth/auth-user.ts';
import { register } from '../../modules/auth/register.ts';
import { signInWithPassword, type SignInOutcome } from '../../modules/auth/sign-in.ts';
import { resendVerification, verifyEmail } from '../../modules/auth/email-verification.ts';
import { changePassword, requestPasswordReset, resetPassword } from '../../modules/auth/password-recovery.ts';
import { signOutOtherSessions, updateProfile } from '../../modules/auth/profile.ts';
import {
  PHOTO_MAX_BYTES,
  TOO_LARGE,
  readProfilePhoto,
  removeProfilePhoto,
  uploadProfilePhoto,
} from '../../modules/auth/profile-photo.ts';
import { recordAudit } from '../../modules/audit/audit-log.ts';

export const SESSION_COOKIE = 'hub.sid';

export function authRoutes(ctx: AppContext, passport: Authenticator): Router {
  const router = Router();
  const limits = ctx.config.rateLimits;
  const limit = (name: keyof typeof limits) => rateLimit(name, limits[name], ctx.db, ctx.clock);

  passport.use(
    new LocalStrategy(
      { usernameField: 'email', passReqToCallback: true, session: true },
      (req, email, password, done) => {
        signInWithPassword(ctx, auditContext(req), email, password).then(
          (outcome) => (outcome.kind === 'signed-in' ? done(null, outcome.user) : done(null, false, outcome as never)),
          (error) => done(error),
        );
      },
    ),
  );

  // Public: the sign-in page offers only the providers configured here.
  router.get('/api/auth/providers', (_req, res) => {
    res.json({ google: Boolean(ctx.config.google) });
  });

  router.get('/api/auth/user', requireUser, (req, res) => {
    res.json(toAuthUser(req.user!, isImpersonating(req)));
  });

  router.patch('/api/auth/profile', requireUser, async (req, res) => {
    const user = await updateProfile(ctx, auditContext(req), req.user!, req.body);
    res.json(toAuthUser(user, isImpersonating(req)));
  });

  // The image is the body (its type told by its bytes, not this header); one byte over the limit is refused unread.
  const rawPhoto = express.raw({ type: ['image/png', 'image/jpeg', 'image/webp'], limit: PHOTO_MAX_BYTES });
  const photoBody: RequestHandler = (req, res, next) =>
    rawPhoto(req, res, (error?: unknown) =>
      next(
        (error as { type?: string } | undefined)?.type === 'entity.too.large' ? new AppError(413, TOO_LARGE) : error,
      ),
    );

  router.put('/api/auth/profile/photo', requireUser, photoBody, async (req, res) => {
    const user = await uploadProfilePhoto(ctx, auditContext(req), req.user!, req.body);
    res.json(toAuthUser(user, isImpersonating(req)));
  });

  router.delete('/api/auth/profile/photo', requireUser, async (req, res) => {
    const user = await removeProfilePhoto(ctx, auditContext(req), req.user!);
    res.json(toAuthUser(user, isImpersonating(req)));
  });

  router.get('/api/auth/photos/:name', requireUser, async (req, res) => {
    const photo = await readProfilePhoto(ctx, req.user!, String(req.params.name));
    res
      .set({
        'Content-Type': photo.contentType,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, max-age=31536000, immutable',
        'Content-Security-Policy': "default-src 'none'",
      })
      .send(photo.bytes);
  });

  router.post('/api/auth/sign-out-others', requireUser, async (req, res) => {
    if (isImpersonating(req)) throw new AppError(403, 'Sessions cannot be signed out while viewing as another user.');
    res.json(await signOutOtherSessions(ctx, auditContext(req), req.user!, req.sessionID));
  });

  router.post('/api/auth/change-password', requireUser, limit('changePassword'), async (req, res) => {
    if (isImpersonating(req)) throw new AppError(403, 'Passwords cannot be changed while viewing as another user.');
    res.json(
      await changePassword(
        ctx,
        auditContext(req),
        req.user!,
        req.body.currentPassword,
        req.body.newPassword,
        req.sessionID,
      ),
    );
  });

  router.post('/api/auth/login', limit('login'), (req, res, next) => {
    passport.authenticate(
      'local',
      { session: false },
      async (error: unknown, user: Express.User | false, outcome?: SignInOutcome) => {
        try {
          if (error) throw error;
          if (!user) {
            if (outcome?.kind === 'needs-verification') return res.json(outcome.answer);
            throw new AppError(401, 'Invalid email or password');
          }
          await signIn(req, user, ctx.clock);
          res.json(toAuthUser(user));
        } catch (caught) {
          next(caught);
        }
      },
    )(req, res, next);
  });

  router.post('/api/auth/register', limit('register'), async (req, res) => {
    res.status(201).json(await register(ctx, auditContext(req), req.body));
  });

  router.post('/api/auth/logout', async (req, res) => {
    if (req.user)
      await recordAudit(ctx.db, auditContext(req), {
        action: 'auth.sign_out',
        accountId: req.user.accountId,
        targetType: 'user',
        targetId: req.user.id,
      });
    await endSession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.json({ message: 'Logged out' });
  });

  // Sign Out as a browser navigation: a form post (any site could make a browser GET it), answered
  // with a 303 so the browser GETs the landing page.
  router.post('/api/logout', async (req, res) => {
    if (req.user)
      await recordAudit(ctx.db, auditContext(req), {
        action: 'auth.sign_out',
        accountId: req.user.accountId,
        targetType: 'user',
        targetId: req.user.id,
      });
    await endSession(req);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    res.redirect(303, '/');
  });

  router.post('/api/auth/verify-email', limit('tokens'), async (req, res) => {
    const user = await verifyEmail(ctx, auditContext(req), req.body.token);
    await signIn(req, user, ctx.clock);
    res.json(toAuthUser(user));
  });

  router.post('/api/auth/resend-verification', limit('recovery'), async (req, res) => {
    res.json(await resendVerification(ctx, req.body.email));
  });

  router.post('/api/auth/forgot-password', limit('recovery'), async (req, res) => {
    res.json(await requestPasswordReset(ctx, auditContext(req), req.body.email));
  });

  router.post('/api/auth/reset-password', limit('tokens'), async (req, res) => {
    res.json(await resetPassword(ctx, auditContext(req), req.body.token, req.body.password, req.sessionID));
  });

  return router;
}
