/**
 * A shop's products and variants in the Admin API: the products, productVariants and product queries,
 * productVariantsBulkUpdate (prices and barcodes of one product's variants) and productUpdate (status,
 * title); productSet is in product-set.ts. Also the merchant's own edit in the admin (the control API).
 */
import { SandboxControlError, refusedSkuMessage, type ItemEdit } from '../shared/sandbox-kit.ts';
import { connection, matches, parseSearchQuery, type ConnectionArgs } from './connections.ts';
import { maxInputSizeExceeded, type UserError } from './errors.ts';
import { inventoryLevelChanged, productChanged } from './notifications.ts';
import { variantFields, type ShopGraph } from './nodes.ts';
import { productSet } from './product-set.ts';
import {
  findShop,
  nowIso,
  parseGid,
  touch,
  type Product,
  type ShopifyContext,
  type ShopifySandboxState,
  type Variant,
} from './state.ts';

interface VariantsBulkUpdateArgs {
  productId: string;
  variants: VariantInput[];
  allowPartialUpdates?: boolean | null;
}
type VariantInput = { id?: string | null; price?: unknown; compareAtPrice?: unknown; barcode?: string | null };
interface ProductUpdateArgs {
  product: { id?: string | null; status?: Product['status'] | null; title?: string | null };
}

export function listingResolvers(graph: ShopGraph) {
  return {
    products: (args: ConnectionArgs & { query?: string }) => products(graph, args),
    productVariants: (args: ConnectionArgs & { query?: string; sortKey?: string }) => productVariants(graph, args),
    product: ({ id }: { id: string }) => {
      const product = graph.shop.products.find((p) => p.id === parseGid(id, 'Product'));
      return product ? graph.product(product) : null;
    },
    productVariantsBulkUpdate: (args: VariantsBulkUpdateArgs) => productVariantsBulkUpdate(graph, args),
    productSet: (args: Parameters<typeof productSet>[1]) => productSet(graph, args),
    productUpdate: (args: ProductUpdateArgs) => productUpdate(graph, args),
  };
}

function products(graph: ShopGraph, args: ConnectionArgs & { query?: string }) {
  const terms = parseSearchQuery(args.query);
  const skus = terms.filter((t) => t.field === 'sku').map((t) => t.value.toLowerCase());
  const others = terms.filter((t) => t.field !== 'sku');
  const list = graph.shop.products.filter(
    (p) =>
      (skus.length === 0 || p.variants.some((v) => skus.includes(v.sku.toLowerCase()))) &&
      matches(others, (f) =>
        f === 'updated_at'
          ? p.updatedAt
          : f === 'status'
            ? p.status.toLowerCase()
            : f === 'vendor'
              ? p.vendor
              : undefined,
      ),
  );
  return connection(
    list,
    args,
    (p) => p.id,
    (p) => graph.product(p),
  );
}

function productVariants(graph: ShopGraph, args: ConnectionArgs & { query?: string; sortKey?: string }) {
  const terms = parseSearchQuery(args.query);
  let list = graph.allVariants().filter((entry) => matches(terms, variantFields(entry)));
  if (args.sortKey === 'SKU') list = [...list].sort((a, b) => a.variant.sku.localeCompare(b.variant.sku));
  return connection(
    list,
    args,
    (e) => e.variant.id,
    (e) => graph.variant(e.product, e.variant),
  );
}

const money = (value: unknown) => (typeof value === 'number' ? String(value) : value);

/** One variant of productVariantsBulkUpdate: its user error, or the variant it updates. */
function checkVariant(graph: ShopGraph, product: Product, input: VariantInput, i: number): UserError | Variant {
  if (!input.id)
    return {
      code: 'PRODUCT_VARIANT_ID_MISSING',
      field: ['variants', String(i), 'id'],
      message: 'Product variant is missing ID attribute',
    };
  const variant = product.variants.find((v) => v.id === parseGid(input.id, 'ProductVariant'));
  if (!variant)
    return {
      code: 'PRODUCT_VARIANT_DOES_NOT_EXIST',
      field: ['variants', String(i), 'id'],
      message: 'Product variant does not exist',
    };
  if (graph.context.refusesSku(graph.shop.domain, variant.sku)) {
    const field = (['price', 'compareAtPrice', 'barcode'] as const).find((f) => input[f] !== undefined) ?? 'id';
    return { code: 'INVALID_INPUT', field: ['variants', String(i), field], message: refusedSkuMessage(variant.sku) };
  }
  for (const field of ['price', 'compareAtPrice'] as const) {
    const value = money(input[field]);
    const label = field === 'price' ? 'Price' : 'Compare at price';
    const at = ['variants', String(i), field];
    if (value === undefined || (value === null && field === 'compareAtPrice')) continue;
    if (typeof value !== 'string' || !/^-?\d+(\.\d+)?$/.test(value))
      return { code: 'INVALID_INPUT', field: at, message: `${label} is invalid` };
    if (Number(value) < 0)
      return { code: 'GREATER_THAN_OR_EQUAL_TO', field: at, message: `${label} must be greater than or equal to 0` };
    if (Number(value) >= 1e18)
      return { code: 'INVALID_INPUT', field: at, message: `${label} must be less than 1000000000000000000` };
  }
  return variant;
}

