/**
 * Items fulfilled by Walmart (WFS): the control API stocks a seller's SKU in Walmart's fulfilment
 * centres with its own quantity; GET /v3/fulfillment/inventory (inventory.json getWFSInventory) reads it,
 * and a buyer's order of WFS items is Walmart's to ship (shipNode type WFSFulfilled, orders.ts), answered
 * by GET /v3/orders only to `shipNodeType=WFSFulfilled` (its default is SellerFulfilled).
 *
 * An inventory update for a WFS item (PUT /v3/inventory, an inventory feed) sets the seller's own ship
 * node, as Walmart's inventory API documents; the WFS quantity is Walmart's and nothing the seller sends
 * changes it.
 */
import type { Request, Response, Router } from 'express';
import { answerControl } from '../shared/control-answer.ts';
import { SandboxControlError } from '../shared/sandbox-kit.ts';
import { authorise } from './auth.ts';
import { send } from './errors.ts';
import { throttled } from './limits.ts';
import type { WalmartContext, WalmartSandboxItem } from './state.ts';

/** getWFSInventory's limit: "Cannot be larger than 300" (default 10). */
const MAX_LIMIT = 300;

export function wfsRoutes(router: Router, context: WalmartContext) {
  router.get('/v3/fulfillment/inventory', (req, res) => getWfsInventory(context, req, res));
}

function wfsInventoryJson(item: WalmartSandboxItem) {
  const wfs = item.wfs!;
  return {
    sku: item.sku,
    shipNodes: [
      {
        modifiedDate: new Date(wfs.modifiedDate).toISOString(),
        availToSellQty: wfs.availToSell,
        onHandQty: wfs.availToSell,
        shipNodeType: 'WFSFulfilled',
      },
    ],
  };
}

function getWfsInventory(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller || throttled(context, res, seller.sellerId, 'inventory.read')) return;
  const whole = (name: string, fallback: number) => {
    const value = req.query[name];
    return value === undefined ? fallback : /^\d+$/.test(String(value)) ? Number(value) : NaN;
  };
  const limit = whole('limit', 10);
  const offset = whole('offset', 0);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    return send(
      res,
      400,
      'INVALID_REQUEST_PARAM.GMP_INVENTORY_API',
      `limit must be a whole number from 1 to ${MAX_LIMIT}`,
      {
        field: 'limit',
      },
    );
  if (!Number.isInteger(offset))
    return send(res, 400, 'INVALID_REQUEST_PARAM.GMP_INVENTORY_API', 'offset must be a whole number', {
      field: 'offset',
    });
  const from = req.query.fromModifiedDate === undefined ? undefined : Date.parse(String(req.query.fromModifiedDate));
  const to = req.query.toModifiedDate === undefined ? undefined : Date.parse(String(req.query.toModifiedDate));
  if (Number.isNaN(from) || Number.isNaN(to))
    return send(
      res,
      400,
      'INVALID_REQUEST_PARAM.GMP_INVENTORY_API',
      'Dates must be ISO 8601, e.g. 2024-03-16T10:30:15Z',
      {
        field: Number.isNaN(from) ? 'fromModifiedDate' : 'toModifiedDate',
      },
    );
  const sku = typeof req.query.sku === 'string' ? req.query.sku : undefined;
  const matching = seller.skus
    .map((s) => seller.items[s]!)
    .filter((item) => item.wfs)
    .filter((item) => sku === undefined || item.sku === sku)
    .filter((item) => from === undefined || item.wfs!.modifiedDate >= from)
    .filter((item) => to === undefined || item.wfs!.modifiedDate <= to);
  res.json({
    headers: { totalCount: matching.length, limit, offset },
    payload: { inventory: matching.slice(offset, offset + limit).map(wfsInventoryJson) },
  });
}

/** Walmart's stock of a WFS item moves (a sale, a restock, the control API). */
export function setWfsQuantity(item: WalmartSandboxItem, availToSell: number) {
  item.wfs = { availToSell, modifiedDate: Date.now() };
}

/** The control API's WFS item: `{ quantity }`, the units Walmart holds for the SKU. */
export function wfsControlRoutes(router: Router, context: WalmartContext) {
  router.put('/sellers/:sellerId/items/:sku/wfs', (req, res) => {
    const quantity = (req.body as { quantity?: unknown } | undefined)?.quantity;
    if (!Number.isInteger(quantity) || (quantity as number) < 0 || (quantity as number) > 1_000_000)
      return void res.status(400).json({ message: 'quantity must be a whole number from 0 to 1000000' });
    const { sellerId, sku } = req.params as { sellerId: string; sku: string };
    answerControl(
      res,
      200,
      () => context.changed(sellerId),
      () => {
        const item = context.state().sellers[sellerId]?.items[sku];
        if (!item) throw new SandboxControlError(404, 'No such seller or SKU');
        setWfsQuantity(item, quantity as number);
        return wfsInventoryJson(item);
      },
    );
  });
}
