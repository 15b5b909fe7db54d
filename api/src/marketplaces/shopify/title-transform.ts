/** A product's title on Shopify: productUpdate on the product holding the SKU's variant. */

/** productUpdate (2025-01) setting the title; userErrors say why Shopify refused it. */
export const productTitleMutation = /* GraphQL */ `
  mutation HubProductTitle($product: ProductUpdateInput!) {
    productUpdate(product: $product) {
      product {
        id
        title
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** The variables of productTitleMutation for a product (its GID) and the new title. */
export function productTitleVariables(productId: string, title: string): { product: { id: string; title: string } } {
  return { product: { id: productId, title } };
}

/**
 * The product title to set for a SKU's listing title. A variant's listing title is its displayName
 * ("Backpack - Terracotta, Large": the product's title and the variant's options); the product's own
 * title is that without the variant's part, or the product would read "… - Terracotta, Large - Terracotta, Large".
 */
export function productTitleFor(
  listingTitle: string,
  variant: { displayName?: string | null; product: { title: string } },
): string {
  const { displayName } = variant;
  const productTitle = variant.product.title;
  if (!displayName || !displayName.startsWith(productTitle)) return listingTitle;
  const variantPart = displayName.slice(productTitle.length);
  return variantPart && listingTitle.endsWith(variantPart) && listingTitle.length > variantPart.length
    ? listingTitle.slice(0, -variantPart.length)
    : listingTitle;
}
