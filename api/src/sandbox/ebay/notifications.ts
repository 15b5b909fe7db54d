/**
 * The Notification API (commerce_notification_v1): destinations (with eBay's endpoint challenge),
 * subscriptions to ORDER_CONFIRMATION (a seller's) and MARKETPLACE_ACCOUNT_DELETION (the application's),
 * the public key that verifies deliveries, and the ECDSA-signed deliveries themselves.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { authorize, ebayScopes } from './auth.ts';
import { DOMAIN_NOTIFICATION, error, fail } from './errors.ts';
import type { EbayContext, EbayState } from './state.ts';

const NOTIFICATION = '/commerce/notification/v1';
const TOPICS = ['ORDER_CONFIRMATION', 'MARKETPLACE_ACCOUNT_DELETION'] as const;

export function notificationRoutes(router: Router, context: EbayContext) {
  router.get(`${NOTIFICATION}/public_key/:kid`, (req, res) => getPublicKey(context, req, res));
  router.post(`${NOTIFICATION}/destination`, (req, res) => createDestination(context, req, res));
  router.get(`${NOTIFICATION}/destination`, (req, res) => getDestinations(context, req, res));
  router.get(`${NOTIFICATION}/destination/:id`, (req, res) => getDestination(context, req, res));
  router.delete(`${NOTIFICATION}/destination/:id`, (req, res) => deleteDestination(context, req, res));
  router.post(`${NOTIFICATION}/subscription`, (req, res) => createSubscription(context, req, res));
  router.get(`${NOTIFICATION}/subscription`, (req, res) => getSubscriptions(context, req, res));
  router.get(`${NOTIFICATION}/subscription/:id`, (req, res) => getSubscription(context, req, res));
  router.delete(`${NOTIFICATION}/subscription/:id`, (req, res) => deleteSubscription(context, req, res));
}

/**
 * `_control/sellers/{id}/account_deletion`: the seller closed their eBay account; eBay tells every
 * application subscribed to the topic.
 */
export function accountDeletionControlRoute(router: Router, context: EbayContext) {
  router.post('/sellers/:sellerId/account_deletion', (req, res) => {
    const state = context.state();
    const seller = state.sellers[req.params.sellerId!];
    if (!seller) return res.status(404).json({ message: 'No such seller' });
    const sent = publish(context, 'MARKETPLACE_ACCOUNT_DELETION', null, {
      username: seller.username,
      userId: seller.sellerId,
      eiasToken: Buffer.from(seller.sellerId).toString('base64'),
    });
    res.status(202).json({ notifications: sent });
  });
}

/** The grant of a Notification API call: an application's token or a seller's, or an answered 401/403/429. */
const appOrUser = (context: EbayContext, req: Request, res: Response) =>
  authorize(req, res, context, 'notification', ebayScopes.notification, 'any');

const sha256Hex = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function getPublicKey(context: EbayContext, req: Request, res: Response) {
  if (!appOrUser(context, req, res)) return;
  const key = context.state().signingKey;
  if (req.params.kid !== key.kid)
    return fail(res, 404, error(195001, DOMAIN_NOTIFICATION, 'The specified key id is invalid.'));
  res.json({ algorithm: 'ECDSA', digest: 'SHA256', key: key.publicKey });
}

