/**
 * Offers fulfilled by Amazon (FBA): the control API marks a seller's SKU as stocked in Amazon's
 * fulfilment network with its own quantity and places buyers' orders Amazon fulfils (AFN); the FBA
 * Inventory API v1 (fbaInventory.json getInventorySummaries) reads that stock, and
 * FBA_INVENTORY_AVAILABILITY_CHANGES (FBAInventoryAvailabilityChangeNotification.json) tells a change.
 *
 * A quantity the seller writes to an FBA offer (fulfillment_availability with DEFAULT, by PATCH, PUT or
 * feed) is accepted and has no effect on it: Amazon's models document no refusal, and the offer's
 * quantity is Amazon's own (listings.ts keeps the offer's AMAZON_NA entry).
 */
import type { Request, Response, Router } from 'express';
import { answerControl } from '../shared/control-answer.ts';
import { SandboxControlError } from '../shared/sandbox-kit.ts';
import { authenticate } from './auth.ts';
import { errorList, send } from './errors.ts';
import { rateOf, throttled } from './limits.ts';
import { notify } from './notifications.ts';
import {
  AMAZON_SANDBOX_MARKETPLACE_ID,
  UPPER_ALNUM,
  decodeToken,
  encodeToken,
  isObject,
  listParam,
  nowIso,
  randomChars,
  type AmazonContext,
  type AmazonSandboxState,
  type ItemRecord,
  type SellerRecord,
} from './state.ts';

/** The fulfilment channel code of Amazon's North American network, as fulfillment_availability names it. */
export const AMAZON_FULFILLMENT_CHANNEL = 'AMAZON_NA';
/** Summaries a page of getInventorySummaries holds (Amazon publishes none; the sellerSkus limit). */
const SUMMARIES_PAGE_SIZE = 50;

export function fbaRoutes(router: Router, context: AmazonContext) {
  router.get('/fba/inventory/v1/summaries', (req, res) => getInventorySummaries(context, req, res));
}

/** The item's fulfillment_availability as Amazon keeps it for an FBA offer: its channel, no seller quantity. */
export const fbaAvailability = () => [{ fulfillment_channel_code: AMAZON_FULFILLMENT_CHANNEL }];

function summaryJson(item: ItemRecord, details: boolean) {
  const fba = item.fba!;
  const name = item.attributes.item_name?.[0]?.value;
  return {
    asin: item.asin,
    fnSku: fba.fnSku,
    sellerSku: item.sku,
    condition: 'NewItem',
    ...(details
      ? {
          inventoryDetails: {
            fulfillableQuantity: fba.fulfillable,
            inboundWorkingQuantity: 0,
            inboundShippedQuantity: 0,
            inboundReceivingQuantity: 0,
            reservedQuantity: { totalReservedQuantity: 0, pendingCustomerOrderQuantity: 0 },
            unfulfillableQuantity: { totalUnfulfillableQuantity: 0 },
          },
        }
      : {}),
    lastUpdatedTime: fba.lastUpdatedTime,
    ...(typeof name === 'string' ? { productName: name } : {}),
    totalQuantity: fba.fulfillable,
  };
}

function getInventorySummaries(context: AmazonContext, req: Request, res: Response) {
  const caller = authenticate(context.state(), req, res, 'seller');
  if (!caller || throttled(context, res, caller.seller!.sellerId, 'getInventorySummaries')) return;
  const seller = caller.seller!;
  const invalid = (message: string) => send(res, 400, errorList('InvalidInput', message));
  if (req.query.granularityType !== 'Marketplace') return invalid("granularityType must be 'Marketplace'.");
  if (typeof req.query.granularityId !== 'string' || !req.query.granularityId)
    return invalid("Missing required parameter 'granularityId'.");
  const marketplaceIds = listParam(req.query.marketplaceIds);
  if (marketplaceIds.length !== 1) return invalid("'marketplaceIds' must name one marketplace.");
  const details = req.query.details === 'true';
  let since: string | undefined;
  if (req.query.startDateTime !== undefined) {
    const parsed = Date.parse(String(req.query.startDateTime));
    if (!Number.isFinite(parsed)) return invalid("'startDateTime' is not an ISO 8601 date and time.");
    since = new Date(parsed).toISOString();
  }
  const skus = listParam(req.query.sellerSkus);
  if (skus.length > 50) return invalid("At most 50 'sellerSkus' can be given.");
  const one = typeof req.query.sellerSku === 'string' ? req.query.sellerSku : undefined;
  // startDateTime wins over sellerSkus, which wins over sellerSku (the operation's description).
  const matching = Object.values(seller.items)
    .filter((item) => item.fba)
    .filter((item) =>
      since !== undefined
        ? item.fba!.lastUpdatedTime > since
        : skus.length > 0
          ? skus.includes(item.sku)
          : one === undefined || item.sku === one,
    )
    .sort((a, b) => a.sku.localeCompare(b.sku));
  let offset = 0;
  if (req.query.nextToken !== undefined) {
    const decoded = decodeToken<{ offset: number }>(String(req.query.nextToken));
    if (!decoded || !Number.isInteger(decoded.offset) || decoded.offset < 0) return invalid("'nextToken' is invalid.");
    offset = decoded.offset;
  }
  const page = matching.slice(offset, offset + SUMMARIES_PAGE_SIZE);
  const more = offset + SUMMARIES_PAGE_SIZE < matching.length;
  send(
    res,
    200,
    {
      payload: {
        granularity: { granularityType: 'Marketplace', granularityId: String(req.query.granularityId) },
        inventorySummaries: page.map((item) => summaryJson(item, details)),
      },
      ...(more ? { pagination: { nextToken: encodeToken({ offset: offset + SUMMARIES_PAGE_SIZE }) } } : {}),
    },
    rateOf(context, 'getInventorySummaries', res),
  );
}

