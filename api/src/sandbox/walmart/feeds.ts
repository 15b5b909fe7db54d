/**
 * Walmart's feeds (feeds.json): inventory, price and MP_ITEM files uploaded as multipart/form-data,
 * received at once and processed after Walmart's processing time (`processDueFeeds`, on the kit's
 * tick), and their status with per-item ingestion results.
 */
import express, { type Request, type Response, type Router } from 'express';
import { REFUSED_SKU_CODE, refusedSkuMessage } from '../shared/sandbox-kit.ts';
import { authorise } from './auth.ts';
import { send } from './errors.ts';
import { itemSetupEntry, setUpItem } from './item-feed.ts';
import { FEED_PROCESSING_SCALE, FEED_PUBLISHED_PROCESSING_MS, throttled } from './limits.ts';
import {
  alnum,
  decimal,
  isMoneyAmount,
  type WalmartContext,
  type WalmartSandboxFeed,
  type WalmartSandboxFeedItem,
  type WalmartSandboxSeller,
  type WalmartSandboxState,
} from './state.ts';

type FeedType = WalmartSandboxFeed['feedType'];

/** One row of an inventory or price feed file, as received (unchecked). */
interface FeedRow {
  sku?: unknown;
  quantity?: { unit?: unknown; amount?: unknown };
  pricing?: Array<{ currentPriceType?: unknown; currentPrice?: { currency?: unknown; amount?: unknown } }>;
}

export function feedRoutes(router: Router, context: WalmartContext) {
  router.post('/v3/feeds', express.raw({ type: 'multipart/form-data', limit: '50mb' }), (req, res) =>
    submitFeed(context, req, res),
  );
  router.get('/v3/feeds/:feedId', (req, res) => feedStatus(context, req, res));
}

