import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import express, { type Express } from 'express';
import session from 'express-session';
import passportModule from 'passport';
import helmet from 'helmet';
import * as OpenApiValidator from 'express-openapi-validator';
import type { AppContext } from '../context.ts';
import { repoRoot } from '../config.ts';
import { findUserById } from '../db/queries/users.ts';
import { mayStillViewAs } from '../modules/auth/impersonation.ts';
import { DatabaseSessionStore } from './middleware/session-store.ts';
import { sessionLifetime } from './middleware/session-lifetime.ts';
import { requireSameOrigin } from './middleware/same-origin.ts';
import { errorHandler, noteDeclaredStatuses, notFound } from './middleware/errors.ts';
import { refuseUnstorableBody, refuseUnstorableUrl } from './middleware/storable-input.ts';
import { authRoutes, SESSION_COOKIE } from './routes/auth-routes.ts';
import { adminRoutes } from './routes/admin-routes.ts';
import { teamRoutes } from './routes/team-routes.ts';
import { privacyRoutes } from './routes/privacy-routes.ts';
import { googleRoutes } from './routes/google-routes.ts';
import { healthRoutes } from './routes/health-routes.ts';
import { channelRoutes } from './routes/channel-routes.ts';
import { syncRoutes } from './routes/sync-routes.ts';
import { listingRoutes } from './routes/listing-routes.ts';
import { orderRoutes } from './routes/order-routes.ts';
import { listingEditRoutes, listingImportBodies } from './routes/listing-edit-routes.ts';
import { bundleRoutes } from './routes/bundle-routes.ts';
import { dashboardRoutes } from './routes/dashboard-routes.ts';
import { analyticsRoutes } from './routes/analytics-routes.ts';
import { alertRoutes } from './routes/alert-routes.ts';
import { settingsRoutes } from './routes/settings-routes.ts';
import { auditRoutes } from './routes/audit-routes.ts';
import { pricingRoutes } from './routes/pricing-routes.ts';
import { complianceRoutes } from './routes/compliance-routes.ts';
import { advertisingRoutes } from './routes/advertising-routes.ts';
import { webhookRoutes } from './routes/webhook-routes.ts';
import { billingRoutes, stripeWebhookRoutes } from './routes/billing-routes.ts';
import type { MountedSandboxes } from '../sandbox/index.ts';
import { apiKeyUser } from './middleware/api-key.ts';
import { apiKeyRoutes } from './routes/api-key-routes.ts';

export const contractPath = path.join(repoRoot, 'openapi.yaml');
/** The paths the contract covers; everything else is the browser app (or, later, the sandboxes). */
const CONTRACT_PATHS = /^\/(api\/|auth\/google|healthz$|readyz$)/;

export interface HttpOptions {
  ping: () => Promise<void>;
  /** A session secret shared by every web process. */
  sessionSecret: string;
  log?: (line: string) => void;
  /** Extra middleware mounted before the SPA fallback (Vite in development). */
  frontend?: express.RequestHandler;
  /** The built-in marketplace sandboxes, served at /sandbox. */
  sandboxes?: MountedSandboxes;
}

/**
 * 16 random bytes as base64, each used once. Drawn from a pool filled 4 KB at a time: asking the
 * system for 16 bytes on every request cost about 2% of the web process's CPU.
 */
