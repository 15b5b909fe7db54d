/**
 * Login with Amazon for the sandbox: the token endpoint (a seller's refresh token, or a grantless
 * token for the Notifications API) and the check of the `x-amz-access-token` every SP-API call carries.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { errorList, send } from './errors.ts';
import {
  isObject,
  sha256,
  type AmazonContext,
  type AmazonSandboxState,
  type RestrictedResource,
  type SellerRecord,
} from './state.ts';

/**
 * LWA access tokens live one hour ("Connect to the Selling Partner API",
 * https://developer-docs.amazon.com/sp-api-blog/docs/selling-partner-api-migration-for-private-developers).
 */
export const ACCESS_TOKEN_SECONDS = 3600;
export const NOTIFICATIONS_SCOPE = 'sellingpartnerapi::notifications';

export interface Caller {
  clientId: string;
  seller?: SellerRecord;
  scope?: string;
  /** The personal data this call may see: what its Restricted Data Token grants for this path (none with an LWA token). */
  dataElements: ReadonlySet<string>;
}

/** Whether a restricted resource covers this request: its method, and its path (generic `{orderId}` or a specific one). */
export function resourceCovers(resource: RestrictedResource, method: string, path: string): boolean {
  if (resource.method !== method) return false;
  const pattern = resource.path
    .split(/\{[^}/]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${pattern}$`).test(path);
}

const deniedDetails = {
  missing: 'Access token is missing in the request header.',
  invalid: 'The access token you provided is revoked, malformed or invalid.',
  expired: 'The access token you provided has expired.',
  notThisResource: 'The Restricted Data Token does not authorize this resource.',
};

/** The caller of an SP-API request, or a 403 as Amazon answers it. */
export function authenticate(
  state: AmazonSandboxState,
  req: Request,
  res: Response,
  need: 'seller' | 'grantless',
): Caller | undefined {
  const token = req.get('x-amz-access-token');
  const deny = (details: string) => {
    send(res, 403, errorList('Unauthorized', 'Access to requested resource is denied.', details));
    return undefined;
  };
  if (!token) return deny(deniedDetails.missing);
  const record = state.accessTokens[sha256(token)];
  if (!record) return deny(deniedDetails.invalid);
  if (record.expiresAt <= Date.now()) return deny(deniedDetails.expired);
  if (need === 'grantless') {
    if (record.scope !== NOTIFICATIONS_SCOPE)
      return deny('This operation requires a grantless access token with the sellingpartnerapi::notifications scope.');
    return { clientId: record.clientId, scope: record.scope, dataElements: new Set() };
  }
  const seller = record.sellerId ? state.sellers[record.sellerId] : undefined;
  if (!seller) return deny(deniedDetails.invalid);
  if (!record.restricted) return { clientId: record.clientId, seller, dataElements: new Set() };
  // A Restricted Data Token opens the restricted resources it was made for, and nothing else.
  const covering = record.restricted.filter((r) => resourceCovers(r, req.method, req.path));
  if (covering.length === 0) return deny(deniedDetails.notThisResource);
  return {
    clientId: record.clientId,
    seller,
    dataElements: new Set(covering.flatMap((r) => r.dataElements ?? [])),
  };
}

/** The seller of a listings path: the token's own, or a 403 (a grant never covers another merchant). */
export function sellerForPath(state: AmazonSandboxState, req: Request, res: Response): SellerRecord | undefined {
  const caller = authenticate(state, req, res, 'seller');
  if (!caller) return undefined;
  if (req.params.sellerId !== caller.seller!.sellerId) {
    send(
      res,
      403,
      errorList(
        'Unauthorized',
        'Access to requested resource is denied.',
        'The seller id in the path is not the one that authorized this application.',
      ),
    );
    return undefined;
  }
  return caller.seller;
}

/** Each sandbox seller has an LWA application of its own: its client id names it (grantless tokens carry no seller). */
export function sellerWithClientId(state: AmazonSandboxState, clientId: unknown): SellerRecord | undefined {
  return typeof clientId === 'string' ? Object.values(state.sellers).find((s) => s.clientId === clientId) : undefined;
}

/** POST /auth/o2/token: a refresh_token grant for a seller, client_credentials for the notifications scope. */
export function authRoutes(router: Router, context: AmazonContext) {
  const state = () => context.state();
  router.post('/auth/o2/token', (req, res) => {
    const body = isObject(req.body) ? req.body : {};
    const lwaError = (status: number, error: string, description: string) =>
      res.status(status).json({ error, error_description: description });
    const { grant_type: grantType, client_id: clientId, client_secret: clientSecret } = body as Record<string, unknown>;
    if (typeof grantType !== 'string' || typeof clientId !== 'string' || typeof clientSecret !== 'string') {
      return lwaError(
        400,
        'invalid_request',
        'The request is missing a required parameter : grant_type, client_id or client_secret',
      );
    }
    const seller = sellerWithClientId(state(), clientId);
    if (!seller || seller.clientSecretHash !== sha256(clientSecret))
      return lwaError(400, 'invalid_client', 'Client authentication failed');
    let record: AmazonSandboxState['accessTokens'][string];
    if (grantType === 'refresh_token') {
      if (typeof body.refresh_token !== 'string' || seller.refreshTokenHash !== sha256(body.refresh_token)) {
        return lwaError(400, 'invalid_grant', 'The request has an invalid grant parameter : refresh_token');
      }
      record = { clientId, sellerId: seller.sellerId, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 };
    } else if (grantType === 'client_credentials') {
      if (body.scope !== NOTIFICATIONS_SCOPE)
        return lwaError(400, 'invalid_scope', `The sandbox grants only the ${NOTIFICATIONS_SCOPE} scope`);
      record = { clientId, scope: NOTIFICATIONS_SCOPE, expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000 };
    } else {
      return lwaError(400, 'unsupported_grant_type', `Unsupported grant_type ${grantType}`);
    }
    const accessToken = `Atza|${crypto.randomBytes(48).toString('base64url')}`;
    const tokens = state().accessTokens;
    for (const [hash, t] of Object.entries(tokens)) if (t.expiresAt <= Date.now()) delete tokens[hash];
    tokens[sha256(accessToken)] = record;
    context.changed();
    // Sent as text, not res.json, so the request log never holds a live token.
    res
      .status(200)
      .type('application/json')
      .send(JSON.stringify({ access_token: accessToken, token_type: 'bearer', expires_in: ACCESS_TOKEN_SECONDS }));
  });
}
