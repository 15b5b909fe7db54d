import type { components } from '@contract';
import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  accountChannels,
  editableProducts,
  productIdsMatching,
  productListingsOn,
  type AccountChannel,
  type EditableProduct,
} from '../../db/queries/listing-edits.ts';
import type { ChangeBatchRecord } from '../../db/queries/listing-edits.ts';
import type { ChannelKind, ListingStatus } from '../../db/schema/index.ts';
import type { AuditContext } from '../audit/audit-log.ts';
import { applyEdits, type ProductEdit } from './edit-batches.ts';
import { channelName, formatPrice, isPriceText } from './values.ts';
import { componentsOfProducts } from '../../db/queries/bundles.ts';
import { attributesProblem, ATTRIBUTES_PER_PRODUCT, editedAttributes, sameAttributes } from './seller-attributes.ts';
import { editedTags, normaliseTags, sameTags, tagsProblem, TAGS_PER_PRODUCT } from './tags.ts';

type BulkEditRequest = components['schemas']['BulkEditRequest'];
type ListingSelection = components['schemas']['ListingSelection'];

/** Preview and run show at most this many SKUs. */
export const PREVIEW_LIMIT = 200;

/** Listing statuses a seller may switch between active and inactive (not one the marketplace is still deciding). */
const SWITCHABLE: ListingStatus[] = ['active', 'inactive', 'error', 'suppressed'];

export interface PlannedProductEdit extends ProductEdit {
  current: EditableProduct;
  statusChanges: Array<{
    channelId: string;
    channelKind: ChannelKind;
    listingId: string;
    before: ListingStatus;
    after: ListingStatus;
  }>;
  error: string | null;
}

/** The account's product ids a selection names: another account's ids are left out. */
export async function selectedProductIds(db: Db, accountId: string, selection: ListingSelection): Promise<string[]> {
  if ('productIds' in selection) return [...new Set(selection.productIds)];
  return productIdsMatching(db, accountId, selection.filter);
}

/** Refuses an edit that cannot apply to any SKU (values out of range), before reading anything. */
function checkRequest(request: BulkEditRequest): void {
  const { price, quantity, status, title, channelPrices, channelQuantityCaps, cost, tags, attributes } = request;
  const tagsEdited = !!(tags?.add?.length || tags?.remove?.length || tags?.set);
  if (
    !price &&
    !quantity &&
    !status &&
    !title &&
    !cost &&
    !tagsEdited &&
    !attributes &&
    !channelPrices?.length &&
    !channelQuantityCaps?.length
  )
    throw new AppError(400, 'Choose a price, a quantity, a status, a cost, tags or attributes to change.');
  if (cost && cost.value !== null && !isPriceText(cost.value.toString()))
    throw new AppError(400, 'A cost has at most two decimals.');
  if (tags) {
    if (tags.set && (tags.add?.length || tags.remove?.length))
      throw new AppError(400, 'Either set the tags, or add and remove some: not both.');
    if (tags.set && (!('productIds' in request.selection) || new Set(request.selection.productIds).size !== 1))
      throw new AppError(400, 'Tags are set on one SKU at a time, from its details; add or remove a tag on many.');
    const problem = tagsProblem([...(tags.set ?? []), ...(tags.add ?? []), ...(tags.remove ?? [])]);
    if (problem) throw new AppError(400, problem);
  }
  if (attributes) {
    if (!('productIds' in request.selection) || new Set(request.selection.productIds).size !== 1)
      throw new AppError(400, 'Attributes are set on one SKU at a time, from its details.');
    const problem = attributesProblem(attributes.set);
    if (problem) throw new AppError(400, problem);
  }
  if (title || channelPrices?.length || channelQuantityCaps?.length) {
    if (!('productIds' in request.selection) || new Set(request.selection.productIds).size !== 1)
      throw new AppError(
        400,
        'A title, a channel’s own price or the most units a channel offers is set on one SKU at a time, from its details.',
      );
    if (title && title.value.trim() === '') throw new AppError(400, 'A title cannot be empty.');
    const ids = (channelPrices ?? []).map((c) => c.channelId);
    if (new Set(ids).size !== ids.length) throw new AppError(400, 'Each channel takes one price.');
    for (const c of channelPrices ?? [])
      if (c.price !== null && !isPriceText(c.price.toString()))
        throw new AppError(400, 'Prices have at most two decimals.');
    const capIds = (channelQuantityCaps ?? []).map((c) => c.channelId);
    if (new Set(capIds).size !== capIds.length) throw new AppError(400, 'Each channel takes one most-units limit.');
    for (const c of channelQuantityCaps ?? [])
      if (c.cap !== null && !(Number.isInteger(c.cap) && c.cap >= 0))
        throw new AppError(400, 'The most units a channel may offer is a whole number, 0 or more.');
  }
  if (price) {
    if (price.mode !== 'percent' && !isPriceText(Math.abs(price.value).toString()))
      throw new AppError(400, 'Prices have at most two decimals.');
    if (price.mode === 'set' && price.value <= 0) throw new AppError(400, 'A price must be more than 0.');
    if (price.mode === 'percent' && price.value <= -100)
      throw new AppError(400, 'A price cannot go down by 100% or more.');
    if (price.mode !== 'set' && price.value === 0) throw new AppError(400, 'A change of 0 changes nothing.');
  }
  if (quantity) {
    if (quantity.mode === 'set' && quantity.value < 0) throw new AppError(400, 'A quantity cannot be below 0.');
    if (quantity.mode === 'amount' && quantity.value === 0) throw new AppError(400, 'A change of 0 changes nothing.');
  }
}

