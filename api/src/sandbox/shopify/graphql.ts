/**
 * The Admin GraphQL endpoint (`/shops/{shop}/admin/api/{version}/graphql.json`): the shop's token, the
 * document validated against that version's Admin schema, its cost charged to the shop's bucket, and
 * the operation run against the shop (the resolvers of listings.ts, inventory.ts, orders.ts,
 * fulfillments.ts, order-actions.ts and notifications.ts over the objects of nodes.ts).
 */
import {
  Kind,
  execute,
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Request, Response, Router } from 'express';
import { adminSchema, shopifyValidationMessage } from './admin-schema.ts';
import { tokenOfShop } from './auth.ts';
import { invalidToken } from './errors.ts';
import { fulfillmentResolvers } from './fulfillments.ts';
import { inventoryResolvers } from './inventory.ts';
import { chargeRequestedCost, refundUnusedCost } from './limits.ts';
import { listingResolvers } from './listings.ts';
import { ShopGraph } from './nodes.ts';
import { notificationResolvers } from './notifications.ts';
import { orderActionResolvers } from './order-actions.ts';
import { orderCreateResolvers } from './order-create.ts';
import { orderResolvers } from './orders.ts';
import { queryCost } from './query-cost.ts';
import { findShop, type Shop, type ShopifyContext } from './state.ts';

export function graphqlRoutes(router: Router, context: ShopifyContext) {
  router.post('/shops/:shop/admin/api/:version/graphql.json', (req, res) => graphql(context, req, res));
}

/**
 * Documents parsed and validated against the Admin schema, by their text: an app sends the same few
 * documents over and over, and checking each against the whole schema cost more than running it
 * (a sandbox stands in for a marketplace on another machine; its work should not weigh on ours).
 */
type CheckedDocument =
  { document: DocumentNode; validationErrors: readonly GraphQLError[] } | { syntaxError: GraphQLError };
const checkedDocumentsBySchema = new WeakMap<GraphQLSchema, Map<string, CheckedDocument>>();
const CHECKED_DOCUMENTS_KEPT = 500;
function checkedDocument(schema: GraphQLSchema, query: string): CheckedDocument {
  let checkedDocuments = checkedDocumentsBySchema.get(schema);
  if (!checkedDocuments) checkedDocumentsBySchema.set(schema, (checkedDocuments = new Map()));
  let checked = checkedDocuments.get(query);
  if (!checked) {
    try {
      const document = parse(query);
      checked = { document, validationErrors: validate(schema, document) };
    } catch (error) {
      checked = { syntaxError: error as GraphQLError };
    }
    if (checkedDocuments.size >= CHECKED_DOCUMENTS_KEPT) checkedDocuments.delete(checkedDocuments.keys().next().value!);
    checkedDocuments.set(query, checked);
  }
  return checked;
}

/** The resolvers of one request: plain objects whose function-valued fields take the field's arguments. */
function rootValue(shop: Shop, context: ShopifyContext) {
  const graph = new ShopGraph(shop, context);
  return {
    shop: () => graph.shopNode(),
    ...listingResolvers(graph),
    ...inventoryResolvers(graph),
    ...orderResolvers(graph),
    ...fulfillmentResolvers(graph),
    ...orderActionResolvers(graph),
    ...orderCreateResolvers(graph),
    ...notificationResolvers(graph),
  };
}

interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}

/** The request's query, variables and operation name, or its 400 answered. */
function readRequest(req: Request, res: Response): GraphqlRequest | undefined {
  const body = (req.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
  if (typeof body.query !== 'string' || !body.query.trim()) {
    res.status(400).json({ errors: { query: 'Required parameter missing or invalid' } });
    return undefined;
  }
  if (
    body.variables !== undefined &&
    body.variables !== null &&
    (typeof body.variables !== 'object' || Array.isArray(body.variables))
  ) {
    res.status(400).json({ errors: { variables: 'must be an object' } });
    return undefined;
  }
  return {
    query: body.query,
    variables: (body.variables ?? {}) as Record<string, unknown>,
    operationName: typeof body.operationName === 'string' ? body.operationName : undefined,
  };
}

/** The document and the operation to run, or the errors answered (syntax, validation, no such operation). */
function operationOf(schema: GraphQLSchema, request: GraphqlRequest, res: Response) {
  const checked = checkedDocument(schema, request.query);
  if ('syntaxError' in checked) {
    res.json({ errors: [checked.syntaxError.toJSON()] });
    return undefined;
  }
  const { document, validationErrors } = checked;
  if (validationErrors.length) {
    res.json({
      errors: validationErrors.map((e) => ({
        ...e.toJSON(),
        message: shopifyValidationMessage(e),
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      })),
    });
    return undefined;
  }
  const { operationName } = request;
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) {
    res.json({
      errors: [
        { message: operationName ? `Unknown operation named "${operationName}".` : 'An operation name is required' },
      ],
    });
    return undefined;
  }
  return { document, operation };
}

async function graphql(context: ShopifyContext, req: Request, res: Response) {
  const state = context.state();
  const shop = findShop(state, String(req.params.shop));
  // Each version answers with its own schema (read once per process, on the first request).
  const schema = shop ? adminSchema(String(req.params.version)) : undefined;
  if (!shop || !schema) {
    res.status(404).json({ errors: 'Not Found' });
    return;
  }
  if (!tokenOfShop(state, shop, req.get('X-Shopify-Access-Token'))) {
    res.status(401).json(invalidToken);
    return;
  }
  const request = readRequest(req, res);
  const prepared = request && operationOf(schema, request, res);
  if (!request || !prepared) return;
  const { document, operation } = prepared;
  const { variables, operationName } = request;
  const requested = queryCost(schema, document, operation, variables);
  const bucket = chargeRequestedCost(context, shop, requested, res);
  if (!bucket) return;
  const result = await execute({
    schema,
    document,
    operationName,
    variableValues: variables,
    rootValue: rootValue(shop, context),
  });
  const actual = result.data
    ? Math.min(requested, queryCost(schema, document, operation, variables, result.data as Record<string, unknown>))
    : requested;
  refundUnusedCost(context, shop, bucket, requested, actual);
  res.json({
    ...(result.errors ? { errors: result.errors.map((e) => e.toJSON()) } : {}),
    ...(result.data !== undefined ? { data: result.data } : {}),
    extensions: {
      cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: bucket.throttleStatus() },
    },
  });
}
