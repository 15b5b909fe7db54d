import { Router, type Request } from 'express';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import type { AppContext } from '../../context.ts';
import { type Authenticator, auditContext, signIn } from '../request-context.ts';
import { signInWithGoogle } from '../../modules/auth/google-sign-in.ts';
import { completeSignIn } from '../../modules/auth/sign-in.ts';

const FAILED = '/auth?error=google_auth_failed';
const SESSION_ERROR = '/auth?error=session_error';

/** "Continue with Google": passport-google-oauth20 when configured, else a clear failure back on /auth. */
export function googleRoutes(ctx: AppContext, passport: Authenticator): Router {
  const router = Router();
  const google = ctx.config.google;

  if (!google) {
    router.get('/auth/google', (_req, res) => res.redirect(302, FAILED));
    router.get('/auth/google/callback', (_req, res) => res.redirect(302, FAILED));
    return router;
  }

  passport.use(
    new GoogleStrategy(
      {
        clientID: google.clientId,
        clientSecret: google.clientSecret,
        callbackURL: `${ctx.config.appUrl}/auth/google/callback`,
        // The state parameter is kept in the session and checked on the way back (CSRF on the callback).
        state: true,
        passReqToCallback: true,
        ...(google.authorizationUrl ? { authorizationURL: google.authorizationUrl } : {}),
        ...(google.tokenUrl ? { tokenURL: google.tokenUrl } : {}),
        ...(google.userInfoUrl ? { userProfileURL: google.userInfoUrl } : {}),
      },
      (
        req: Request,
        _accessToken: string,
        _refreshToken: string,
        profile: Profile,
        done: (error: unknown, user?: Express.User | false) => void,
      ) => {
        const json = profile._json as { email_verified?: boolean | string };
        signInWithGoogle(ctx, auditContext(req), {
          googleId: profile.id,
          email: profile.emails?.[0]?.value,
          emailVerified:
            json.email_verified === true || json.email_verified === 'true' || profile.emails?.[0]?.verified === true,
          firstName: profile.name?.givenName ?? null,
          lastName: profile.name?.familyName ?? null,
          pictureUrl: profile.photos?.[0]?.value ?? null,
        }).then((user) => done(null, user ?? false), done);
      },
    ),
  );

  router.get('/auth/google', (req, res, next) => {
    if (!req.session) return res.redirect(302, SESSION_ERROR);
    passport.authenticate('google', { scope: ['profile', 'email'], session: false })(req, res, next);
  });

  router.get('/auth/google/callback', (req, res, next) => {
    if (!req.session) return res.redirect(302, SESSION_ERROR);
    passport.authenticate('google', { session: false }, async (error: unknown, user: Express.User | false) => {
      if (error || !user) return res.redirect(302, FAILED);
      try {
        await signIn(req, user, ctx.clock);
        await completeSignIn(ctx, auditContext(req), user, 'google');
        res.redirect(302, '/');
      } catch {
        res.redirect(302, SESSION_ERROR);
      }
    })(req, res, next);
  });

  return router;
}
