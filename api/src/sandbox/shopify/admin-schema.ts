import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  DirectiveLocation,
  GraphQLDirective,
  GraphQLNonNull,
  GraphQLSchema,
  GraphQLString,
  buildClientSchema,
  type GraphQLError,
  type IntrospectionQuery,
} from 'graphql';

/** Shopify's own Admin schema for 2025-01 (introspection JSON), kept in the repository: origin in schema/SOURCE.md. */
export const ADMIN_SCHEMA_FILE = path.join(import.meta.dirname, 'schema', 'admin_schema_2025-01.json.gz');

/** The Admin API versions the sandbox serves; any other version in the path is answered 404, as Shopify does. */
export const SHOPIFY_SANDBOX_API_VERSIONS = ['2025-01', '2026-01'] as const;
export type ShopifySandboxApiVersion = (typeof SHOPIFY_SANDBOX_API_VERSIONS)[number];

/**
 * `@idempotent(key:)`, as 2026-01 declares it: optional in 2026-01, mandatory for inventory adjustments
 * from 2026-04; a replay with the same key answers the original result
 * (https://shopify.dev/changelog/adding-idempotency-for-inventory-adjustments-and-refund-mutations,
 * https://shopify.dev/changelog/making-idempotency-mandatory-for-inventory-adjustments-and-refund-mutations).
 */
const idempotentDirective = new GraphQLDirective({
  name: 'idempotent',
  description: 'Makes the mutation idempotent: a request repeated with the same key answers the first one’s result.',
  locations: [DirectiveLocation.FIELD],
  args: {
    key: { type: new GraphQLNonNull(GraphQLString), description: 'A unique key for the request, such as a UUID.' },
  },
});

/**
 * Each version's schema from the official 2025-01 one. 2025-01 is the file as Shopify published it.
 * 2026-01 is DERIVED, since no 2026-01 schema file is public (schema/SOURCE.md): 2025-01 plus what
 * Shopify's changelog says 2026-01 adds that the product uses, the `@idempotent(key: String!)` directive.
 * Anything else 2026-01 changed is not known here. The types are the 2025-01 schema's own objects.
 */
const derivations: Record<ShopifySandboxApiVersion, (official: GraphQLSchema) => GraphQLSchema> = {
  '2025-01': (official) => official,
  '2026-01': (official) =>
    new GraphQLSchema({ ...official.toConfig(), directives: [...official.getDirectives(), idempotentDirective] }),
};

let official: { schema: GraphQLSchema; loadMs: number } | undefined;
let loads = 0;
const byVersion = new Map<ShopifySandboxApiVersion, GraphQLSchema>();

/**
 * The official 2025-01 schema, read from the repository once per process, on first use: unpacking
 * 8.9 MB of JSON and building 2,709 types takes about a quarter of a second, which a process that never
 * serves a Shopify request should not pay at start-up.
 */
export function officialAdminSchema(): GraphQLSchema {
  if (!official) {
    const started = performance.now();
    const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(ADMIN_SCHEMA_FILE)).toString('utf8')) as {
      data: IntrospectionQuery;
    };
    const schema = buildClientSchema(json.data);
    loads++;
    official = { schema, loadMs: performance.now() - started };
  }
  return official.schema;
}

/** How often this process read the schema file (once at most) and how long it took, for tests and benchmarks. */
export function adminSchemaLoads(): { loads: number; loadMs: number | undefined } {
  return { loads, loadMs: official?.loadMs };
}

export function isServedVersion(version: string): version is ShopifySandboxApiVersion {
  return (SHOPIFY_SANDBOX_API_VERSIONS as readonly string[]).includes(version);
}

/** The schema of an Admin API version the sandbox serves, undefined for any other (a 404). */
export function adminSchema(version: string): GraphQLSchema | undefined {
  if (!isServedVersion(version)) return undefined;
  let schema = byVersion.get(version);
  if (!schema) byVersion.set(version, (schema = derivations[version](officialAdminSchema())));
  return schema;
}

/**
 * A validation error in Shopify's words where they differ from graphql-js's. Shopify runs graphql-ruby,
 * whose DirectivesAreDefined rule says `Directive @idempotent is not defined`: what a 2026-01 document
 * sent to 2025-01 gets.
 */
export function shopifyValidationMessage(error: GraphQLError): string {
  const unknownDirective = /^Unknown directive "@([_A-Za-z][_0-9A-Za-z]*)"\.$/.exec(error.message);
  return unknownDirective ? `Directive @${unknownDirective[1]} is not defined` : error.message;
}