function newPrice(
  edit: NonNullable<BulkEditRequest['price']>,
  before: string | null,
): { after: string } | { error: string } {
  if (edit.mode === 'set') return { after: formatPrice(edit.value) };
  if (before === null) return { error: 'This SKU has no price to change.' };
  const cents = Math.round(Number(before) * 100);
  const after =
    edit.mode === 'percent' ? Math.round((cents * (100 + edit.value)) / 100) : cents + Math.round(edit.value * 100);
  if (after <= 0) return { error: `The price would be ${formatPrice(after / 100)}: it must stay above 0.` };
  return { after: formatPrice(after / 100) };
}

/** Each selected product's new values, or why the edit cannot apply to it; unchanged products are left out. */
async function planEdits(
  db: Db,
  accountId: string,
  request: BulkEditRequest,
  options: { lock?: boolean } = {},
): Promise<PlannedProductEdit[]> {
  checkRequest(request);
  let channels: AccountChannel[] = [];
  let priceChannels: AccountChannel[] = [];
  if (request.channelPrices?.length) {
    priceChannels = await accountChannels(
      db,
      accountId,
      request.channelPrices.map((c) => c.channelId),
    );
    if (priceChannels.length !== request.channelPrices.length)
      throw new AppError(400, 'One of the chosen channels is not connected to this account.');
    if (priceChannels.some((c) => c.role === 'main'))
      throw new AppError(400, 'The main channel’s price is the SKU’s price: change the price itself.');
  }
  let capChannels: AccountChannel[] = [];
  if (request.channelQuantityCaps?.length) {
    capChannels = await accountChannels(
      db,
      accountId,
      request.channelQuantityCaps.map((c) => c.channelId),
    );
    if (capChannels.length !== request.channelQuantityCaps.length)
      throw new AppError(400, 'One of the chosen channels is not connected to this account.');
    if (capChannels.some((c) => c.role === 'main'))
      throw new AppError(
        400,
        'The main channel holds your stock: limit what the other channels offer, or change the quantity itself.',
      );
  }
  if (request.status) {
    channels = await accountChannels(db, accountId, [...new Set(request.status.channelIds)]);
    // Another account's channel (or one disconnected) is the request's mistake: a 400, as the contract declares.
    if (channels.length !== new Set(request.status.channelIds).size)
      throw new AppError(400, 'One of the chosen channels is not connected to this account.');
    if (channels.some((c) => c.role === 'main'))
      throw new AppError(400, 'A status can only be set on target channels: the main channel is the source of truth.');
  }
  const ids = await selectedProductIds(db, accountId, request.selection);
  const products = await editableProducts(db, accountId, ids, options);
  const listingsOf = new Map<string, Awaited<ReturnType<typeof productListingsOn>>>();
  if (request.status) {
    for (const listing of await productListingsOn(
      db,
      accountId,
      products.map((p) => p.id),
      channels.map((c) => c.id),
    )) {
      listingsOf.set(listing.productId, [...(listingsOf.get(listing.productId) ?? []), listing]);
    }
  }
  const priceListingsOf = new Map<string, Awaited<ReturnType<typeof productListingsOn>>>();
  for (const listing of await productListingsOn(
    db,
    accountId,
    request.channelPrices?.length ? products.map((p) => p.id) : [],
    priceChannels.map((c) => c.id),
  )) {
    priceListingsOf.set(listing.productId, [...(priceListingsOf.get(listing.productId) ?? []), listing]);
  }
  const capListingsOf = new Map<string, Awaited<ReturnType<typeof productListingsOn>>>();
  for (const listing of await productListingsOn(
    db,
    accountId,
    request.channelQuantityCaps?.length ? products.map((p) => p.id) : [],
    capChannels.map((c) => c.id),
  )) {
    capListingsOf.set(listing.productId, [...(capListingsOf.get(listing.productId) ?? []), listing]);
  }
  const kindOf = new Map([...channels, ...priceChannels, ...capChannels].map((c) => [c.id, c.kind]));
  // A bundle holds no stock of its own (its components' figure): its on hand is not edited.
  const productIds = products.map((p) => p.id);
  const bundles = new Set(request.quantity ? (await componentsOfProducts(db, accountId, productIds)).keys() : []);
  const planned: PlannedProductEdit[] = [];
  for (const product of products) {
    const edit: PlannedProductEdit = {
      productId: product.id,
      sku: product.sku,
      current: product,
      statusChanges: [],
      error: null,
    };
    if (request.price) {
      const price = newPrice(request.price, product.price);
      if ('error' in price) edit.error = price.error;
      else if (product.price === null || Number(product.price) !== Number(price.after))
        edit.price = { before: product.price === null ? null : formatPrice(Number(product.price)), after: price.after };
    }
    if (request.quantity && !edit.error) {
      const after = request.quantity.mode === 'set' ? request.quantity.value : product.onHand + request.quantity.value;
      if (after < 0) edit.error = `On hand would be ${after}: it cannot go below 0.`;
      else if (after !== product.onHand && bundles.has(product.id))
        edit.error = `${product.sku} is a bundle: its stock is its components'. Change their on hand instead.`;
      else if (after !== product.onHand) edit.onHand = { before: product.onHand, after };
    }
    if (request.status && !edit.error) {
      for (const listing of listingsOf.get(product.id) ?? []) {
        if (!SWITCHABLE.includes(listing.status) || listing.status === request.status.status) continue;
        edit.statusChanges.push({
          channelId: listing.channelId,
          channelKind: kindOf.get(listing.channelId)!,
          listingId: listing.listingId,
          before: listing.status,
          after: request.status.status,
        });
      }
      edit.statuses = edit.statusChanges.map(({ listingId, before, after }) => ({ listingId, before, after }));
    }
    if (request.cost && !edit.error) {
      const after = request.cost.value === null ? null : formatPrice(request.cost.value);
      const before = product.cost === null ? null : formatPrice(Number(product.cost));
      if (before !== after) edit.cost = { before, after };
    }
    if (request.tags && !edit.error) {
      const after = request.tags.set
        ? normaliseTags(request.tags.set)
        : editedTags(product.tags, request.tags.add ?? [], request.tags.remove ?? []);
      if (after.length > TAGS_PER_PRODUCT) edit.error = `${product.sku} would hold more than ${TAGS_PER_PRODUCT} tags.`;
      else if (!sameTags(product.tags, after)) edit.tags = { before: product.tags, after };
    }
    if (request.attributes && !edit.error) {
      const after = editedAttributes(product.sellerAttributes, request.attributes.set);
      if (Object.keys(after).length > ATTRIBUTES_PER_PRODUCT)
        edit.error = `${product.sku} would hold more than ${ATTRIBUTES_PER_PRODUCT} attributes.`;
      else if (!sameAttributes(product.sellerAttributes, after))
        edit.attributes = { before: product.sellerAttributes, after };
    }
    if (request.title && !edit.error && request.title.value.trim() !== product.title)
      edit.title = { before: product.title, after: request.title.value.trim() };
    if (request.channelPrices?.length && !edit.error) {
      const listed = priceListingsOf.get(product.id) ?? [];
      for (const wanted of request.channelPrices) {
        const listing = listed.find((l) => l.channelId === wanted.channelId);
        if (!listing) {
          edit.error = `This SKU is not listed on ${channelName(kindOf.get(wanted.channelId)!)}.`;
          break;
        }
        const after = wanted.price === null ? null : formatPrice(wanted.price);
        const before = listing.priceOverride === null ? null : formatPrice(Number(listing.priceOverride));
        if (before === after) continue;
        (edit.channelPrices ??= []).push({
          listingId: listing.listingId,
          channelId: listing.channelId,
          channelKind: kindOf.get(listing.channelId)!,
          before,
          after,
        });
      }
    }
    if (request.channelQuantityCaps?.length && !edit.error) {
      const listed = capListingsOf.get(product.id) ?? [];
      for (const wanted of request.channelQuantityCaps) {
        const listing = listed.find((l) => l.channelId === wanted.channelId);
        if (!listing) {
          edit.error = `This SKU is not listed on ${channelName(kindOf.get(wanted.channelId)!)}.`;
          break;
        }
        if (listing.quantityCap === wanted.cap) continue;
        (edit.channelQuantityCaps ??= []).push({
          listingId: listing.listingId,
          channelId: listing.channelId,
          channelKind: kindOf.get(listing.channelId)!,
          before: listing.quantityCap,
          after: wanted.cap,
        });
      }
    }
    if (edit.error) {
      delete edit.title;
      delete edit.cost;
      delete edit.tags;
      delete edit.attributes;
      delete edit.channelPrices;
      delete edit.channelQuantityCaps;
      delete edit.price;
      delete edit.onHand;
      edit.statusChanges = [];
      edit.statuses = [];
    }
    if (
      edit.error ||
      edit.price ||
      edit.onHand ||
      edit.title ||
      edit.cost ||
      edit.tags ||
      edit.attributes ||
      edit.channelPrices?.length ||
      edit.channelQuantityCaps?.length ||
      edit.statusChanges.length > 0
    )
      planned.push(edit);
  }
  return planned;
}

