import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { repoRoot } from '../../src/config.ts';

/**
 * The marketplaces' official definitions and example payloads the tests read, copied into the
 * repository (`api/test/fixtures/marketplaces/<kind>/`, each folder's origin and licence in its
 * SOURCE.md). Shopify's Admin schema is the sandbox's own (`api/src/sandbox/shopify/schema/`).
 */
export const officialDefinitions = path.join(repoRoot, 'api', 'test', 'fixtures', 'marketplaces');

export function readOfficial(relativePath: string): unknown {
  const file = path.join(officialDefinitions, relativePath);
  const raw = fs.readFileSync(file);
  return JSON.parse((file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8'));
}

type Json = Record<string, any>;

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  requestSchema: Json | undefined;
  responseSchemas: Map<string, Json | undefined>;
}

/**
 * An official OpenAPI 3 or Swagger 2 definition, to check the requests an adapter sends and the
 * answers a sandbox gives. Paths are matched against the definition's own paths (its basePath or
 * server path prefixed where it has one).
 */
export class OfficialContract {
  private readonly ajv: Ajv;
  private readonly operations: Operation[] = [];
  private readonly validators = new Map<Json, ValidateFunction>();

  constructor(
    readonly name: string,
    private readonly spec: Json,
    options: { pathPrefix?: string } = {},
  ) {
    this.ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, discriminator: false });
    addFormats(this.ajv);
    // OpenAPI's own keywords are not JSON Schema's; let them through.
    for (const keyword of [
      'example',
      'x-nullable',
      'x-docgen-enum-table-extension',
      'xml',
      'externalDocs',
      'discriminator',
    ])
      this.ajv.addKeyword(keyword);
    this.ajv.addSchema(spec, 'spec');
    const swagger = 'swagger' in spec;
    const prefix = options.pathPrefix ?? (swagger ? (spec.basePath ?? '').replace(/\/$/, '') : '');
    for (const [template, item] of Object.entries(spec.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const full = prefix + template;
        const pattern = new RegExp(
          `^${full.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\\{[^}]+\\\}|\{[^}]+\}/g, '[^/]+')}$`,
        );
        const requestSchema = swagger
          ? ((op as Json).parameters ?? []).find((p: Json) => p.in === 'body')?.schema
          : (op as Json).requestBody?.content?.['application/json']?.schema;
        const responseSchemas = new Map<string, Json | undefined>();
        for (const [status, response] of Object.entries(((op as Json).responses ?? {}) as Json)) {
          const resolved = this.deref(response as Json);
          responseSchemas.set(status, swagger ? resolved.schema : resolved.content?.['application/json']?.schema);
        }
        this.operations.push({ method: method.toUpperCase(), template: full, pattern, requestSchema, responseSchemas });
      }
    }
  }

  private deref(node: Json): Json {
    if (!node?.$ref) return node;
    const target = (node.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce((n: Json, k) => n[k], this.spec);
    return this.deref(target);
  }

  private validator(schema: Json): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      // Local refs ('#/definitions/X', '#/components/schemas/X') resolve inside the whole definition.
      const rewritten = JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"spec#/'));
      validate = this.ajv.compile(nullableToJsonSchema(rewritten));
      this.validators.set(schema, validate);
    }
    return validate;
  }

  /** The operation a request path belongs to (most specific template first). */
  operation(method: string, requestPath: string): Operation | undefined {
    return this.operations
      .filter((o) => o.method === method && o.pattern.test(requestPath))
      .sort((a, b) => b.template.replace(/\{[^}]+\}/g, '').length - a.template.replace(/\{[^}]+\}/g, '').length)[0];
  }

  /** Problems with one exchange; empty when it follows the definition. */
  check(exchange: {
    method: string;
    path: string;
    requestBody?: unknown;
    status?: number;
    responseBody?: unknown;
  }): string[] {
    const op = this.operation(exchange.method, exchange.path);
    if (!op) return [`${this.name}: ${exchange.method} ${exchange.path} is not an operation of the definition`];
    const problems: string[] = [];
    if (op.requestSchema && exchange.requestBody !== undefined && typeof exchange.requestBody === 'object') {
      const validate = this.validator(op.requestSchema);
      if (!validate(exchange.requestBody))
        problems.push(`${this.name}: request of ${op.method} ${op.template}: ${this.ajv.errorsText(validate.errors)}`);
    }
    if (exchange.status !== undefined && exchange.responseBody !== undefined) {
      const schema = op.responseSchemas.get(String(exchange.status)) ?? op.responseSchemas.get('default');
      if (!op.responseSchemas.has(String(exchange.status)) && !op.responseSchemas.has('default')) {
        problems.push(`${this.name}: ${op.method} ${op.template} does not declare status ${exchange.status}`);
      } else if (schema) {
        const validate = this.validator(schema);
        if (!validate(exchange.responseBody))
          problems.push(
            `${this.name}: response ${exchange.status} of ${op.method} ${op.template}: ${this.ajv.errorsText(validate.errors)}`,
          );
      }
    }
    return problems;
  }
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema: the type may also be null. */
function nullableToJsonSchema(node: any): any {
  if (Array.isArray(node)) return node.map(nullableToJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = nullableToJsonSchema(v);
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  if (out['x-nullable'] === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}
