import {
  Kind,
  getNamedType,
  isAbstractType,
  isCompositeType,
  isObjectType,
  valueFromASTUntyped,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * Shopify's calculated query cost (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits):
 * scalars and enums 0, an object 1, a connection 2 plus `first` times the cost of one item, a mutation 10.
 * Without `data` this is the requested cost (the page sizes asked for); with the answered `data` it is the
 * actual cost (the items returned).
 */
export const MUTATION_COST = 10;

type Data = Record<string, unknown> | null | undefined;

export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  data?: Data,
): number {
  if (operation.operation === 'mutation') {
    return (
      operation.selectionSet.selections.filter((s) => s.kind === Kind.FIELD && !s.name.value.startsWith('__')).length *
      MUTATION_COST
    );
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const root = schema.getQueryType();
  if (!root) return 0;
  const walk: CostWalk = { schema, fragments, variables };
  return selectionCost(walk, operation.selectionSet, root, data === undefined ? undefined : (data ?? {}), false);
}

/** What the walk over a document needs: the schema, the document's fragments and the request's variables. */
interface CostWalk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

function argument(
  walk: CostWalk,
  field: { arguments?: readonly { name: { value: string }; value: unknown }[] },
  name: string,
): unknown {
  const arg = field.arguments?.find((a) => a.name.value === name);
  return arg ? valueFromASTUntyped(arg.value as never, walk.variables) : undefined;
}

/** The cost of a selection set of `type`; `value` is the answered data there (undefined for the requested cost). */
function selectionCost(
  walk: CostWalk,
  selectionSet: SelectionSetNode,
  type: GraphQLCompositeType,
  value: Data,
  inConnection: boolean,
): number {
  const { schema, fragments } = walk;
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT || selection.kind === Kind.FRAGMENT_SPREAD) {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments.get(selection.name.value);
      if (!fragment) continue;
      const condition = fragment.typeCondition ? schema.getType(fragment.typeCondition.name.value) : type;
      if (condition && isCompositeType(condition))
        total += selectionCost(walk, fragment.selectionSet, condition, value, inConnection);
      continue;
    }
    const name = selection.name.value;
    if (name.startsWith('__') || isAbstractType(type)) continue;
    const fieldDef =
      isObjectType(type) || 'getFields' in type
        ? (type as { getFields(): Record<string, { type: Parameters<typeof getNamedType>[0] }> }).getFields()[name]
        : undefined;
    if (!fieldDef || !selection.selectionSet) continue;
    const named = getNamedType(fieldDef.type);
    if (!isCompositeType(named)) continue;
    const key = selection.alias?.value ?? name;
    const child = value === undefined ? undefined : (value?.[key] as unknown);
    const first = argument(walk, selection, 'first') ?? argument(walk, selection, 'last');
    if (typeof first === 'number' && named.name.endsWith('Connection')) {
      if (child === undefined) total += 2 + first * selectionCost(walk, selection.selectionSet, named, undefined, true);
      else total += 2 + selectionCost(walk, selection.selectionSet, named, child as Data, true);
      continue;
    }
    if (inConnection && (name === 'edges' || name === 'nodes')) {
      // The page: each item costs its own selection (counted by the connection's `first` when requested).
      const own = name === 'nodes' ? 1 : 0;
      if (child === undefined)
        total += own + selectionCost(walk, selection.selectionSet, named, undefined, name === 'edges');
      else
        for (const item of (child as Data[] | null) ?? [])
          total += own + selectionCost(walk, selection.selectionSet, named, item, name === 'edges');
      continue;
    }
    if (inConnection && name === 'pageInfo') continue;
    if (inConnection && name === 'node') {
      total += 1 + selectionCost(walk, selection.selectionSet, named, child as Data, false);
      continue;
    }
    if (child === null) {
      total += 1;
      continue;
    }
    if (Array.isArray(child))
      total +=
        1 +
        Math.max(0, ...child.map((item) => selectionCost(walk, selection.selectionSet!, named, item as Data, false)));
    else total += 1 + selectionCost(walk, selection.selectionSet, named, child as Data, false);
  }
  return total;
}
