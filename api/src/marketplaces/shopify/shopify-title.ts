/**
 * A listing's title on Shopify: the title is the product's, shared by its variants, so the product
 * holding the SKU's variant gets it (productUpdate, 2025-01). Setting it again changes nothing.
 */
import { MarketplaceError } from '../errors.ts';
import type { UpdateOutcome } from '../types.ts';
import type { ShopifyParts } from './shopify-updates.ts';
import { productTitleFor, productTitleMutation, productTitleVariables } from './title-transform.ts';

interface ProductTitlePayload {
  productUpdate: {
    product: { id: string; title: string } | null;
    userErrors: Array<{ field: string[] | null; message: string }>;
  } | null;
}

export async function updateShopifyTitle(
  parts: ShopifyParts,
  sku: string,
  title: string,
  signal?: AbortSignal,
): Promise<UpdateOutcome> {
  const { variants } = await parts.variants.lookup([sku], signal);
  const variant = variants.get(sku);
  if (!variant) return { sku, outcome: 'rejected', message: `No product variant has the SKU ${sku}` };
  try {
    const data = await parts.client.graphql<ProductTitlePayload>(
      productTitleMutation,
      productTitleVariables(variant.product.id, productTitleFor(title, variant)),
      { cost: 10, signal },
    );
    const errors = data.productUpdate?.userErrors ?? [];
    if (errors.length > 0) return { sku, outcome: 'rejected', message: errors.map((e) => e.message).join('; ') };
    return { sku, outcome: 'confirmed' };
  } catch (error) {
    if (!(error instanceof MarketplaceError) || (error.kind !== 'rejected' && error.kind !== 'outcome_unknown'))
      throw error;
    return error.kind === 'rejected'
      ? { sku, outcome: 'rejected', message: error.message }
      : { sku, outcome: 'unknown', message: error.message };
  }
}
