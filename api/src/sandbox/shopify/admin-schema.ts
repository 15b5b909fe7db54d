import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildClientSchema, buildSchema, extendSchema, parse, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/** The Admin API version the sandbox serves (the copied official schema's version). */
export const SHOPIFY_SANDBOX_API_VERSION = '2025-01';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const defaultSchemaFile = path.resolve(repoRoot, '..', 'shared', 'marketplaces', 'shopify', 'admin_schema_2025-01.json.gz');

/**
 * The 2025-01 schema lacks `@idempotent` (added in 2026-01, mandatory for inventory adjustments in
 * 2026-04). The sandbox serves it, as the newer versions do, so the adapter can send it.
 */
const idempotentDirective = 'directive @idempotent(key: String!) on FIELD';

/**
 * The official Admin schema (introspection JSON) when it is present, from SHOPIFY_ADMIN_SCHEMA or
 * ../shared/marketplaces; otherwise a small subset with the same type names, so the sandbox still runs.
 */
export function loadAdminSchema(file = process.env.SHOPIFY_ADMIN_SCHEMA ?? defaultSchemaFile): { schema: GraphQLSchema; official: boolean } {
  let base: GraphQLSchema;
  let official = false;
  if (fs.existsSync(file)) {
    const raw = fs.readFileSync(file);
    const json = JSON.parse((file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8')) as { data?: IntrospectionQuery } & IntrospectionQuery;
    base = buildClientSchema(json.data ?? json);
    official = true;
  } else {
    base = buildSchema(subsetSdl);
  }
  return { schema: extendSchema(base, parse(idempotentDirective)), official };
}

/** The fields the sandbox resolves, as the official schema declares them (a subset). */
const subsetSdl = /* GraphQL */ `
scalar DateTime
scalar Money
scalar Decimal
scalar URL
scalar HTML
enum CurrencyCode { USD EUR GBP CAD }
enum ProductStatus { ACTIVE ARCHIVED DRAFT }
enum OrderSortKeys { CREATED_AT UPDATED_AT ID }
enum ProductVariantSortKeys { ID SKU }
enum OrderDisplayFulfillmentStatus { UNFULFILLED PARTIALLY_FULFILLED FULFILLED }
enum WebhookSubscriptionTopic { ORDERS_CREATE ORDERS_UPDATED INVENTORY_LEVELS_UPDATE }
enum WebhookSubscriptionFormat { JSON XML }
enum InventorySetQuantitiesUserErrorCode { INVALID_INVENTORY_ITEM INVALID_LOCATION INVALID_QUANTITY_NEGATIVE INVALID_REASON COMPARE_QUANTITY_REQUIRED COMPARE_QUANTITY_STALE INVALID_NAME NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR INVALID_QUANTITY_TOO_HIGH }
enum InventoryAdjustQuantitiesUserErrorCode { INVALID_INVENTORY_ITEM INVALID_LOCATION INVALID_REASON INVALID_QUANTITY_NAME INVALID_QUANTITY_TOO_HIGH INVALID_QUANTITY_TOO_LOW }
enum ProductVariantsBulkUpdateUserErrorCode { INVALID_INPUT PRODUCT_DOES_NOT_EXIST PRODUCT_VARIANT_DOES_NOT_EXIST PRODUCT_VARIANT_ID_MISSING NEGATIVE_PRICE_VALUE }
type PageInfo { endCursor: String hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String }
type Shop { id: ID! name: String! myshopifyDomain: String! currencyCode: CurrencyCode! }
type Image { url: URL! altText: String }
type ImageEdge { cursor: String! node: Image! }
type ImageConnection { edges: [ImageEdge!]! nodes: [Image!]! pageInfo: PageInfo! }
type Product { id: ID! title: String! descriptionHtml: HTML! vendor: String! status: ProductStatus! updatedAt: DateTime!
  images(first: Int, after: String): ImageConnection!
  variants(first: Int, after: String): ProductVariantConnection! }
type ProductVariant { id: ID! sku: String price: Money! compareAtPrice: Money barcode: String title: String! displayName: String!
  inventoryQuantity: Int inventoryItem: InventoryItem! product: Product! updatedAt: DateTime! }
type ProductVariantEdge { cursor: String! node: ProductVariant! }
type ProductVariantConnection { edges: [ProductVariantEdge!]! nodes: [ProductVariant!]! pageInfo: PageInfo! }
type ProductEdge { cursor: String! node: Product! }
type ProductConnection { edges: [ProductEdge!]! nodes: [Product!]! pageInfo: PageInfo! }
type InventoryQuantity { id: ID! name: String! quantity: Int! updatedAt: DateTime }
type InventoryLevel { id: ID! quantities(names: [String!]!): [InventoryQuantity!]! location: Location! item: InventoryItem! }
type InventoryLevelEdge { cursor: String! node: InventoryLevel! }
type InventoryLevelConnection { edges: [InventoryLevelEdge!]! nodes: [InventoryLevel!]! pageInfo: PageInfo! }
type InventoryItem { id: ID! sku: String tracked: Boolean! variant: ProductVariant!
  inventoryLevel(locationId: ID!): InventoryLevel
  inventoryLevels(first: Int, after: String): InventoryLevelConnection! }
type InventoryItemEdge { cursor: String! node: InventoryItem! }
type InventoryItemConnection { edges: [InventoryItemEdge!]! nodes: [InventoryItem!]! pageInfo: PageInfo! }
type Location { id: ID! name: String! isActive: Boolean! }
type LocationEdge { cursor: String! node: Location! }
type LocationConnection { edges: [LocationEdge!]! nodes: [Location!]! pageInfo: PageInfo! }
type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
type MoneyBag { shopMoney: MoneyV2! }
type LineItem { id: ID! sku: String quantity: Int! currentQuantity: Int! title: String! originalUnitPriceSet: MoneyBag! variant: ProductVariant }
type LineItemEdge { cursor: String! node: LineItem! }
type LineItemConnection { edges: [LineItemEdge!]! nodes: [LineItem!]! pageInfo: PageInfo! }
type Order { id: ID! name: String! createdAt: DateTime! updatedAt: DateTime! cancelledAt: DateTime
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus! currencyCode: CurrencyCode!
  lineItems(first: Int, after: String): LineItemConnection! }
type OrderEdge { cursor: String! node: Order! }
type OrderConnection { edges: [OrderEdge!]! nodes: [Order!]! pageInfo: PageInfo! }
type QueryRoot {
  shop: Shop!
  products(first: Int, after: String, query: String): ProductConnection!
  productVariants(first: Int, after: String, query: String, sortKey: ProductVariantSortKeys): ProductVariantConnection!
  inventoryItems(first: Int, after: String, query: String): InventoryItemConnection!
  locations(first: Int, after: String): LocationConnection!
  orders(first: Int, after: String, query: String, sortKey: OrderSortKeys, reverse: Boolean): OrderConnection!
  order(id: ID!): Order
  product(id: ID!): Product
}
input InventoryQuantityInput { inventoryItemId: ID! locationId: ID! quantity: Int! compareQuantity: Int }
input InventorySetQuantitiesInput { reason: String! name: String! referenceDocumentUri: String quantities: [InventoryQuantityInput!]! ignoreCompareQuantity: Boolean = false }
input InventoryChangeInput { delta: Int! inventoryItemId: ID! locationId: ID! ledgerDocumentUri: String }
input InventoryAdjustQuantitiesInput { reason: String! name: String! referenceDocumentUri: String changes: [InventoryChangeInput!]! }
input ProductVariantsBulkInput { id: ID price: Money compareAtPrice: Money barcode: String }
input WebhookSubscriptionInput { callbackUrl: URL format: WebhookSubscriptionFormat }
type InventoryChange { delta: Int! item: InventoryItem ledgerDocumentUri: String location: Location name: String! quantityAfterChange: Int }
type InventoryAdjustmentGroup { id: ID! createdAt: DateTime! reason: String! referenceDocumentUri: String
  changes(inventoryItemIds: [ID!], locationIds: [ID!], quantityNames: [String!]): [InventoryChange!]! }
type InventorySetQuantitiesUserError { code: InventorySetQuantitiesUserErrorCode field: [String!] message: String! }
type InventoryAdjustQuantitiesUserError { code: InventoryAdjustQuantitiesUserErrorCode field: [String!] message: String! }
type ProductVariantsBulkUpdateUserError { code: ProductVariantsBulkUpdateUserErrorCode field: [String!] message: String! }
type UserError { field: [String!] message: String! }
type InventorySetQuantitiesPayload { inventoryAdjustmentGroup: InventoryAdjustmentGroup userErrors: [InventorySetQuantitiesUserError!]! }
type InventoryAdjustQuantitiesPayload { inventoryAdjustmentGroup: InventoryAdjustmentGroup userErrors: [InventoryAdjustQuantitiesUserError!]! }
type ProductVariantsBulkUpdatePayload { product: Product productVariants: [ProductVariant!] userErrors: [ProductVariantsBulkUpdateUserError!]! }
enum ProductSetUserErrorCode { GENERIC_ERROR INVALID_VARIANT PRODUCT_DOES_NOT_EXIST PRODUCT_VARIANT_DOES_NOT_EXIST OPTION_VALUES_MISSING VARIANTS_OVER_LIMIT PRODUCT_OPTIONS_INPUT_MISSING VARIANTS_INPUT_MISSING INVALID_PRODUCT INVALID_INPUT }
enum FileContentType { EXTERNAL_VIDEO FILE IMAGE MODEL_3D VIDEO }
input OptionValueSetInput { id: ID name: String }
input OptionSetInput { id: ID name: String position: Int values: [OptionValueSetInput!] }
input VariantOptionValueInput { id: ID name: String optionId: ID optionName: String }
input InventoryItemInput { sku: String tracked: Boolean cost: Decimal }
input ProductSetInventoryInput { locationId: ID! name: String! quantity: Int! }
input FileSetInput { filename: String contentType: FileContentType alt: String id: ID originalSource: String }
input ProductVariantSetInput { id: ID barcode: String compareAtPrice: Money price: Money sku: String optionValues: [VariantOptionValueInput!]!
  inventoryItem: InventoryItemInput inventoryQuantities: [ProductSetInventoryInput!] }
input ProductSetInput { id: ID title: String descriptionHtml: String vendor: String status: ProductStatus
  productOptions: [OptionSetInput!] variants: [ProductVariantSetInput!] files: [FileSetInput!] }
input ProductUpdateInput { id: ID title: String status: ProductStatus }
type ProductSetUserError { code: ProductSetUserErrorCode field: [String!] message: String! }
type ProductSetPayload { product: Product userErrors: [ProductSetUserError!]! }
type ProductUpdatePayload { product: Product userErrors: [UserError!]! }
type WebhookHttpEndpoint { callbackUrl: URL! }
union WebhookSubscriptionEndpoint = WebhookHttpEndpoint
type WebhookSubscription { id: ID! topic: WebhookSubscriptionTopic! endpoint: WebhookSubscriptionEndpoint! format: WebhookSubscriptionFormat! createdAt: DateTime! updatedAt: DateTime! }
type WebhookSubscriptionCreatePayload { userErrors: [UserError!]! webhookSubscription: WebhookSubscription }
type Mutation {
  inventorySetQuantities(input: InventorySetQuantitiesInput!): InventorySetQuantitiesPayload
  inventoryAdjustQuantities(input: InventoryAdjustQuantitiesInput!): InventoryAdjustQuantitiesPayload
  productVariantsBulkUpdate(productId: ID!, variants: [ProductVariantsBulkInput!]!, allowPartialUpdates: Boolean): ProductVariantsBulkUpdatePayload
  webhookSubscriptionCreate(topic: WebhookSubscriptionTopic!, webhookSubscription: WebhookSubscriptionInput!): WebhookSubscriptionCreatePayload
  productSet(input: ProductSetInput!, synchronous: Boolean = true): ProductSetPayload
  productUpdate(product: ProductUpdateInput): ProductUpdatePayload
}
schema { query: QueryRoot mutation: Mutation }
`;
