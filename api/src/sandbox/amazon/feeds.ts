/**
 * The Feeds API 2021-06-30: feed documents on a pre-signed URL (the sandbox's stand-in for S3, under
 * `/_s3/`), feeds that wait in the queue and are then processed (`advanceFeeds`, on the kit's tick),
 * their status, and their result document.
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { authenticate } from './auth.ts';
import { errorList, invalidInput, send } from './errors.ts';
import { processingTimes, rateOf, throttled } from './limits.ts';
import { LEGACY_FEED_TYPES, processFeed } from './listings-feed.ts';
import {
  digits,
  isObject,
  sha256,
  type AmazonContext,
  type AmazonSandboxState,
  type DocumentRecord,
  type FeedRecord,
} from './state.ts';

export function feedRoutes(router: Router, context: AmazonContext) {
  router.post('/feeds/2021-06-30/documents', (req, res) => createFeedDocument(context, req, res));
  // The pre-signed S3 URL: upload the feed, download a report.
  router.put('/_s3/feed-documents/:documentId', (req, res) => uploadDocument(context, req, res));
  router.get('/_s3/feed-documents/:documentId', (req, res) => downloadDocument(context, req, res));
  router.post('/feeds/2021-06-30/feeds', (req, res) => createFeed(context, req, res));
  router.get('/feeds/2021-06-30/feeds/:feedId', (req, res) => getFeed(context, req, res));
  router.get('/feeds/2021-06-30/documents/:documentId', (req, res) => getFeedDocument(context, req, res));
}

function feedJson(feed: FeedRecord) {
  return {
    feedId: feed.feedId,
    feedType: feed.feedType,
    marketplaceIds: feed.marketplaceIds,
    createdTime: feed.createdTime,
    processingStatus: feed.processingStatus,
    ...(feed.processingStartTime ? { processingStartTime: feed.processingStartTime } : {}),
    ...(feed.processingEndTime ? { processingEndTime: feed.processingEndTime } : {}),
    ...(feed.resultFeedDocumentId ? { resultFeedDocumentId: feed.resultFeedDocumentId } : {}),
  };
}

const signDocument = (context: AmazonContext, documentId: string, expires: number) =>
  crypto.createHmac('sha256', context.state().signingKey).update(`${documentId}:${expires}`).digest('hex');

/** A document's pre-signed S3 URL, valid 5 minutes (feed documents, their reports, and report documents alike). */
export function presignedUrl(context: AmazonContext, documentId: string) {
  const expires = Date.now() + 5 * 60_000;
  return `${context.baseUrl}/_s3/feed-documents/${documentId}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=300&X-Sandbox-Expires-At=${expires}&X-Amz-Signature=${signDocument(context, documentId, expires)}`;
}

/** The document a pre-signed URL names, when its signature holds and it has not expired; else S3's 403. */
function presignedDocument(context: AmazonContext, req: Request, res: Response): DocumentRecord | undefined {
  const document = context.state().documents[String(req.params.documentId)];
  const expires = Number(req.query['X-Sandbox-Expires-At']);
  const signature = String(req.query['X-Amz-Signature'] ?? '');
  const valid =
    document &&
    Number.isFinite(expires) &&
    expires > Date.now() &&
    signature.length === 64 &&
    crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(signDocument(context, document.documentId, expires)));
  if (!valid) {
    res
      .status(403)
      .type('application/xml')
      .send(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired or the signature does not match</Message></Error>',
      );
    return undefined;
  }
  return document;
}

function createFeedDocument(context: AmazonContext, req: Request, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'createFeedDocument')) return;
  const body = req.body as unknown;
  if (!isObject(body) || typeof body.contentType !== 'string' || !body.contentType)
    return invalidInput(res, "The body needs a 'contentType'.");
  const documentId = `amzn1.tortuga.4.na.${crypto.randomUUID()}`;
  context.state().documents[documentId] = {
    documentId,
    sellerId: caller.seller!.sellerId,
    kind: 'input',
    contentType: body.contentType,
  };
  context.changed(caller.seller!.sellerId);
  send(
    res,
    201,
    { feedDocumentId: documentId, url: presignedUrl(context, documentId) },
    rateOf(context, 'createFeedDocument', res),
  );
}

function uploadDocument(context: AmazonContext, req: Request, res: Response) {
  const document = presignedDocument(context, req, res);
  if (!document) return;
  if (document.kind !== 'input')
    return void res
      .status(403)
      .type('application/xml')
      .send('<Error><Code>AccessDenied</Code><Message>Read-only document</Message></Error>');
  document.content =
    typeof req.body === 'string' || isObject(req.body) || Array.isArray(req.body) ? req.body : undefined;
  context.changed(document.sellerId);
  res
    .status(200)
    .set('ETag', `"${sha256(JSON.stringify(document.content ?? ''))}"`)
    .end();
}

