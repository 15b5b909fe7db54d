/**
 * A seller's inventory items (sell_inventory_v1: list, get, create or replace, bulk get) and
 * bulk_update_price_quantity (200, or 207 with per-item errors), the listing's price and quantity; and
 * the seller's own edit in Seller Hub (the control API).
 */
import type { Request, Response, Router } from 'express';
import { SandboxControlError, type ItemEdit } from '../shared/sandbox-kit.ts';
import { authorize, ebayScopes } from './auth.ts';
import { DOMAIN_INVENTORY, error, fail, refusedError, type EbayErrorDetail } from './errors.ts';
import { countRevision, pacificDay, revisionLimitError } from './limits.ts';
import type { EbayContext, EbayState, SandboxItem, SandboxSeller } from './state.ts';

export const INVENTORY = '/sell/inventory/v1';

export const isQuantity = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1_000_000;

export function listingRoutes(router: Router, context: EbayContext) {
  router.get(`${INVENTORY}/inventory_item`, (req, res) => getInventoryItems(context, req, res));
  router.get(`${INVENTORY}/inventory_item/:sku`, (req, res) => getInventoryItem(context, req, res));
  router.put(`${INVENTORY}/inventory_item/:sku`, (req, res) => createOrReplaceInventoryItem(context, req, res));
  router.post(`${INVENTORY}/bulk_get_inventory_item`, (req, res) => bulkGetInventoryItem(context, req, res));
  router.post(`${INVENTORY}/bulk_update_price_quantity`, (req, res) => bulkUpdatePriceQuantity(context, req, res));
}

/** The seller of an Inventory API call (its token's), or an answered 401/403/429. */
export function withSeller(context: EbayContext, req: Request, res: Response): SandboxSeller | undefined {
  const grant = authorize(req, res, context, 'inventory', ebayScopes.inventory, 'user');
  return grant ? context.state().sellers[grant.sellerId!]! : undefined;
}

function inventoryItemBody(item: SandboxItem) {
  return {
    sku: item.sku,
    locale: item.locale,
    condition: item.condition,
    product: item.product,
    availability: { shipToLocationAvailability: { quantity: item.quantity } },
  };
}

function getInventoryItems(context: EbayContext, req: Request, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const limit = req.query.limit === undefined ? 25 : Number(req.query.limit);
  const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200 || !Number.isInteger(offset) || offset < 0) {
    fail(
      res,
      400,
      error(
        25706,
        DOMAIN_INVENTORY,
        'You have provided invalid pagination values. limit must be 1 to 200 and offset 0 or more.',
      ),
    );
    return;
  }
  // The definition describes offset as the page number ("the first page of records has a value of 0").
  const all = Object.values(seller.items);
  const page = all.slice(offset * limit, offset * limit + limit);
  const link = (o: number) => `${context.baseUrl}${INVENTORY}/inventory_item?limit=${limit}&offset=${o}`;
  res.json({
    href: link(offset),
    limit,
    size: page.length,
    total: all.length,
    ...((offset + 1) * limit < all.length ? { next: link(offset + 1) } : {}),
    ...(offset > 0 ? { prev: link(offset - 1) } : {}),
    inventoryItems: page.map(inventoryItemBody),
  });
}

function getInventoryItem(context: EbayContext, req: Request<{ sku: string }>, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const item = seller.items[req.params.sku!];
  if (!item) {
    fail(
      res,
      404,
      error(
        25710,
        DOMAIN_INVENTORY,
        "We didn't find the resource/entity you are requesting. Please verify the request",
      ),
    );
    return;
  }
  res.json(inventoryItemBody(item));
}

/** A createOrReplaceInventoryItem body, as received (unchecked). */
type InventoryItemInput =
  | {
      availability?: { shipToLocationAvailability?: { quantity?: unknown } };
      product?: Record<string, unknown>;
      condition?: unknown;
    }
  | undefined;

/** What eBay refuses in createOrReplaceInventoryItem (Content-Language, quantity, title, the rejectSkus fault). */
function inventoryItemProblems(
  context: EbayContext,
  req: Request<{ sku: string }>,
  seller: SandboxSeller,
  body: InventoryItemInput,
) {
  const problems: EbayErrorDetail[] = [];
  if (!req.get('content-language'))
    problems.push(
      error(25709, DOMAIN_INVENTORY, 'Invalid value for header Content-Language.', {
        parameters: [{ name: 'fieldName', value: 'Content-Language' }],
      }),
    );
  if (!body || typeof body !== 'object')
    problems.push(error(25709, DOMAIN_INVENTORY, 'Invalid value for body. A JSON inventory item is required.'));
  const quantity = body?.availability?.shipToLocationAvailability?.quantity;
  if (quantity !== undefined && !isQuantity(quantity))
    problems.push(error(25709, DOMAIN_INVENTORY, 'Invalid value for shipToLocationAvailability.quantity.'));
  const product = body?.product;
  if (
    product !== undefined &&
    (typeof product !== 'object' || typeof product.title !== 'string' || product.title.length > 80)
  ) {
    problems.push(
      error(25709, DOMAIN_INVENTORY, 'Invalid value for product.title. It is required, at most 80 characters.'),
    );
  }
  if (context.refusesSku(seller.sellerId, req.params.sku!)) problems.push(refusedError(req.params.sku!));
  return problems;
}