async function createDestination(context: EbayContext, req: Request, res: Response) {
  if (!appOrUser(context, req, res)) return;
  const body = (req.body ?? {}) as {
    name?: unknown;
    status?: unknown;
    deliveryConfig?: { endpoint?: unknown; verificationToken?: unknown };
  };
  const endpoint = body.deliveryConfig?.endpoint;
  const verificationToken = body.deliveryConfig?.verificationToken;
  if (typeof body.name !== 'string' || !body.name || body.name.length > 64 || /[<>]/.test(body.name))
    return fail(
      res,
      400,
      error(195016, DOMAIN_NOTIFICATION, 'Invalid name. Markups or lengths greater than 64 not supported'),
    );
  if (typeof endpoint !== 'string' || !/^https?:\/\//.test(endpoint) || !URL.canParse(endpoint))
    return fail(res, 400, error(195017, DOMAIN_NOTIFICATION, 'Invalid or missing endpoint.'));
  if (body.status !== 'ENABLED' && body.status !== 'DISABLED')
    return fail(
      res,
      400,
      error(195018, DOMAIN_NOTIFICATION, 'Invalid or missing destination status. Supported values:[ENABLED,DISABLED]'),
    );
  // eBay's rule for the token: 32 to 80 characters of letters, digits, underscore and hyphen.
  if (typeof verificationToken !== 'string' || !/^[A-Za-z0-9_-]{32,80}$/.test(verificationToken))
    return fail(
      res,
      400,
      error(195019, DOMAIN_NOTIFICATION, 'Invalid or missing verification token for this endpoint.'),
    );
  const state = context.state();
  if (Object.values(state.destinations).some((d) => d.endpoint === endpoint))
    return fail(res, 409, error(195021, DOMAIN_NOTIFICATION, 'Destination exists for this endpoint'));
  if (!(await challengeAnswered(endpoint, verificationToken)))
    return fail(res, 409, error(195020, DOMAIN_NOTIFICATION, 'Challenge verification failed for requested endpoint'));
  const destinationId = crypto.randomUUID();
  state.destinations[destinationId] = {
    destinationId,
    name: body.name,
    status: body.status,
    endpoint,
    verificationToken,
  };
  context.changed();
  res.status(201).set('Location', `${context.baseUrl}${NOTIFICATION}/destination/${destinationId}`).end();
}

const destinationBody = (d: EbayState['destinations'][string]) => ({
  destinationId: d.destinationId,
  name: d.name,
  status: d.status,
  deliveryConfig: { endpoint: d.endpoint, verificationToken: d.verificationToken },
});

function getDestinations(context: EbayContext, req: Request, res: Response) {
  if (!appOrUser(context, req, res)) return;
  const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
  if (!Number.isInteger(limit) || limit < 10 || limit > 100)
    return fail(res, 400, error(195023, DOMAIN_NOTIFICATION, 'Invalid limit. Supported ranges 10 - 100.'));
  const all = Object.values(context.state().destinations);
  res.json({
    href: `${context.baseUrl}${NOTIFICATION}/destination?limit=${limit}`,
    limit,
    total: all.length,
    destinations: all.slice(0, limit).map(destinationBody),
  });
}

function getDestination(context: EbayContext, req: Request<{ id: string }>, res: Response) {
  if (!appOrUser(context, req, res)) return;
  const destination = context.state().destinations[req.params.id!];
  if (!destination) return fail(res, 404, error(195022, DOMAIN_NOTIFICATION, 'The destination id is invalid.'));
  res.json(destinationBody(destination));
}

function deleteDestination(context: EbayContext, req: Request<{ id: string }>, res: Response) {
  if (!appOrUser(context, req, res)) return;
  const state = context.state();
  if (!state.destinations[req.params.id!])
    return fail(res, 404, error(195022, DOMAIN_NOTIFICATION, 'The destination id is invalid.'));
  if (Object.values(state.subscriptions).some((s) => s.destinationId === req.params.id))
    return fail(res, 409, error(195024, DOMAIN_NOTIFICATION, 'Destination is in use and cannot be deleted.'));
  delete state.destinations[req.params.id!];
  context.changed();
  res.status(204).end();
}

function createSubscription(context: EbayContext, req: Request, res: Response) {
  const grant = appOrUser(context, req, res);
  if (!grant) return;
  const state = context.state();
  const body = (req.body ?? {}) as {
    topicId?: unknown;
    status?: unknown;
    destinationId?: unknown;
    payload?: { format?: unknown; schemaVersion?: unknown; deliveryProtocol?: unknown };
  };
  const topic = TOPICS.find((t) => t === body.topicId);
  if (!topic) return fail(res, 400, error(195027, DOMAIN_NOTIFICATION, 'Invalid or missing topic id.'));
  if (body.status !== 'ENABLED' && body.status !== 'DISABLED')
    return fail(res, 400, error(195006, DOMAIN_NOTIFICATION, 'Invalid or missing subscription status.'));
  const destination = typeof body.destinationId === 'string' ? state.destinations[body.destinationId] : undefined;
  if (!destination) return fail(res, 400, error(195007, DOMAIN_NOTIFICATION, 'Invalid or missing destination id.'));
  if (body.payload?.deliveryProtocol !== 'HTTPS')
    return fail(res, 400, error(195010, DOMAIN_NOTIFICATION, 'Invalid or missing protocol'));
  if (body.payload?.format !== 'JSON')
    return fail(res, 400, error(195009, DOMAIN_NOTIFICATION, 'Specified format is not supported for the topic.'));
  if (body.payload?.schemaVersion !== '1.0')
    return fail(
      res,
      400,
      error(
        195008,
        DOMAIN_NOTIFICATION,
        'Invalid or missing schema version. Please refer to /topic/{topic_id} for supported schema versions.',
      ),
    );
  // ORDER_CONFIRMATION is a user topic (a seller's token); account deletion is the application's.
  const userTopic = topic === 'ORDER_CONFIRMATION';
  if (userTopic !== (grant.sellerId !== null))
    return fail(res, 403, error(195011, DOMAIN_NOTIFICATION, 'Not authorized for this topic.'));
  if (body.status === 'ENABLED' && destination.status !== 'ENABLED')
    return fail(
      res,
      409,
      error(195015, DOMAIN_NOTIFICATION, 'The subscription cannot be enabled since the destination is not enabled.'),
    );
  if (
    Object.values(state.subscriptions).some(
      (s) => s.topicId === topic && s.sellerId === grant.sellerId && s.destinationId === destination.destinationId,
    )
  ) {
    return fail(res, 409, error(195012, DOMAIN_NOTIFICATION, 'Subscription already exists'));
  }
  const subscriptionId = crypto.randomUUID();
  state.subscriptions[subscriptionId] = {
    subscriptionId,
    topicId: topic,
    status: body.status,
    creationDate: new Date().toISOString(),
    destinationId: destination.destinationId,
    payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' },
    sellerId: grant.sellerId,
  };
  context.changed();
  res.status(201).set('Location', `${context.baseUrl}${NOTIFICATION}/subscription/${subscriptionId}`).end();
}

const subscriptionBody = ({ sellerId: _sellerId, ...rest }: EbayState['subscriptions'][string]) => rest;

function getSubscriptions(context: EbayContext, req: Request, res: Response) {
  const grant = appOrUser(context, req, res);
  if (!grant) return;
  const mine = Object.values(context.state().subscriptions).filter((s) => s.sellerId === grant.sellerId);
  res.json({
    href: `${context.baseUrl}${NOTIFICATION}/subscription`,
    limit: 100,
    total: mine.length,
    subscriptions: mine.map(subscriptionBody),
  });
}

function getSubscription(context: EbayContext, req: Request<{ id: string }>, res: Response) {
  const grant = appOrUser(context, req, res);
  if (!grant) return;
  const subscription = context.state().subscriptions[req.params.id!];
  if (!subscription || subscription.sellerId !== grant.sellerId)
    return fail(res, 404, error(195026, DOMAIN_NOTIFICATION, 'The subscription id is invalid.'));
  res.json(subscriptionBody(subscription));
}

function deleteSubscription(context: EbayContext, req: Request<{ id: string }>, res: Response) {
  const grant = appOrUser(context, req, res);
  if (!grant) return;
  const state = context.state();
  const subscription = state.subscriptions[req.params.id!];
  if (!subscription || subscription.sellerId !== grant.sellerId)
    return fail(res, 404, error(195026, DOMAIN_NOTIFICATION, 'The subscription id is invalid.'));
  delete state.subscriptions[req.params.id!];
  context.changed();
  res.status(204).end();
}

/** eBay's endpoint validation: GET endpoint?challenge_code=… must answer hex(SHA-256(code + token + endpoint)). */
async function challengeAnswered(endpoint: string, verificationToken: string): Promise<boolean> {
  const challengeCode = crypto.randomBytes(32).toString('hex');
  const url = new URL(endpoint);
  url.searchParams.set('challenge_code', challengeCode);
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return false;
    const body = (await response.json()) as { challengeResponse?: unknown };
    return body.challengeResponse === sha256Hex(challengeCode + verificationToken + endpoint);
  } catch {
    return false;
  }
}

