/**
 * A shop's inventory in the Admin API: the inventoryItems and locations queries, and the
 * inventorySetQuantities (compare-and-set, all or nothing) and inventoryAdjustQuantities (deltas,
 * `@idempotent(key:)` from 2026-01) mutations, each change recorded as an InventoryAdjustmentGroup and
 * sent as INVENTORY_LEVELS_UPDATE.
 */
import { GraphQLError, valueFromASTUntyped, type GraphQLResolveInfo } from 'graphql';
import { refusedSkuMessage } from '../shared/sandbox-kit.ts';
import { connection, matches, parseSearchQuery, type ConnectionArgs } from './connections.ts';
import { maxInputSizeExceeded, type UserError } from './errors.ts';
import { inventoryLevelChanged } from './notifications.ts';
import { variantFields, type ShopGraph, type VariantEntry } from './nodes.ts';
import { nextId, nowIso, parseGid, quantityOf, sha, touch, type AdjustmentRecord } from './state.ts';

const inventoryReasons = [
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_created',
  'movement_updated',
  'movement_received',
  'movement_canceled',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
];

interface SetQuantitiesInput {
  name: string;
  reason: string;
  referenceDocumentUri?: string | null;
  ignoreCompareQuantity?: boolean;
  quantities: Array<{
    inventoryItemId: string;
    locationId: string;
    quantity: number;
    compareQuantity?: number | null;
  }>;
}
interface AdjustQuantitiesInput {
  name: string;
  reason: string;
  referenceDocumentUri?: string | null;
  changes: Array<{ inventoryItemId: string; locationId: string; delta: number }>;
}
type Change = { entry: VariantEntry; delta: number };

export function inventoryResolvers(graph: ShopGraph) {
  return {
    inventoryItems: (args: ConnectionArgs & { query?: string }) => inventoryItems(graph, args),
    locations: (args: ConnectionArgs) =>
      connection(
        [graph.shop.location],
        args,
        (l) => l.id,
        () => graph.location(),
      ),
    inventorySetQuantities: ({ input }: { input: SetQuantitiesInput }) => inventorySetQuantities(graph, input),
    inventoryAdjustQuantities: (
      { input }: { input: AdjustQuantitiesInput },
      _context: unknown,
      info: GraphQLResolveInfo,
    ) => inventoryAdjustQuantities(graph, input, info),
  };
}

function inventoryItems(graph: ShopGraph, args: ConnectionArgs & { query?: string }) {
  const terms = parseSearchQuery(args.query);
  const list = graph.allVariants().filter((entry) => matches(terms, variantFields(entry)));
  return connection(
    list,
    args,
    (e) => e.variant.inventoryItemId,
    (e) => graph.item(e.product, e.variant),
  );
}

/** The user errors of a quantity name and a reason the mutation does not take. */
function nameAndReasonErrors(input: { name: string; reason: string }, invalidName: UserError): UserError[] {
  const userErrors: UserError[] = [];
  if (input.name !== 'available' && input.name !== 'on_hand') userErrors.push(invalidName);
  if (!inventoryReasons.includes(input.reason))
    userErrors.push({
      code: 'INVALID_REASON',
      field: ['input', 'reason'],
      message: 'The specified reason is invalid.',
    });
  return userErrors;
}

function inventorySetQuantities(graph: ShopGraph, input: SetQuantitiesInput) {
  if (input.quantities.length > 250) throw maxInputSizeExceeded(input.quantities.length);
  const userErrors = nameAndReasonErrors(input, {
    code: 'INVALID_NAME',
    field: ['input', 'name'],
    message: "The quantity name must be either 'available' or 'on_hand'.",
  });
  const seen = new Set<string>();
  const changes: Change[] = [];
  input.quantities.forEach((q, i) => {
    const checked = checkSetQuantity(graph, input, q, i, seen);
    if (checked && 'code' in checked) userErrors.push(checked);
    else if (checked) changes.push(checked);
  });
  // All or nothing: one user error and no quantity is set.
  if (userErrors.length) return { inventoryAdjustmentGroup: null, userErrors };
  return {
    inventoryAdjustmentGroup: graph.adjustment(
      applyChanges(graph, input.name, input.reason, input.referenceDocumentUri ?? null, changes),
    ),
    userErrors: [],
  };
}

