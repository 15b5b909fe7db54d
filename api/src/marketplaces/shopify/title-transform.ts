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