export interface BulkEditPreview {
  items: PlannedProductEdit[];
  total: number;
  errors: number;
}

/** What the edit would change: SKUs in error first, then the first SKUs it changes. Nothing is stored. */
export async function previewBulkEdit(
  ctx: AppContext,
  accountId: string,
  request: BulkEditRequest,
): Promise<BulkEditPreview> {
  const planned = await planEdits(ctx.db, accountId, request);
  const inError = planned.filter((p) => p.error);
  const changing = planned.filter((p) => !p.error);
  return { items: [...inError, ...changing].slice(0, PREVIEW_LIMIT), total: changing.length, errors: inError.length };
}

/**
 * Applies the edit in one transaction, from the values as they are when it runs (the products are
 * locked): refused whole when any SKU is in error, or when nothing would change.
 */
export async function runBulkEdit(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  request: BulkEditRequest,
): Promise<ChangeBatchRecord> {
  return ctx.db.transaction(async (tx) => {
    const planned = await planEdits(tx, accountId, request, { lock: true });
    const inError = planned.filter((p) => p.error);
    if (inError.length > 0) {
      throw new AppError(
        422,
        `${inError.length === 1 ? `${inError[0]!.sku} cannot take this edit` : `${inError.length} SKUs cannot take this edit`} (${inError[0]!.error}) Nothing was changed.`,
      );
    }
    if (planned.length === 0)
      throw new AppError(400, 'Nothing to change: the selected SKUs already hold these values.');
    return applyEdits(
      ctx,
      tx,
      audit,
      accountId,
      'bulk_edit',
      planned.map(
        ({
          productId,
          sku,
          price,
          onHand,
          statuses,
          title,
          cost,
          tags,
          attributes,
          channelPrices,
          channelQuantityCaps,
        }) => ({
          productId,
          sku,
          price,
          onHand,
          statuses,
          title,
          cost,
          tags,
          attributes,
          channelPrices,
          channelQuantityCaps,
        }),
      ),
    );
  });
}
