/**
 * productSet (ProductSetInput, 2025-01): a product created, or replaced whole from the input (its
 * variant list too: variants named by id are kept and updated, the others created), as a sync from an
 * external source does it.
 */
import { refusedSkuMessage } from '../shared/sandbox-kit.ts';
import type { UserError } from './errors.ts';
import { inventoryLevelChanged } from './notifications.ts';
import type { ShopGraph } from './nodes.ts';
import { nextId, nowIso, parseGid, type Product, type Shop, type Variant } from './state.ts';

/** productSet's input, as far as the sandbox reads it (ProductSetInput, 2025-01). */
interface ProductSetArgs {
  id?: string | null;
  title?: string | null;
  descriptionHtml?: string | null;
  vendor?: string | null;
  status?: Product['status'] | null;
  productOptions?: Array<{ name?: string | null; values?: Array<{ name?: string | null }> | null }> | null;
  files?: Array<{ originalSource?: string | null }> | null;
  variants?: VariantSetArgs[] | null;
}
type VariantSetArgs = {
  id?: string | null;
  sku?: string | null;
  price?: string | number | null;
  barcode?: string | null;
  optionValues?: Array<{ optionName?: string | null; name?: string | null }> | null;
  inventoryItem?: { sku?: string | null } | null;
  inventoryQuantities?: Array<{ locationId: string; name: string; quantity: number }> | null;
};

export function productSet(graph: ShopGraph, { input }: { input: ProductSetArgs }) {
  const { shop, context } = graph;
  const existing = input.id ? shop.products.find((p) => p.id === parseGid(input.id, 'Product')) : undefined;
  if (input.id && !existing)
    return {
      product: null,
      productSetOperation: null,
      userErrors: [{ code: 'PRODUCT_DOES_NOT_EXIST', field: ['input', 'id'], message: 'Product does not exist' }],
    };
  const title = (input.title ?? existing?.title ?? '').trim();
  const userErrors = productSetErrors(graph, input, title);
  if (userErrors.length) return { product: null, productSetOperation: null, userErrors };
  const now = nowIso();
  const product: Product = existing ?? {
    id: nextId(shop),
    title,
    descriptionHtml: '',
    vendor: '',
    status: 'ACTIVE',
    images: [],
    createdAt: now,
    updatedAt: now,
    variants: [],
  };
  product.title = title;
  if (input.descriptionHtml !== undefined) product.descriptionHtml = input.descriptionHtml ?? '';
  if (input.vendor !== undefined) product.vendor = input.vendor ?? '';
  if (input.status) product.status = input.status;
  if (input.files)
    product.images = input.files.map((f) => f.originalSource).filter((u): u is string => typeof u === 'string');
  product.updatedAt = now;
  // productSet replaces the variant list: variants named by id are kept and updated, the others created.
  product.variants = input.variants!.map((v) => setVariant(shop, product.variants, v, now));
  if (!existing) shop.products.push(product);
  context.changed(shop.domain);
  for (const variant of product.variants) inventoryLevelChanged(shop, variant, context);
  return { product: graph.product(product), productSetOperation: null, userErrors: [] };
}

/** What Shopify refuses in a productSet input: a blank title, missing options or variants, bad variants. */
function productSetErrors(graph: ShopGraph, input: ProductSetArgs, title: string): UserError[] {
  const userErrors: UserError[] = [];
  if (!title) userErrors.push({ code: 'INVALID_PRODUCT', field: ['input', 'title'], message: "Title can't be blank" });
  if (!input.productOptions?.length)
    userErrors.push({
      code: 'PRODUCT_OPTIONS_INPUT_MISSING',
      field: ['input', 'productOptions'],
      message: 'Product options input is required when updating variants.',
    });
  if (!input.variants?.length)
    userErrors.push({
      code: 'VARIANTS_INPUT_MISSING',
      field: ['input', 'variants'],
      message: 'Variants input is required when updating product options.',
    });
  if ((input.variants?.length ?? 0) > 100)
    userErrors.push({
      code: 'VARIANTS_OVER_LIMIT',
      field: ['input', 'variants'],
      message: 'Number of variants exceeds the limit of 100.',
    });
  (input.variants ?? []).forEach((v, i) => userErrors.push(...variantErrors(graph, v, i)));
  return userErrors;
}

function variantErrors(graph: ShopGraph, v: VariantSetArgs, i: number): UserError[] {
  const userErrors: UserError[] = [];
  const at = (f: string) => ['input', 'variants', String(i), f];
  const price = typeof v.price === 'number' ? String(v.price) : v.price;
  if (typeof price !== 'string' || !/^\d+(\.\d+)?$/.test(price))
    userErrors.push({ code: 'INVALID_VARIANT', field: at('price'), message: 'Price is invalid' });
  if (!v.optionValues?.length)
    userErrors.push({
      code: 'OPTION_VALUES_MISSING',
      field: at('optionValues'),
      message: 'Variant options are missing.',
    });
  for (const q of v.inventoryQuantities ?? []) {
    if (q.locationId !== graph.locationGid)
      userErrors.push({
        code: 'INVALID_INPUT',
        field: at('inventoryQuantities'),
        message: 'The specified location could not be found.',
      });
    if (q.quantity < 0)
      userErrors.push({
        code: 'INVALID_INPUT',
        field: at('inventoryQuantities'),
        message: "The quantity can't be negative.",
      });
  }
  const sku = v.sku ?? v.inventoryItem?.sku ?? '';
  if (sku && graph.context.refusesSku(graph.shop.domain, sku))
    userErrors.push({ code: 'INVALID_VARIANT', field: at('sku'), message: refusedSkuMessage(sku) });
  return userErrors;
}

/** A variant of the new list: the one of the old list it names by id, updated, or a new one. */
function setVariant(shop: Shop, old: Variant[], v: VariantSetArgs, now: string): Variant {
  const kept = v.id ? old.find((variant) => variant.id === parseGid(v.id, 'ProductVariant')) : undefined;
  const quantity = v.inventoryQuantities?.find((q) => q.name === 'available' || q.name === 'on_hand')?.quantity;
  const variant: Variant = kept ?? {
    id: nextId(shop),
    inventoryItemId: nextId(shop),
    sku: '',
    title: 'Default Title',
    price: '0.00',
    compareAtPrice: null,
    barcode: '',
    available: 0,
    onHand: 0,
    updatedAt: now,
  };
  variant.sku = v.sku ?? v.inventoryItem?.sku ?? variant.sku;
  variant.title = v.optionValues?.map((o) => o.name).join(' / ') || variant.title;
  variant.price = Number(typeof v.price === 'number' ? v.price : v.price).toFixed(2);
  if (typeof v.barcode === 'string') variant.barcode = v.barcode;
  if (quantity !== undefined) {
    const committed = variant.onHand - variant.available;
    variant.available = quantity;
    variant.onHand = quantity + Math.max(0, committed);
  }
  variant.updatedAt = now;
  return variant;
}