function createOrReplaceInventoryItem(context: EbayContext, req: Request<{ sku: string }>, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const sku = req.params.sku!;
  const body = req.body as InventoryItemInput;
  const problems = inventoryItemProblems(context, req, seller, body);
  if (problems.length) {
    fail(res, 400, ...problems);
    return;
  }
  const existing = seller.items[sku];
  const now = Date.now();
  if (existing && !countRevision(seller, existing, context, now)) {
    fail(res, 400, revisionLimitError());
    return;
  }
  const next: SandboxItem = existing ?? {
    sku,
    locale: req.get('content-language')!.replace('-', '_'),
    condition: 'NEW',
    product: { title: '', description: '', brand: '', imageUrls: [], ean: [], aspects: {} },
    quantity: 0,
    offerId: String(5_000_000_000 + Math.floor(Math.random() * 4_000_000_000)),
    listingId: String(110_000_000_000 + Math.floor(Math.random() * 9_000_000_000)),
    offerStatus: 'UNPUBLISHED',
    offerCreated: false,
    price: { value: '0.99', currency: 'USD' },
    soldQuantity: 0,
    revisions: { day: pacificDay(now), count: 0 },
  };
  // A full replacement: what the body leaves out is cleared.
  const quantity = body?.availability?.shipToLocationAvailability?.quantity;
  next.quantity = typeof quantity === 'number' ? quantity : 0;
  next.condition = typeof body!.condition === 'string' ? body!.condition : 'NEW';
  const product = body?.product;
  if (product) {
    next.product = {
      title: product.title as string,
      description: typeof product.description === 'string' ? product.description : '',
      brand: typeof product.brand === 'string' ? product.brand : '',
      imageUrls: Array.isArray(product.imageUrls)
        ? product.imageUrls.filter((u): u is string => typeof u === 'string')
        : [],
      ean: Array.isArray(product.ean) ? product.ean.filter((u): u is string => typeof u === 'string') : [],
      aspects:
        product.aspects && typeof product.aspects === 'object' ? (product.aspects as Record<string, string[]>) : {},
    };
  }
  seller.items[sku] = next;
  context.changed(seller.sellerId);
  res.status(existing ? 204 : 201).end();
}

function bulkGetInventoryItem(context: EbayContext, req: Request, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const requests = (req.body as { requests?: unknown })?.requests;
  if (
    !Array.isArray(requests) ||
    requests.length === 0 ||
    !requests.every((r) => typeof r?.sku === 'string' && r.sku)
  ) {
    fail(
      res,
      400,
      error(25708, DOMAIN_INVENTORY, 'Invalid SKU.', { longMessage: 'requests must be a list of { sku }.' }),
    );
    return;
  }
  if (requests.length > 25) {
    fail(res, 400, error(25727, DOMAIN_INVENTORY, 'The number of InventoryItems in the request cannot exceed 25.'));
    return;
  }
  if (new Set(requests.map((r) => r.sku)).size !== requests.length) {
    fail(res, 400, error(25734, DOMAIN_INVENTORY, 'SKU should be unique in the request.'));
    return;
  }
  const responses = requests.map(({ sku }: { sku: string }) => {
    const item = seller.items[sku];
    return item
      ? { sku, statusCode: 200, inventoryItem: inventoryItemBody(item) }
      : {
          sku,
          statusCode: 404,
          errors: [
            error(25702, DOMAIN_INVENTORY, `SKU ${sku} is not available in the system`, {
              parameters: [{ name: 'sku', value: sku }],
            }),
          ],
        };
  });
  res.status(responses.every((r) => r.statusCode === 200) ? 200 : 207).json({ responses });
}

function bulkUpdatePriceQuantity(context: EbayContext, req: Request, res: Response) {
  const seller = withSeller(context, req, res);
  if (!seller) return;
  const requests = (req.body as { requests?: unknown })?.requests;
  const max = Math.min(25, context.state().settings.maxSkusPerCall);
  if (
    !Array.isArray(requests) ||
    requests.length === 0 ||
    !requests.every((r) => r && typeof r === 'object' && typeof r.sku === 'string')
  ) {
    fail(
      res,
      400,
      error(25709, DOMAIN_INVENTORY, 'Invalid value for requests. Each request needs a sku.', {
        parameters: [{ name: 'fieldName', value: 'requests' }],
      }),
    );
    return;
  }
  if (new Set(requests.map((r) => r.sku)).size > max || requests.length > 25) {
    fail(
      res,
      400,
      error(25709, DOMAIN_INVENTORY, `Invalid value for requests. At most ${max} SKUs per call.`, {
        parameters: [{ name: 'fieldName', value: 'requests' }],
      }),
    );
    return;
  }
  const now = Date.now();
  const responses = requests.flatMap((request: PriceQuantityRequest) =>
    updatePriceQuantity(seller, request, context, now),
  );
  context.changed(seller.sellerId);
  res.status(responses.every((r) => r.statusCode === 200) ? 200 : 207).json({ responses });
}

