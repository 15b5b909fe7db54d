/**
 * A Walmart seller's items (items.json: list, get by SKU, retire), their inventory (inventory.json:
 * GET and PUT /v3/inventory, GET /v3/inventories) and price (price.json: PUT /v3/price), and the seller's own edit in
 * Seller Center (the control API).
 */
import type { Request, Response, Router } from 'express';
import { SandboxControlError, type ItemEdit } from '../shared/sandbox-kit.ts';
import { authorise } from './auth.ts';
import { refused, send } from './errors.ts';
import { throttled } from './limits.ts';
import { itemIdOf } from './connect-state.ts';
import {
  decimal,
  isMoneyAmount,
  type WalmartContext,
  type WalmartSandboxItem,
  type WalmartSandboxSeller,
  type WalmartSandboxState,
} from './state.ts';

export function listingRoutes(router: Router, context: WalmartContext) {
  router.get('/v3/items', (req, res) => listItems(context, req, res));
  router.get('/v3/items/:id', (req, res) => getItem(context, req, res));
  // items.json retireAnItem: the item is un-published and retired; only item setup (MP_ITEM) brings it back.
  router.delete('/v3/items/:sku', (req, res) => retireItem(context, req, res));
  router.get('/v3/inventory', (req, res) => getInventory(context, req, res));
  router.get('/v3/inventories', (req, res) => listInventories(context, req, res));
  router.put('/v3/inventory', (req, res) => updateInventory(context, req, res));
  router.put('/v3/price', (req, res) => updatePrice(context, req, res));
}

function itemResponse(item: WalmartSandboxItem) {
  return {
    mart: 'WALMART_US',
    sku: item.sku,
    wpid: item.wpid,
    upc: item.upc,
    gtin: item.gtin,
    productName: item.productName,
    shelf: JSON.stringify(['Home Page', item.productType]),
    productType: item.productType,
    // items.json ItemSearchPrice: amount is a string (its examples show numbers; the schema rules).
    price: { currency: item.currency, amount: item.price },
    publishedStatus: item.publishedStatus,
    lifecycleStatus: item.lifecycleStatus,
  };
}

/** A cursor the sandbox's list calls hand out: opaque to callers, an offset into the seller's SKUs to us. */
function cursorAt(kind: string, offset: number): string {
  return Buffer.from(`${kind}:${offset}`).toString('base64');
}

/**
 * The page a list call asks for: `limit` (a whole number from 1 to `maxLimit`) and `nextCursor` (absent,
 * empty or `*` for the first page, else one of our cursors of that kind); a bad one is answered 400 in
 * Walmart's error shape and gives undefined.
 */
function offsetPaging(
  req: Request,
  res: Response,
  options: { code: string; defaultLimit: number; maxLimit: number; cursorKind: string },
): { start: number; limit: number } | undefined {
  const code = `INVALID_REQUEST_PARAM.${options.code}`;
  const limit = req.query.limit === undefined ? options.defaultLimit : Number(req.query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > options.maxLimit) {
    send(res, 400, code, `limit must be a whole number from 1 to ${options.maxLimit}`, { field: 'limit' });
    return undefined;
  }
  const cursor = req.query.nextCursor;
  if (cursor === undefined || cursor === '' || cursor === '*') return { start: 0, limit };
  const decoded = typeof cursor === 'string' ? Buffer.from(cursor, 'base64').toString('utf8') : '';
  const start = decoded.startsWith(`${options.cursorKind}:`)
    ? Number(decoded.slice(options.cursorKind.length + 1))
    : NaN;
  if (!Number.isInteger(start) || start < 0) {
    send(res, 400, code, 'nextCursor is not a cursor this API returned', { field: 'nextCursor' });
    return undefined;
  }
  return { start, limit };
}