/** FBA_INVENTORY_AVAILABILITY_CHANGES for the item's FBA stock now. */
export function notifyFbaInventory(
  state: AmazonSandboxState,
  context: AmazonContext,
  seller: SellerRecord,
  item: ItemRecord,
) {
  if (!item.fba) return;
  const name = item.attributes.item_name?.[0]?.value;
  notify(state, context, seller, 'FBA_INVENTORY_AVAILABILITY_CHANGES', {
    SellerId: seller.sellerId,
    FNSKU: item.fba.fnSku,
    ASIN: item.asin,
    SKU: item.sku,
    FulfillmentInventoryByMarketplace: [
      {
        MarketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
        ItemName: typeof name === 'string' ? name : item.sku,
        FulfillmentInventory: {
          InboundQuantityBreakdown: { Working: 0, Shipped: 0, Receiving: 0 },
          Fulfillable: item.fba.fulfillable,
          Unfulfillable: 0,
          Researching: 0,
          ReservedQuantityBreakdown: { WarehouseProcessing: 0, WarehouseTransfer: 0, PendingCustomerOrder: 0 },
          FutureSupplyBuyable: 0,
          PendingCustomerOrderInTransit: 0,
        },
      },
    ],
  });
}

/** Amazon's stock of an FBA item moves (a sale, a restock): its summary changes and subscribers are told. */
export function setFbaQuantity(
  state: AmazonSandboxState,
  context: AmazonContext,
  seller: SellerRecord,
  item: ItemRecord,
  fulfillable: number,
) {
  const now = nowIso();
  // Marked for Amazon to fulfil again, where the seller had taken it back.
  item.fba = {
    fnSku: item.fba?.fnSku ?? `X00${randomChars(UPPER_ALNUM, 7)}`,
    fulfillable,
    lastUpdatedTime: now,
  };
  item.attributes.fulfillment_availability = fbaAvailability();
  item.lastUpdatedDate = now;
  notifyFbaInventory(state, context, seller, item);
}

/** The control API's FBA offer: `{ quantity }`, a whole number of units Amazon holds for the SKU. */
/** The seller and SKU a control call names, or the control API's 404. */
function controlledItem(context: AmazonContext, sellerId: string, sku: string) {
  const state = context.state();
  const seller = state.sellers[sellerId];
  const item = seller?.items[sku];
  if (!seller || !item) throw new SandboxControlError(404, 'No such seller or SKU');
  return { state, seller, item };
}

export function fbaControlRoutes(router: Router, context: AmazonContext) {
  router.put('/sellers/:sellerId/items/:sku/fba', (req, res) => {
    const quantity = isObject(req.body) ? req.body.quantity : undefined;
    if (!Number.isInteger(quantity) || (quantity as number) < 0 || (quantity as number) > 1_000_000)
      return void res.status(400).json({ message: 'quantity must be a whole number from 0 to 1000000' });
    const { sellerId, sku } = req.params as { sellerId: string; sku: string };
    answerControl(
      res,
      200,
      () => context.changed(sellerId),
      () => {
        const { state, seller, item } = controlledItem(context, sellerId, sku);
        setFbaQuantity(state, context, seller, item, quantity as number);
        return summaryJson(item, true);
      },
    );
  });
  // The seller converts the offer back to fulfilling it themselves (Seller Central's "Change to Fulfilled by
  // Merchant"): its channel is DEFAULT again with none of the seller's units until they set some, and Amazon's
  // inventory record stays, at 0 units once its stock is removed, in getInventorySummaries.
  router.delete('/sellers/:sellerId/items/:sku/fba', (req, res) => {
    const { sellerId, sku } = req.params as { sellerId: string; sku: string };
    answerControl(
      res,
      200,
      () => context.changed(sellerId),
      () => {
        const { state, seller, item } = controlledItem(context, sellerId, sku);
        if (!item.fba) throw new SandboxControlError(409, `SKU ${sku} is not fulfilled by Amazon`);
        const now = nowIso();
        item.fba = { ...item.fba, fulfillable: 0, lastUpdatedTime: now, sellerFulfilledSince: now };
        item.attributes.fulfillment_availability = [{ fulfillment_channel_code: 'DEFAULT', quantity: 0 }];
        item.lastUpdatedDate = now;
        notifyFbaInventory(state, context, seller, item);
        return summaryJson(item, true);
      },
    );
  });
}