interface PriceQuantityRequest {
  sku: string;
  shipToLocationAvailability?: { quantity?: unknown };
  offers?: Array<{ offerId?: unknown; availableQuantity?: unknown; price?: { value?: unknown; currency?: unknown } }>;
}

/** One request of bulk_update_price_quantity: all of it applies, or none (with eBay's errors). */
function updatePriceQuantity(seller: SandboxSeller, request: PriceQuantityRequest, context: EbayContext, now: number) {
  const { sku } = request;
  const item = seller.items[sku];
  const offers = Array.isArray(request.offers) ? request.offers : [];
  const answer = (statusCode: number, errors?: EbayErrorDetail[]) =>
    offers.length > 0
      ? offers.map((o) => ({
          ...(typeof o?.offerId === 'string' ? { offerId: o.offerId } : {}),
          sku,
          statusCode,
          ...(errors ? { errors } : {}),
        }))
      : [{ sku, statusCode, ...(errors ? { errors } : {}) }];
  if (!item)
    return answer(404, [
      error(25002, DOMAIN_INVENTORY, `Any User error. ${sku} could not be found or is not available in the system.`, {
        parameters: [{ name: 'sku', value: sku }],
      }),
    ]);
  if (context.refusesSku(seller.sellerId, sku)) return answer(400, [refusedError(sku)]);
  const problems = priceQuantityProblems(item, request, offers);
  if (problems.length) return answer(400, problems);
  if (!countRevision(seller, item, context, now)) return answer(400, [revisionLimitError()]);
  const shipTo = request.shipToLocationAvailability?.quantity;
  if (typeof shipTo === 'number') item.quantity = shipTo;
  for (const offer of offers) {
    if (typeof offer.availableQuantity === 'number') item.quantity = offer.availableQuantity;
    if (offer.price) item.price = { value: Number(offer.price.value).toFixed(2), currency: item.price.currency };
  }
  return answer(200);
}

/** What eBay refuses in one request of bulk_update_price_quantity: quantities, offer ids and prices. */
function priceQuantityProblems(
  item: SandboxItem,
  request: PriceQuantityRequest,
  offers: NonNullable<PriceQuantityRequest['offers']>,
): EbayErrorDetail[] {
  const problems: EbayErrorDetail[] = [];
  const field = (name: string, text: string) =>
    problems.push(error(25709, DOMAIN_INVENTORY, text, { parameters: [{ name: 'fieldName', value: name }] }));
  const shipTo = request.shipToLocationAvailability?.quantity;
  if (request.shipToLocationAvailability !== undefined && !isQuantity(shipTo))
    field('quantity', 'Invalid value for shipToLocationAvailability.quantity.');
  if (request.shipToLocationAvailability === undefined && offers.length === 0)
    problems.push(
      error(25709, DOMAIN_INVENTORY, 'Invalid value for request. Give shipToLocationAvailability or offers.'),
    );
  for (const offer of offers) {
    if (offer?.offerId !== item.offerId)
      field('offerId', `Invalid value for offerId. Offer ${String(offer?.offerId)} is not an offer of ${request.sku}.`);
    if (offer?.availableQuantity !== undefined && !isQuantity(offer.availableQuantity))
      field('availableQuantity', 'Invalid value for availableQuantity.');
    const price = offer?.price;
    if (price === undefined) continue;
    if (
      typeof price?.value !== 'string' ||
      !/^\d+(\.\d{1,2})?$/.test(price.value) ||
      price.currency !== item.price.currency
    ) {
      field('price', `Invalid value for price. Send { value: "12.34", currency: "${item.price.currency}" }.`);
    } else if (Number(price.value) < 0.99) {
      field(
        'price',
        `Invalid value for price. The price of a fixed-price listing must be at least 0.99 ${item.price.currency}.`,
      );
    }
  }
  return problems;
}

/** The seller's edit in Seller Hub: a revision of the listing, counted as one made through the API. */
export function editItem(state: EbayState, sellerId: string, sku: string, edit: ItemEdit, context: EbayContext) {
  const seller = state.sellers[sellerId];
  const item = seller?.items[sku];
  if (!seller || !item) throw new SandboxControlError(404, 'No such seller or SKU');
  if (edit.title !== undefined && edit.title.length > 80)
    throw new SandboxControlError(400, 'eBay titles are at most 80 characters');
  // A revision made in Seller Hub counts toward the listing's revisions of the day, as one made through the API.
  if (!countRevision(seller, item, context, Date.now()))
    throw new SandboxControlError(409, revisionLimitError().message);
  if (edit.quantity !== undefined) item.quantity = edit.quantity;
  if (edit.price !== undefined) item.price = { value: edit.price, currency: item.price.currency };
  if (edit.title !== undefined) item.product.title = edit.title;
}