function listItems(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'items.read')) return;
  const paging = offsetPaging(req, res, {
    code: 'GMP_ITEM_QUERY_API',
    defaultLimit: 20,
    maxLimit: 200,
    cursorKind: 'offset',
  });
  if (!paging) return;
  const { start, limit } = paging;
  let skus = seller.skus;
  if (typeof req.query.sku === 'string') skus = skus.filter((s) => s === req.query.sku);
  const page = skus.slice(start, start + limit);
  const end = start + page.length;
  res.json({
    ItemResponse: page.map((sku) => itemResponse(seller.items[sku]!)),
    totalItems: skus.length,
    ...(end < skus.length ? { nextCursor: cursorAt('offset', end) } : {}),
  });
}

function getItem(context: WalmartContext, req: Request<{ id: string }>, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'items.read')) return;
  const type = req.query.productIdType;
  if (type !== undefined && type !== 'SKU' && type !== 'ITEM_ID') {
    send(
      res,
      400,
      'INVALID_REQUEST_PARAM.GMP_ITEM_QUERY_API',
      'This sandbox looks items up by productIdType=SKU or ITEM_ID only',
      {
        field: 'productIdType',
      },
    );
    return;
  }
  // By Walmart item id (as Walmart Connect names an ad's item), or by SKU.
  const item =
    type === 'ITEM_ID'
      ? Object.values(seller.items).find((i) => itemIdOf(seller.sellerId, i.sku) === req.params.id)
      : seller.items[req.params.id!];
  if (!item) {
    send(
      res,
      404,
      'CONTENT_NOT_FOUND.GMP_ITEM_QUERY_API',
      `Item not found for ${type === 'ITEM_ID' ? 'item id' : 'SKU'} ${req.params.id}`,
      { field: type === 'ITEM_ID' ? 'itemId' : 'sku', category: 'DATA' },
    );
    return;
  }
  res.json({ ItemResponse: [itemResponse(item)], totalItems: 1 });
}

function retireItem(context: WalmartContext, req: Request<{ sku: string }>, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'items.retire')) return;
  const item = seller.items[req.params.sku!];
  if (!item) {
    send(res, 404, 'CONTENT_NOT_FOUND.GMP_ITEM_API', `Item not found for SKU ${req.params.sku}`, {
      field: 'sku',
      category: 'DATA',
    });
    return;
  }
  if (refused(context, res, seller, item.sku, 'sku')) return;
  item.lifecycleStatus = 'RETIRED';
  item.publishedStatus = 'UNPUBLISHED';
  context.changed(seller.sellerId);
  res.json({
    sku: item.sku,
    message:
      'Thank you.  Your item has been submitted for retirement from Walmart Catalog.  Please note that it can take up to 48 hours for items to be retired from our catalog.',
    additionalAttributes: null,
    errors: null,
  });
}

/** The item of the `sku` query parameter, or a 400/404 already sent. */
function skuFromQuery(req: Request, res: Response, seller: WalmartSandboxSeller): WalmartSandboxItem | undefined {
  const sku = req.query.sku;
  if (typeof sku !== 'string' || !sku) {
    send(res, 400, 'INVALID_REQUEST_PARAM.GMP_INVENTORY_API', 'Query parameter sku is required', { field: 'sku' });
    return undefined;
  }
  const item = seller.items[sku];
  if (!item)
    send(res, 404, 'CONTENT_NOT_FOUND.GMP_INVENTORY_API', `Item not found for SKU ${sku}`, {
      field: 'sku',
      category: 'DATA',
    });
  return item;
}

function getInventory(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'inventory.read')) return;
  const item = skuFromQuery(req, res, seller);
  if (item) res.json({ sku: item.sku, quantity: { unit: 'EACH', amount: item.quantity } });
}

/**
 * inventory.json getMultiNodeInventoryForAllSkuAndAllShipNodes: every SKU's inventory, `limit` (at most
 * 50, 10 by default) a page, `meta.nextCursor` for the next. The sandbox seller ships from one node of
 * its own; what it holds is both put in stock and available (orders have already taken theirs).
 */