function signedDelivery(state: EbayState, topic: string, data: unknown) {
  const now = new Date().toISOString();
  const body = JSON.stringify({
    metadata: { topic, schemaVersion: '1.0', deprecated: false },
    notification: {
      notificationId: crypto.randomUUID(),
      eventDate: now,
      publishDate: now,
      publishAttemptCount: 1,
      data,
    },
  });
  const signature = crypto.sign('sha256', Buffer.from(body), state.signingKey.privateKey).toString('base64');
  const header = Buffer.from(
    JSON.stringify({ alg: 'ecdsa', kid: state.signingKey.kid, signature, digest: 'SHA256' }),
  ).toString('base64');
  return { body, headers: { 'X-EBAY-SIGNATURE': header } };
}

/** Sends `topic` to every enabled subscription (of the seller, or of the application when null). */
export function publish(context: EbayContext, topic: string, sellerId: string | null, data: unknown): number {
  const state = context.state();
  let sent = 0;
  for (const subscription of Object.values(state.subscriptions)) {
    const destination = state.destinations[subscription.destinationId];
    if (subscription.topicId !== topic || subscription.status !== 'ENABLED' || destination?.status !== 'ENABLED')
      continue;
    if (subscription.sellerId !== null && subscription.sellerId !== sellerId) continue;
    const { body, headers } = signedDelivery(state, topic, data);
    void context.deliver(destination.endpoint, body, headers);
    sent++;
  }
  return sent;
}