function downloadDocument(context: AmazonContext, req: Request, res: Response) {
  const document = presignedDocument(context, req, res);
  if (!document) return;
  res
    .status(200)
    .type(document.contentType)
    .send(typeof document.content === 'string' ? document.content : JSON.stringify(document.content ?? null));
}

function createFeed(context: AmazonContext, req: Request, res: Response) {
  const state = context.state();
  const caller = authenticate(state, req, res, 'seller');
  if (!caller) return;
  const seller = caller.seller!;
  if (throttled(context, res, seller.sellerId, 'createFeed')) return;
  const body = req.body as unknown;
  if (!isObject(body) || typeof body.feedType !== 'string' || typeof body.inputFeedDocumentId !== 'string')
    return invalidInput(res, "The body needs 'feedType', 'marketplaceIds' and 'inputFeedDocumentId'.");
  const marketplaceIds = body.marketplaceIds;
  if (
    !Array.isArray(marketplaceIds) ||
    marketplaceIds.length < 1 ||
    marketplaceIds.length > 25 ||
    !marketplaceIds.every((m) => typeof m === 'string')
  ) {
    return invalidInput(res, "'marketplaceIds' must list 1 to 25 marketplace ids.");
  }
  const document = state.documents[body.inputFeedDocumentId];
  if (!document || document.sellerId !== seller.sellerId || document.kind !== 'input')
    return invalidInput(res, `Feed document ${body.inputFeedDocumentId} does not exist.`);
  if (body.feedType !== 'JSON_LISTINGS_FEED' && !LEGACY_FEED_TYPES.test(body.feedType))
    return invalidInput(res, `The sandbox does not support feed type ${body.feedType}.`);
  if (body.feedType === 'JSON_LISTINGS_FEED' && throttled(context, res, seller.sellerId, 'jsonListingsFeed')) return;
  const times = processingTimes[context.faults(seller.sellerId).rateLimitProfile];
  const now = Date.now();
  const feedId = digits(11);
  state.feeds[feedId] = {
    feedId,
    sellerId: seller.sellerId,
    feedType: body.feedType,
    marketplaceIds: marketplaceIds as string[],
    createdTime: new Date(now).toISOString(),
    processingStatus: 'IN_QUEUE',
    inputFeedDocumentId: document.documentId,
    startAt: now + times.feedQueueMs,
    doneAt: now + times.feedQueueMs + times.feedProcessingMs,
  };
  context.tickAfter(times.feedQueueMs);
  context.tickAfter(times.feedQueueMs + times.feedProcessingMs);
  context.changed(seller.sellerId);
  send(res, 202, { feedId }, rateOf(context, 'createFeed', res));
}

function getFeed(context: AmazonContext, req: Request<{ feedId: string }>, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'getFeed')) return;
  const feed = context.state().feeds[req.params.feedId!];
  if (!feed || feed.sellerId !== caller.seller!.sellerId)
    return send(res, 404, errorList('NotFound', `Feed ${req.params.feedId} was not found.`));
  send(res, 200, feedJson(feed), rateOf(context, 'getFeed', res));
}

function getFeedDocument(context: AmazonContext, req: Request<{ documentId: string }>, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'getFeedDocument')) return;
  const document = context.state().documents[req.params.documentId!];
  if (!document || document.sellerId !== caller.seller!.sellerId)
    return send(res, 404, errorList('NotFound', `Feed document ${req.params.documentId} was not found.`));
  send(
    res,
    200,
    { feedDocumentId: document.documentId, url: presignedUrl(context, document.documentId) },
    rateOf(context, 'getFeedDocument', res),
  );
}

/** Moves feeds on: out of the queue when their start is due, processed when their processing time has passed. */
export function advanceFeeds(state: AmazonSandboxState, context: AmazonContext, now: number, changed: Set<string>) {
  for (const feed of Object.values(state.feeds)) {
    if (feed.processingStatus === 'IN_QUEUE' && feed.startAt <= now) {
      feed.processingStatus = 'IN_PROGRESS';
      feed.processingStartTime = new Date(now).toISOString();
      changed.add(feed.sellerId);
    }
    if (feed.processingStatus === 'IN_PROGRESS' && feed.doneAt <= now) {
      processFeed(state, context, feed);
      changed.add(feed.sellerId);
    }
  }
}