/** One quantity of inventorySetQuantities: its user error, the change it makes, or none (already that quantity). */
function checkSetQuantity(
  graph: ShopGraph,
  input: SetQuantitiesInput,
  q: SetQuantitiesInput['quantities'][number],
  i: number,
  seen: Set<string>,
): UserError | Change | undefined {
  const at = (f: string) => ['input', 'quantities', String(i), f];
  const entry = graph.byItem.get(parseGid(q.inventoryItemId, 'InventoryItem') ?? -1);
  if (!entry)
    return {
      code: 'INVALID_INVENTORY_ITEM',
      field: at('inventoryItemId'),
      message: 'The specified inventory item could not be found.',
    };
  if (q.locationId !== graph.locationGid)
    return { code: 'INVALID_LOCATION', field: at('locationId'), message: 'The specified location could not be found.' };
  if (graph.context.refusesSku(graph.shop.domain, entry.variant.sku))
    return {
      code: 'NON_MUTABLE_INVENTORY_ITEM',
      field: at('inventoryItemId'),
      message: refusedSkuMessage(entry.variant.sku),
    };
  if (seen.has(q.inventoryItemId))
    return {
      code: 'NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR',
      field: at('inventoryItemId'),
      message: 'The combination of inventoryItemId and locationId must be unique.',
    };
  seen.add(q.inventoryItemId);
  if (q.quantity < 0)
    return { code: 'INVALID_QUANTITY_NEGATIVE', field: at('quantity'), message: "The quantity can't be negative." };
  if (q.quantity > 1_000_000_000)
    return {
      code: 'INVALID_QUANTITY_TOO_HIGH',
      field: at('quantity'),
      message: "The total quantity can't be higher than 1,000,000,000.",
    };
  const current = quantityOf(entry.variant, input.name);
  if (!input.ignoreCompareQuantity) {
    if (q.compareQuantity == null)
      return {
        code: 'COMPARE_QUANTITY_REQUIRED',
        field: at('compareQuantity'),
        message: 'The compareQuantity argument must be given to each quantity or ignored using ignoreCompareQuantity.',
      };
    if (q.compareQuantity !== current)
      return {
        code: 'COMPARE_QUANTITY_STALE',
        field: at('compareQuantity'),
        message: 'The compareQuantity value does not match persisted value.',
      };
  }
  return q.quantity !== current ? { entry, delta: q.quantity - current } : undefined;
}

function inventoryAdjustQuantities(graph: ShopGraph, input: AdjustQuantitiesInput, info: GraphQLResolveInfo) {
  const shop = graph.shop;
  const directive = info.fieldNodes[0]?.directives?.find((d) => d.name.value === 'idempotent');
  const keyArg = directive?.arguments?.find((a) => a.name.value === 'key');
  const key = keyArg ? valueFromASTUntyped(keyArg.value, info.variableValues) : undefined;
  const fingerprint = sha(JSON.stringify(input));
  if (typeof key === 'string') {
    const previous = shop.idempotency[key];
    if (previous && previous.fingerprint !== fingerprint)
      throw new GraphQLError('The idempotency key was already used with different arguments.', {
        extensions: { code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' },
      });
    if (previous) return { inventoryAdjustmentGroup: graph.adjustment(previous.result), userErrors: [] };
  }
  if (input.changes.length > 250) throw maxInputSizeExceeded(input.changes.length);
  const userErrors = nameAndReasonErrors(input, {
    code: 'INVALID_QUANTITY_NAME',
    field: ['input', 'name'],
    message: 'The quantity name is invalid.',
  });
  const changes: Change[] = [];
  input.changes.forEach((c, i) => {
    const at = (f: string) => ['input', 'changes', String(i), f];
    const entry = graph.byItem.get(parseGid(c.inventoryItemId, 'InventoryItem') ?? -1);
    if (!entry)
      return userErrors.push({
        code: 'INVALID_INVENTORY_ITEM',
        field: at('inventoryItemId'),
        message: 'The specified inventory item could not be found.',
      });
    if (c.locationId !== graph.locationGid)
      return userErrors.push({
        code: 'INVALID_LOCATION',
        field: at('locationId'),
        message: 'The specified location could not be found.',
      });
    if (graph.context.refusesSku(shop.domain, entry.variant.sku))
      return userErrors.push({
        code: 'NON_MUTABLE_INVENTORY_ITEM',
        field: at('inventoryItemId'),
        message: refusedSkuMessage(entry.variant.sku),
      });
    changes.push({ entry, delta: c.delta });
  });
  if (userErrors.length) return { inventoryAdjustmentGroup: null, userErrors };
  const record = applyChanges(graph, input.name, input.reason, input.referenceDocumentUri ?? null, changes);
  if (typeof key === 'string') shop.idempotency[key] = { fingerprint, result: record };
  return { inventoryAdjustmentGroup: graph.adjustment(record), userErrors: [] };
}

/** Applies quantity changes (on_hand moves with available), records them, and sends INVENTORY_LEVELS_UPDATE. */
function applyChanges(
  { shop, context }: ShopGraph,
  name: string,
  reason: string,
  referenceDocumentUri: string | null,
  changes: Change[],
): AdjustmentRecord {
  const record: AdjustmentRecord = {
    id: nextId(shop),
    createdAt: nowIso(),
    reason,
    referenceDocumentUri,
    changes: [],
  };
  for (const { entry, delta } of changes) {
    const { variant, product } = entry;
    if (name === 'available') {
      variant.available += delta;
      variant.onHand += delta;
    } else {
      variant.onHand += delta;
      variant.available += delta;
    }
    touch(product, variant);
    record.changes.push({
      name,
      delta,
      inventoryItemId: variant.inventoryItemId,
      quantityAfterChange: quantityOf(variant, name),
    });
    if (name !== 'on_hand')
      record.changes.push({
        name: 'on_hand',
        delta,
        inventoryItemId: variant.inventoryItemId,
        quantityAfterChange: variant.onHand,
      });
  }
  context.changed(shop.domain);
  for (const { entry } of changes) inventoryLevelChanged(shop, entry.variant, context);
  return record;
}