function productVariantsBulkUpdate(
  graph: ShopGraph,
  { productId, variants, allowPartialUpdates }: VariantsBulkUpdateArgs,
) {
  if (variants.length > 250) throw maxInputSizeExceeded(variants.length);
  const product = graph.shop.products.find((p) => p.id === parseGid(productId, 'Product'));
  if (!product)
    return {
      product: null,
      productVariants: null,
      userErrors: [{ code: 'PRODUCT_DOES_NOT_EXIST', field: ['productId'], message: 'Product does not exist' }],
    };
  const userErrors: UserError[] = [];
  const valid: Array<{ variant: Variant; input: VariantInput }> = [];
  variants.forEach((input, i) => {
    const checked = checkVariant(graph, product, input, i);
    if ('code' in checked) userErrors.push(checked);
    else valid.push({ variant: checked, input });
  });
  if (userErrors.length && !allowPartialUpdates) return { product: null, productVariants: null, userErrors };
  for (const { variant, input } of valid) {
    const price = money(input.price);
    const compareAt = money(input.compareAtPrice);
    if (typeof price === 'string') variant.price = Number(price).toFixed(2);
    if (compareAt !== undefined)
      variant.compareAtPrice = typeof compareAt === 'string' ? Number(compareAt).toFixed(2) : null;
    if (typeof input.barcode === 'string') variant.barcode = input.barcode;
    touch(product, variant);
  }
  if (valid.length) graph.context.changed(graph.shop.domain);
  return {
    product: graph.product(product),
    productVariants: valid.map(({ variant }) => graph.variant(product, variant)),
    userErrors,
  };
}

function productUpdate(graph: ShopGraph, { product: input }: ProductUpdateArgs) {
  const product = graph.shop.products.find((p) => p.id === parseGid(input.id, 'Product'));
  if (!product) return { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
  if (input.title !== undefined && input.title !== null && !input.title.trim())
    return { product: null, userErrors: [{ field: ['title'], message: "Title can't be blank" }] };
  if (input.status) product.status = input.status;
  if (input.title) product.title = input.title;
  product.updatedAt = nowIso();
  graph.context.changed(graph.shop.domain);
  return { product: graph.product(product), userErrors: [] };
}

/** The merchant's edit in the admin's product form (the title is the product's, shared by its variants). */
export function editItem(
  state: ShopifySandboxState,
  sellerId: string,
  sku: string,
  edit: ItemEdit,
  context: ShopifyContext,
) {
  const shop = findShop(state, sellerId);
  const product = shop?.products.find((p) => p.variants.some((v) => v.sku === sku));
  const variant = product?.variants.find((v) => v.sku === sku);
  if (!shop || !product || !variant) throw new SandboxControlError(404, 'No such seller or SKU');
  if (edit.title !== undefined && edit.title.length > 255)
    throw new SandboxControlError(400, 'Title is too long (maximum is 255 characters)');
  const at = nowIso();
  const quantityChanged = edit.quantity !== undefined && edit.quantity !== variant.available;
  if (edit.quantity !== undefined) {
    variant.onHand += edit.quantity - variant.available;
    variant.available = edit.quantity;
  }
  if (edit.price !== undefined) variant.price = edit.price;
  if (edit.title !== undefined) product.title = edit.title;
  variant.updatedAt = at;
  product.updatedAt = at;
  context.changed(shop.domain);
  if (quantityChanged) inventoryLevelChanged(shop, variant, context);
  if (edit.price !== undefined || edit.title !== undefined) productChanged(shop, product, context);
}