const NONCE_BYTES = 16;
let noncePool: Buffer = Buffer.alloc(0);
let noncePoolAt = 0;
function freshNonce(): string {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    noncePool = crypto.randomBytes(NONCE_BYTES * 256);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString('base64', noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

export function createHttpApp(ctx: AppContext, options: HttpOptions): Express {
  const { config } = ctx;
  const log = options.log ?? ((line: string) => console.log(line));
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  // A fresh nonce per response: the page's own style tags (Radix's scroll lock) carry it; nothing else inline runs.
  app.use((_req, res, next) => {
    res.locals.cspNonce = freshNonce();
    next();
  });
  const styleNonce = (_req: unknown, res: unknown) => `'nonce-${(res as express.Response).locals.cspNonce}'`;
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': config.viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          'style-src': config.viteDev ? ["'self'", "'unsafe-inline'"] : ["'self'", styleNonce],
          'img-src': ["'self'", 'data:', 'https:'],
          'connect-src': config.viteDev ? ["'self'", 'ws:'] : ["'self'"],
          'font-src': ["'self'", 'data:'],
          'frame-ancestors': ["'none'"],
          'form-action': ["'self'"],
          'object-src': ["'none'"],
          'upgrade-insecure-requests': config.production ? [] : null,
        },
      },
      strictTransportSecurity: config.production,
      // The marketplace consent pages open in popups that must be able to tell us they are done.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Our own pages' form posts (Sign Out) carry their Origin, which the same-origin check needs
      // (under no-referrer the browser sends "null"); other sites still get no referrer.
      referrerPolicy: { policy: 'same-origin' },
    }),
  );

  // The signed-in user, from the session cookie: the app's routes and the sandboxes' consent pages and control API.
  const sessionStore = new DatabaseSessionStore(ctx.db, ctx.clock, config.session.idleSeconds);
  const signedInUser = express.Router();
  signedInUser.use(
    session({
      name: SESSION_COOKIE,
      secret: options.sessionSecret,
      store: sessionStore,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      unset: 'destroy',
      cookie: {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.production,
        maxAge: config.session.idleSeconds * 1000,
        path: '/',
      },
    }),
  );
  signedInUser.use(sessionLifetime({ ...config.session, clock: ctx.clock }));
  // One authenticator per app, so two apps in one process (tests) never share strategies.
  const passport = new passportModule.Authenticator();
  passport.serializeUser((user, done) => done(null, user.id));
  // The session store read the user with the session (one round trip); another user id is read here. Staff viewing
  // as a user are read again on each request: their view ends as soon as they may no longer (mayStillViewAs).
  passport.deserializeUser(
    (req: express.Request, id: string, done: (error: unknown, user?: Express.User | false) => void) => {
      const impersonatorId = req.session.impersonatorId;
      const signedIn = (user: Express.User | undefined, impersonator?: Express.User) => {
        if (!user || user.disabledAt) return done(null, false);
        if (impersonatorId === undefined || mayStillViewAs(impersonator, user)) return done(null, user);
        // The session ends: passport drops its user, and nothing of the view is left in it.
        delete req.session.impersonatorId;
        done(null, false);
      };
      const read = sessionStore.takeUserRead(req.sessionID, id);
      if (read && impersonatorId === undefined) return signedIn(read);
      Promise.all([
        read ?? findUserById(ctx.db, id),
        impersonatorId === undefined ? undefined : findUserById(ctx.db, impersonatorId),
      ]).then(([user, impersonator]) => signedIn(user, impersonator), done);
    },
  );
  signedInUser.use(passport.initialize(), passport.session());

  // The sandboxes speak the marketplaces' protocols (their own bodies, forms and auth). A browser's session (its
  // cookie only comes with a browser's own requests) tells which account a consent page or a control call acts for.
  if (options.sandboxes) {
    const sessionCookie = `${SESSION_COOKIE}=`;
    app.use(
      '/sandbox',
      (req, res, next) => (req.headers.cookie?.includes(sessionCookie) ? signedInUser(req, res, next) : next()),
      options.sandboxes.router,
    );
  }

  // A NUL in an address is refused before anything is looked up, the webhooks' ids included.
  app.use(refuseUnstorableUrl);
  // Marketplaces post here from their servers: raw bodies for the signatures, no session, no Origin.
  app.use(webhookRoutes(ctx));
  app.use(stripeWebhookRoutes(ctx));

  app.use(requireSameOrigin(config.allowedOrigins));
  // CSV imports carry files of up to 5 MB; every other body stays small.
  app.use(listingImportBodies);
  app.use(express.json({ limit: '100kb' }));
  app.use(refuseUnstorableBody);

  app.use(signedInUser);
  // Or an API key (the Business plan's API access), for a script without a session.
  app.use(apiKeyUser(ctx));

  app.use(
    OpenApiValidator.middleware({
      apiSpec: contractPath,
      validateRequests: { allowUnknownQueryParameters: false, removeAdditional: false },
      validateResponses: config.validateResponses ? { removeAdditional: false } : false,
      validateSecurity: false,
      ignorePaths: (p: string) => !CONTRACT_PATHS.test(p),
      ignoreUndocumented: false,
    }),
  );
  app.use(noteDeclaredStatuses);

  app.use(healthRoutes(ctx, options.ping));
  app.use(authRoutes(ctx, passport));
  app.use(adminRoutes(ctx));
  app.use(teamRoutes(ctx));
  app.use(apiKeyRoutes(ctx));
  app.use(privacyRoutes(ctx));
  app.use(channelRoutes(ctx));
  app.use(syncRoutes(ctx));
  app.use(listingRoutes(ctx));
  app.use(listingEditRoutes(ctx));
  app.use(bundleRoutes(ctx));
  app.use(orderRoutes(ctx));
  app.use(dashboardRoutes(ctx));
  app.use(analyticsRoutes(ctx));
  app.use(alertRoutes(ctx));
  app.use(settingsRoutes(ctx));
  app.use(auditRoutes(ctx));
  app.use(pricingRoutes(ctx));
  app.use(complianceRoutes(ctx));
  app.use(advertisingRoutes(ctx));
  app.use(billingRoutes(ctx));
  app.use(googleRoutes(ctx, passport));
  app.use(/^\/(api|auth\/google)(\/|$)/, notFound);

  if (options.frontend) app.use(options.frontend);
  else if (config.staticDir && fs.existsSync(path.join(config.staticDir, 'index.html'))) {
    const indexHtml = fs.readFileSync(path.join(config.staticDir, 'index.html'), 'utf8');
    // Built assets carry a content hash in their names and never change; the rest is revalidated.
    app.use(
      '/assets',
      express.static(path.join(config.staticDir, 'assets'), { index: false, maxAge: '1y', immutable: true }),
    );
    app.use(express.static(config.staticDir, { index: false }));
    // Every other GET is a route of the browser app.
    app.get(/.*/, (_req, res) => {
      const html = indexHtml.replace(
        '<head>',
        `<head>\n    <meta name="csp-nonce" content="${res.locals.cspNonce}" />`,
      );
      res.set('Cache-Control', 'no-cache').type('html').send(html);
    });
  }

  const answerError = errorHandler(log);
  app.use(answerError);
  // The response validator hands an answer it refuses to the `next` it was given when the request passed it.
  // Refused while answerError answers, that `next` resumes after answerError: without a handler there too, the
  // refusal would reach Express's final handler, an HTML page with the stack.
  app.use(answerError);
  return app;
}
