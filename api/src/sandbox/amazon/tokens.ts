/**
 * The Tokens API 2021-03-01 (tokens_2021-03-01.json): createRestrictedDataToken, the one way to read
 * buyers' personal data. A Restricted Data Token (RDT) is used in place of the access token on the
 * restricted operations it names, and opens nothing else; it lives an hour. The sandbox's restricted
 * operations are the Orders API's reads (getOrders and getOrderItems): their answers carry the
 * buyer's name, street and phone only for an RDT that grants `shippingAddress`, and the buyer's name
 * and e-mail only for one that grants `buyerInfo` (Tokens API Use Case Guide).
 */
import crypto from 'node:crypto';
import type { Router } from 'express';
import { authenticate } from './auth.ts';
import { errorList, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import { isObject, sha256, type AmazonContext, type RestrictedResource } from './state.ts';

export const RESTRICTED_DATA_TOKEN_SECONDS = 3600;
const METHODS = ['GET', 'PUT', 'POST', 'DELETE'];
const DATA_ELEMENTS = ['buyerInfo', 'shippingAddress', 'buyerTaxInformation'];
/** The restricted operations the sandbox serves, generic or for one order; each takes dataElements. */
const RESTRICTED_PATHS = [/^\/orders\/v0\/orders$/, /^\/orders\/v0\/orders\/(\{orderId\}|[^/{}]+)\/orderItems$/];

/** Why a request's restricted resources cannot be granted, if they cannot. */
function invalidResources(resources: unknown): string | undefined {
  if (!Array.isArray(resources) || resources.length === 0) return 'Resource not provided.';
  if (resources.length > 50) return 'A request can name at most 50 restricted resources.';
  for (const resource of resources) {
    if (!isObject(resource) || typeof resource.method !== 'string' || typeof resource.path !== 'string')
      return 'Each restricted resource needs a method and a path.';
    if (!METHODS.includes(resource.method)) return `Invalid method: ${resource.method}`;
    if (!RESTRICTED_PATHS.some((pattern) => pattern.test(resource.path as string)))
      return `${resource.path} is not a restricted resource.`;
    const elements = resource.dataElements;
    if (!Array.isArray(elements) || elements.length === 0) return `dataElements is required for ${resource.path}.`;
    const unknown = elements.find((e) => typeof e !== 'string' || !DATA_ELEMENTS.includes(e));
    if (unknown !== undefined) return `Invalid dataElements value: ${String(unknown)}`;
  }
  return undefined;
}

export function tokenRoutes(router: Router, context: AmazonContext) {
  router.post('/tokens/2021-03-01/restrictedDataToken', (req, res) => {
    const state = context.state();
    const caller = authenticate(state, req, res, 'seller');
    if (!caller || throttled(context, res, caller.seller!.sellerId, 'createRestrictedDataToken')) return;
    const body = isObject(req.body) ? req.body : {};
    const invalid = invalidResources(body.restrictedResources);
    if (invalid)
      return send(res, 400, errorList('InvalidInput', 'Request is missing or has invalid parameters', invalid));
    const resources = body.restrictedResources as RestrictedResource[];
    if (caller.seller!.restrictedDataAccess === false) {
      const elements = [...new Set(resources.flatMap((r) => r.dataElements ?? []))];
      return send(
        res,
        403,
        errorList(
          'Unauthorized',
          'Access to requested resource is denied.',
          `Application does not have access to one or more requested data elements: [${elements.join(', ')}]`,
        ),
      );
    }
    const token = `Atz.sprdt|${crypto.randomBytes(36).toString('base64url')}`;
    state.accessTokens[sha256(token)] = {
      clientId: caller.clientId,
      sellerId: caller.seller!.sellerId,
      expiresAt: Date.now() + RESTRICTED_DATA_TOKEN_SECONDS * 1000,
      restricted: resources.map((r) => ({ method: r.method, path: r.path, dataElements: [...r.dataElements!] })),
    };
    context.changed();
    // Sent as text, not res.json, so the request log never holds a live token.
    res
      .status(200)
      .set('x-amzn-RequestId', crypto.randomUUID())
      .set('x-amzn-RateLimit-Limit', String(rateOf(context, 'createRestrictedDataToken', res).rate))
      .type('application/json')
      .send(JSON.stringify({ restrictedDataToken: token, expiresIn: RESTRICTED_DATA_TOKEN_SECONDS }));
  });
}

/**
 * The control API: `PUT …/sellers/{id}/restricted-data` with `{ granted }`, as when the developer's
 * application gains or loses the restricted roles in Solution Provider Portal.
 */
export function restrictedDataControlRoutes(router: Router, context: AmazonContext) {
  router.put('/sellers/:sellerId/restricted-data', (req, res) => {
    const granted = (req.body ?? {}).granted;
    if (typeof granted !== 'boolean') return void res.status(400).json({ message: 'granted must be true or false' });
    const seller = context.state().sellers[req.params.sellerId!];
    if (!seller) return void res.status(404).json({ message: `No sandbox seller ${req.params.sellerId}` });
    seller.restrictedDataAccess = granted;
    context.changed(seller.sellerId);
    res.json({ granted });
  });
}

/**
 * `POST _control/sellers/{id}/authorization/revoke`: the seller removed our application in Seller Central
 * (Partner Network → Manage Your Apps): its refresh token no longer gives access tokens (LWA answers
 * `invalid_grant`) and the access tokens it was given stop working (403 Unauthorized).
 */
export function authorizationControlRoutes(router: Router, context: AmazonContext) {
  router.post('/sellers/:sellerId/authorization/revoke', (req, res) => {
    const state = context.state();
    const seller = state.sellers[req.params.sellerId!];
    if (!seller) return void res.status(404).json({ message: `No sandbox seller ${req.params.sellerId}` });
    seller.refreshTokenHash = sha256(crypto.randomUUID());
    for (const [hash, token] of Object.entries(state.accessTokens))
      if (token.sellerId === seller.sellerId) delete state.accessTokens[hash];
    context.changed(seller.sellerId);
    res.json({ revoked: true });
  });
}