function listInventories(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'inventory.read')) return;
  const paging = offsetPaging(req, res, {
    code: 'GMP_INVENTORY_API',
    defaultLimit: 10,
    maxLimit: 50,
    cursorKind: 'inventories',
  });
  if (!paging) return;
  const { start, limit } = paging;
  const page = seller.skus.slice(start, start + limit);
  const end = start + page.length;
  const each = (amount: number) => ({ unit: 'EACH', amount });
  res.json({
    meta: {
      totalCount: seller.skus.length,
      ...(end < seller.skus.length ? { nextCursor: cursorAt('inventories', end) } : {}),
    },
    elements: {
      inventories: page.map((sku) => {
        const { quantity } = seller.items[sku]!;
        return {
          sku,
          nodes: [
            {
              shipNode: seller.sellerId,
              inputQty: each(quantity),
              availToSellQty: each(quantity),
              reservedQty: each(0),
            },
          ],
        };
      }),
    },
  });
}

function updateInventory(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'inventory.update')) return;
  const body = req.body;
  const amount = body?.quantity?.amount;
  if (typeof body?.sku !== 'string' || body.sku !== req.query.sku) {
    send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_INVENTORY_API', 'Body sku must match the sku query parameter', {
      field: 'sku',
    });
    return;
  }
  if (body.quantity?.unit !== 'EACH' || !Number.isInteger(amount) || amount < 0) {
    send(
      res,
      400,
      'INVALID_REQUEST_CONTENT.GMP_INVENTORY_API',
      'quantity must be { unit: "EACH", amount } with a whole amount of 0 or more',
      { field: 'quantity.amount', category: 'DATA' },
    );
    return;
  }
  const item = skuFromQuery(req, res, seller);
  if (!item || refused(context, res, seller, item.sku, 'quantity.amount')) return;
  item.quantity = amount;
  context.changed(seller.sellerId);
  res.json({ sku: item.sku, quantity: { unit: 'EACH', amount: item.quantity } });
}

function updatePrice(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'price.update')) return;
  const body = req.body;
  const pricing = Array.isArray(body?.pricing) ? body.pricing : [];
  const base = pricing.find((p: { currentPriceType?: string }) => p?.currentPriceType === 'BASE');
  if (typeof body?.sku !== 'string' || !body.sku) {
    send(res, 400, 'INVALID_REQUEST_CONTENT.GMP_PRICE_API', 'sku is required', { field: 'sku' });
    return;
  }
  if (!base || !isMoneyAmount(base.currentPrice?.amount) || !['USD', 'CAD'].includes(base.currentPrice?.currency)) {
    send(
      res,
      400,
      'INVALID_REQUEST_CONTENT.GMP_PRICE_API',
      'pricing needs a BASE currentPrice with currency USD and an amount above 0 with at most 2 decimals',
      {
        field: 'pricing.currentPrice',
        category: 'DATA',
      },
    );
    return;
  }
  const item = seller.items[body.sku];
  if (!item) {
    send(res, 404, 'CONTENT_NOT_FOUND.GMP_PRICE_API', `Item not found for SKU ${body.sku}`, {
      field: 'sku',
      category: 'DATA',
    });
    return;
  }
  if (refused(context, res, seller, item.sku, 'pricing.currentPrice')) return;
  item.price = decimal(base.currentPrice.amount);
  item.currency = base.currentPrice.currency;
  context.changed(seller.sellerId);
  res.json({
    ItemPriceResponse: {
      mart: 'WALMART_US',
      message:
        'Thank you. Your price has been updated. Please allow up to five minutes for this change to be reflected on the site.',
      sku: item.sku,
    },
  });
}

/** The seller's edit in Seller Center: quantity, price and product name, as they are. */
export function editItem(state: WalmartSandboxState, sellerId: string, sku: string, edit: ItemEdit) {
  const item = state.sellers[sellerId]?.items[sku];
  if (!item) throw new SandboxControlError(404, 'No such seller or SKU');
  if (edit.quantity !== undefined) item.quantity = edit.quantity;
  if (edit.price !== undefined) item.price = edit.price;
  if (edit.title !== undefined) item.productName = edit.title;
}
