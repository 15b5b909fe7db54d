import crypto from 'node:crypto';
import type { NextFunction, Request, Response, Router } from 'express';
import { StripeApiError, requestIdHeader, stripeErrorBody } from './errors.ts';
import { parseForm, type FormObject } from './form.ts';
import { generatedParameters } from './stripe-parameters.ts';
import { accountKeyOf, emptyAccount, randomId, type StripeAccount, type StripeSandboxState } from './state.ts';
import type { StripeObject } from './objects.ts';

/** Parameters the current SDK may send that API 2024-04-10's definition lacks: accepted, each for its reason. */
const laterParameters: Record<string, readonly string[]> = {
  // Every request may name the objects to expand; list operations page with these everywhere.
  '*': ['expand'],
};

/** How long an Idempotency-Key is remembered (Stripe: at least 24 hours). */
const IDEMPOTENCY_SECONDS = 24 * 3600;

/** At most this many Stripe accounts (secret keys) in one sandbox: a public deployment's disk stays bounded. */
export const MAX_ACCOUNTS = 1_000;

const ACCOUNT_LOCAL = 'stripeAccount';
const ACCOUNT_KEY_LOCAL = 'stripeAccountKey';

export interface StripeRequestParts {
  state: () => StripeSandboxState;
  changed: (accountKey: string) => void;
}

/** The secret key of a call (Bearer, or Basic with the key as user name), as Stripe reads it. */
function secretKeyOf(req: Request): string | undefined {
  const header = req.get('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')[0];
  return undefined;
}

/** Each test secret key is an account of its own, made at its first call. */
export function authenticate(parts: StripeRequestParts) {
  return (req: Request, res: Response, next: NextFunction): void => {
    res.set(requestIdHeader, `req_${randomId(14)}`);
    const key = secretKeyOf(req);
    if (!key) {
      res
        .status(401)
        .json(
          stripeErrorBody(
            'invalid_request_error',
            "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
          ),
        );
      return;
    }
    if (!/^sk_test_[A-Za-z0-9_]{8,200}$/.test(key)) {
      res
        .status(401)
        .json(
          stripeErrorBody(
            'invalid_request_error',
            `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, Math.min(key.length, 40) - 12))}${key.slice(-4)}`,
          ),
        );
      return;
    }
    const state = parts.state();
    const accountKey = accountKeyOf(key);
    if (!state.sellers[accountKey]) {
      if (Object.keys(state.sellers).length >= MAX_ACCOUNTS) {
        res
          .status(403)
          .json(stripeErrorBody('invalid_request_error', 'This sandbox holds as many accounts as it may.'));
        return;
      }
      state.sellers[accountKey] = emptyAccount();
      parts.changed(accountKey);
    }
    res.locals[ACCOUNT_LOCAL] = state.sellers[accountKey];
    res.locals[ACCOUNT_KEY_LOCAL] = accountKey;
    next();
  };
}

export const accountOf = (res: Response) => res.locals[ACCOUNT_LOCAL] as StripeAccount;

/** The form of a call: the body of a POST or DELETE, the query of a GET, in Stripe's bracket notation. */
function formOf(req: Request): FormObject {
  if (req.method === 'GET') {
    const query = req.originalUrl.indexOf('?');
    return query < 0 ? {} : parseForm(req.originalUrl.slice(query + 1));
  }
  return parseForm(typeof req.body === 'string' ? req.body : '');
}

function refuseUnknown(operation: string, form: FormObject): void {
  const known = generatedParameters[operation];
  if (!known) throw new Error(`No parameters known for ${operation}`);
  for (const name of Object.keys(form)) {
    if (
      known.params.includes(name) ||
      laterParameters['*']!.includes(name) ||
      laterParameters[operation]?.includes(name)
    )
      continue;
    throw new StripeApiError(400, 'invalid_request_error', `Received unknown parameter: ${name}`, {
      param: name,
      code: 'parameter_unknown',
    });
  }
  for (const name of known.required)
    if (form[name] === undefined || form[name] === '')
      throw new StripeApiError(400, 'invalid_request_error', `Missing required param: ${name}.`, {
        param: name,
        code: 'parameter_missing',
      });
}

export type Operation = (account: StripeAccount, form: FormObject, req: Request) => StripeObject;

/**
 * One operation of Stripe's API: its parameters checked against Stripe's definition, the work
 * done, the account saved, the answer sent. A POST with an `Idempotency-Key` is done once: the
 * same key with the same parameters replays the first answer (`Idempotent-Replayed: true`), with
 * other parameters it is refused (idempotency_error).
 */
export function operation(
  router: Router,
  parts: StripeRequestParts,
  method: 'get' | 'post' | 'delete',
  path: string,
  work: Operation,
): void {
  const name = `${method.toUpperCase()} /v1${path.replace(/:(\w+)/g, '{$1}')}`;
  router[method](path, (req: Request, res: Response, next: NextFunction) => {
    try {
      const account = accountOf(res);
      const form = formOf(req);
      const key = method === 'get' ? undefined : req.get('idempotency-key');
      const request = `${req.method} ${req.path}`;
      const fingerprint = crypto.createHash('sha256').update(JSON.stringify(form)).digest('hex');
      if (key) {
        if (key.length > 255)
          throw new StripeApiError(400, 'invalid_request_error', 'Idempotency-Key must be at most 255 characters.');
        const earlier = account.idempotency[key];
        if (earlier && earlier.at > Date.now() / 1000 - IDEMPOTENCY_SECONDS) {
          if (earlier.request !== request || earlier.fingerprint !== fingerprint)
            throw new StripeApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          res.status(earlier.status).set('Idempotent-Replayed', 'true').set('Idempotency-Key', key).json(earlier.body);
          return;
        }
      }
      let status = 200;
      let body: unknown;
      try {
        refuseUnknown(name, form);
        body = work(account, form, req);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        body = stripeErrorBody(error.type, error.message, error.extra);
      }
      if (key) {
        forgetOldKeys(account);
        account.idempotency[key] = { request, fingerprint, status, body, at: Math.floor(Date.now() / 1000) };
        res.set('Idempotency-Key', key);
      }
      parts.changed(res.locals[ACCOUNT_KEY_LOCAL] as string);
      res.status(status).json(body);
    } catch (error) {
      next(error);
    }
  });
}

function forgetOldKeys(account: StripeAccount): void {
  const before = Date.now() / 1000 - IDEMPOTENCY_SECONDS;
  for (const [key, answer] of Object.entries(account.idempotency))
    if (answer.at < before) delete account.idempotency[key];
}

/** A list's paging parameters: limit 1–100 (10 by default), starting_after. */
export function paging(form: FormObject): { limit: number | undefined; startingAfter: string | undefined } {
  const limit = form.limit === undefined ? undefined : Number(form.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100))
    throw new StripeApiError(400, 'invalid_request_error', 'Invalid integer: limit must be between 1 and 100', {
      param: 'limit',
    });
  const startingAfter = typeof form.starting_after === 'string' ? form.starting_after : undefined;
  return { limit, startingAfter };
}
