import { Kind, executeSync, parse, validate, visit, type DocumentNode, type GraphQLSchema } from 'graphql';
import { officialAdminSchema } from '../../../src/sandbox/shopify/admin-schema.ts';

/**
 * The official Admin schema, 2025-01: the repository's copy of Shopify's file (the sandbox test proves
 * it is Shopify's blob), read once per process.
 */
export function officialSchema(): GraphQLSchema {
  return officialAdminSchema();
}

/** Newer-version features the adapter uses that the 2025-01 file lacks: removed before validating. */
export const newerThan202501 = ['@idempotent'] as const;

export function stripIdempotent(document: DocumentNode): DocumentNode {
  const keyVariables = new Set<string>();
  visit(document, {
    Directive: (node) => {
      if (node.name.value === 'idempotent')
        for (const arg of node.arguments ?? [])
          if (arg.value.kind === Kind.VARIABLE) keyVariables.add(arg.value.name.value);
    },
  });
  // The key's variable goes with the directive (it is used nowhere else).
  return visit(document, {
    Directive: (node) => (node.name.value === 'idempotent' ? null : undefined),
    VariableDefinition: (node) => (keyVariables.has(node.variable.name.value) ? null : undefined),
  });
}

/** Validation messages of a document against the official schema. */
export function validateDocument(query: string): string[] {
  return validate(officialSchema(), parse(query)).map((e) => e.message);
}

/**
 * Checks an answer's `data` against the schema for this document: executing the document with the
 * answer as the source enforces the declared types (non-null, enums, Int, lists, object shapes),
 * and the variables are coerced against the official input types.
 */
export function checkAnswer(query: string, variables: Record<string, unknown> | undefined, data: unknown): string[] {
  const document = stripIdempotent(parse(query));
  const result = executeSync({
    schema: officialSchema(),
    document,
    variableValues: variables ?? {},
    rootValue: data,
    fieldResolver: (source, _args, _context, info) =>
      (source as Record<string, unknown> | null)?.[String(info.path.key)],
    typeResolver: (value) => (value as { __typename?: string }).__typename,
  });
  return (result.errors ?? []).map((e) => `${e.message} at ${e.path?.join('.') ?? '?'}`);
}