/** The file part of a multipart/form-data body (Walmart feeds are uploaded as `file`). */
function multipartFile(raw: Buffer, contentType: string): string | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return undefined;
  const text = raw.toString('utf8');
  for (const part of text.split(`--${mark}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    if (!/name="file"/i.test(head)) continue;
    return part.slice(split + 4).replace(/\r\n$/, '');
  }
  return undefined;
}

/** The feed file read as JSON (undefined when missing or not JSON), logged instead of the raw bytes. */
function feedFile(req: Request): Record<string, unknown> | undefined {
  const raw = Buffer.isBuffer(req.body) ? req.body : undefined;
  const file = raw ? multipartFile(raw, req.get('content-type') ?? '') : undefined;
  let feed: Record<string, unknown> | undefined;
  try {
    feed = file ? (JSON.parse(file) as Record<string, unknown>) : undefined;
  } catch {
    feed = undefined;
  }
  // Log the feed file itself rather than the raw multipart bytes.
  req.body = feed ?? { file: file === undefined ? '[missing]' : '[not JSON]' };
  return feed;
}

/** Why Walmart refuses this feed file at once (its header and its list of items), or undefined. */
function feedProblem(feedType: FeedType, feed: Record<string, unknown>): string | undefined {
  if (feedType === 'item') {
    const header = feed.MPItemFeedHeader as { version?: unknown } | undefined;
    if (typeof header?.version !== 'string' || !Array.isArray(feed.MPItem) || feed.MPItem.length === 0)
      return 'An MP_ITEM feed needs MPItemFeedHeader.version and a non-empty MPItem list';
    if (feed.MPItem.length > 10_000) return 'An item feed holds at most 10,000 items';
    return undefined;
  }
  const rows = feedType === 'inventory' ? feed.Inventory : feed.Price;
  const headerOk =
    feedType === 'inventory'
      ? (feed.InventoryHeader as { version?: string })?.version === '1.4'
      : typeof (feed.PriceHeader as { version?: string })?.version === 'string';
  if (!headerOk || !Array.isArray(rows) || rows.length === 0)
    return feedType === 'inventory'
      ? 'An inventory feed needs InventoryHeader.version "1.4" and a non-empty Inventory list'
      : 'A price feed needs PriceHeader.version and a non-empty Price list';
  return undefined;
}

/** One inventory or price row: the change it asks for, or its DATA_ERROR. */
function rowEntry(feedType: 'inventory' | 'price', row: FeedRow, index: number): WalmartSandboxFeedItem {
  const sku = typeof row?.sku === 'string' ? row.sku : '';
  const entry: WalmartSandboxFeedItem = { index, sku, status: 'INPROGRESS' };
  const fail = (description: string): WalmartSandboxFeedItem => ({
    ...entry,
    status: 'DATA_ERROR',
    error: { code: 'ERR_EXT_DATA_0101002', description },
  });
  if (!sku) return fail('sku is required');
  if (feedType === 'inventory') {
    const amount = row.quantity?.amount;
    if (row.quantity?.unit !== 'EACH' || typeof amount !== 'number' || !Number.isInteger(amount) || amount < 0) {
      return fail(`Invalid quantity for SKU ${sku}: amount must be a whole number of 0 or more`);
    }
    return { ...entry, quantity: amount };
  }
  const base = Array.isArray(row.pricing) ? row.pricing.find((p) => p?.currentPriceType === 'BASE') : undefined;
  const amount = base?.currentPrice?.amount;
  const currency = base?.currentPrice?.currency;
  if (!isMoneyAmount(amount) || typeof currency !== 'string' || !['USD', 'CAD'].includes(currency)) {
    return fail(`Invalid price for SKU ${sku}: a BASE currentPrice above 0 in USD is required`);
  }
  return { ...entry, price: { amount, currency } };
}

function submitFeed(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller) return;
  const feedType = req.query.feedType === 'MP_ITEM' ? 'item' : req.query.feedType;
  if (feedType !== 'inventory' && feedType !== 'price' && feedType !== 'item') {
    send(res, 400, 'INVALID_REQUEST_PARAM.GMP_FEED_API', 'This sandbox takes feedType=inventory, price or MP_ITEM', {
      field: 'feedType',
    });
    return;
  }
  const feed = feedFile(req);
  if (!feed || typeof feed !== 'object') {
    send(
      res,
      400,
      'INVALID_REQUEST_CONTENT.GMP_FEED_API',
      'Send the feed as multipart/form-data with a JSON part named "file"',
      { field: 'file' },
    );
    return;
  }
  const problem = feedProblem(feedType, feed);
  if (problem) return void send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_FEED_API', problem, { field: 'file' });
  if (throttled(context, res, seller.sellerId, `feeds.${feedType}`)) return;
  const items =
    feedType === 'item'
      ? (feed.MPItem as unknown[]).map(itemSetupEntry)
      : ((feedType === 'inventory' ? feed.Inventory : feed.Price) as FeedRow[]).map((row, index) =>
          rowEntry(feedType, row, index),
        );
  res.json({ feedId: receiveFeed(context, seller, feedType, items) });
}

/** The feed as received: processing starts after a quarter of Walmart's processing time and ends after all of it. */
function receiveFeed(
  context: WalmartContext,
  seller: WalmartSandboxSeller,
  feedType: FeedType,
  items: WalmartSandboxFeedItem[],
): string {
  const now = Date.now();
  const processing =
    FEED_PUBLISHED_PROCESSING_MS * FEED_PROCESSING_SCALE[context.faults(seller.sellerId).rateLimitProfile];
  const feedId = `${alnum(32)}@AQMBAQA`;
  seller.feeds[feedId] = {
    feedId,
    feedType,
    status: 'RECEIVED',
    submittedAt: now,
    startAt: now + processing / 4,
    doneAt: now + processing,
    items,
  };
  context.tickAfter(processing / 4);
  context.tickAfter(processing);
  context.changed(seller.sellerId);
  return feedId;
}

function feedStatus(context: WalmartContext, req: Request<{ feedId: string }>, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'feeds.status')) return;
  const feed = seller.feeds[req.params.feedId!];
  if (!feed) {
    send(res, 404, 'CONTENT_NOT_FOUND.GMP_FEED_API', `Feed ${req.params.feedId} not found`, {
      field: 'feedId',
      category: 'DATA',
    });
    return;
  }
  const offset = Number(req.query.offset ?? 0);
  const limit = Number(req.query.limit ?? 50);
  if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(limit) || limit < 1 || limit > 50) {
    send(res, 400, 'INVALID_REQUEST_PARAM.GMP_FEED_API', 'offset must be 0 or more and limit from 1 to 50', {
      field: 'limit',
    });
    return;
  }
  const count = (status: string) => feed.items.filter((i) => i.status === status).length;
  const done = feed.status === 'PROCESSED';
  res.json({
    feedId: feed.feedId,
    feedStatus: feed.status,
    itemsReceived: feed.items.length,
    itemsSucceeded: done ? count('SUCCESS') : 0,
    itemsFailed: done ? count('DATA_ERROR') : 0,
    itemsProcessing: done ? 0 : feed.items.length,
    offset,
    limit,
    ...(req.query.includeDetails === 'true' ? { itemDetails: itemDetails(feed, done, offset, limit) } : {}),
  });
}

/** The feed's per-item ingestion status, a page of it. */
function itemDetails(feed: WalmartSandboxFeed, done: boolean, offset: number, limit: number) {
  return {
    itemIngestionStatus: feed.items.slice(offset, offset + limit).map((entry) => ({
      martId: 0,
      sku: entry.sku,
      index: entry.index,
      ingestionStatus: done ? entry.status : 'INPROGRESS',
      ...(done && entry.error
        ? {
            ingestionErrors: {
              ingestionError: [{ type: 'DATA_ERROR', code: entry.error.code, description: entry.error.description }],
            },
          }
        : {}),
    })),
  };
}

/** Moves feeds on: in progress when their start is due, processed (each item applied or refused) when done. */
export function processDueFeeds(state: WalmartSandboxState, context: WalmartContext) {
  const now = Date.now();
  const changed = new Set<string>();
  for (const seller of Object.values(state.sellers)) {
    for (const feed of Object.values(seller.feeds)) {
      if (feed.status === 'RECEIVED' && now >= feed.startAt) {
        feed.status = 'INPROGRESS';
        changed.add(seller.sellerId);
      }
      if (feed.status === 'INPROGRESS' && now >= feed.doneAt) {
        for (const entry of feed.items) if (entry.status === 'INPROGRESS') applyEntry(context, seller, entry);
        feed.status = 'PROCESSED';
        changed.add(seller.sellerId);
      }
    }
  }
  for (const sellerId of changed) context.changed(sellerId);
}

/** One item of a feed being processed: set up, updated, or refused (DATA_ERROR). */
function applyEntry(context: WalmartContext, seller: WalmartSandboxSeller, entry: WalmartSandboxFeedItem) {
  const item = seller.items[entry.sku];
  if (context.refusesSku(seller.sellerId, entry.sku)) {
    entry.status = 'DATA_ERROR';
    entry.error = { code: REFUSED_SKU_CODE, description: refusedSkuMessage(entry.sku) };
  } else if (entry.setup) {
    setUpItem(seller, entry.sku, entry.setup);
    entry.status = 'SUCCESS';
  } else if (!item) {
    entry.status = 'DATA_ERROR';
    entry.error = {
      code: 'ERR_EXT_DATA_0101001',
      description: `SKU ${entry.sku} does not exist for this seller. Set up the item before updating it.`,
    };
  } else if (entry.quantity !== undefined) {
    item.quantity = entry.quantity;
    entry.status = 'SUCCESS';
  } else if (entry.price) {
    item.price = decimal(entry.price.amount);
    item.currency = entry.price.currency;
    entry.status = 'SUCCESS';
  }
}
