import fc from 'fast-check';

/** A JSON schema of the contract, or a `$ref` to one. */
export type Schema = Record<string, any>;

/** Where a shaped value's free leaves come from: ids (format uuid) and other text, by the field's name. */
export interface Leaves {
  uuid: (name: string) => fc.Arbitrary<string>;
  text: (name: string) => fc.Arbitrary<string>;
}

/** Follows `$ref`s to the schema itself. */
export function resolverOf(contract: Record<string, any>): (schema: Schema) => Schema {
  const resolve = (schema: Schema): Schema =>
    schema.$ref
      ? resolve(
          String(schema.$ref)
            .replace('#/', '')
            .split('/')
            .reduce((node: any, key) => node[key], contract),
        )
      : schema;
  return resolve;
}

/**
 * Values of the schema's shape: its types, required fields, enums and ranges. Ids and text come
 * from `leaves`, so a test decides what they name (another account's rows, a NUL character, …).
 */
export function shapedLike(
  schema: Schema,
  resolve: (schema: Schema) => Schema,
  leaves: Leaves,
  name = '',
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const options: Schema[] | undefined = s.oneOf ?? s.anyOf;
  if (options) return fc.oneof(...options.map((option) => shapedLike(option, resolve, leaves, name)));
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (type === 'object') {
    const properties = Object.entries((s.properties ?? {}) as Record<string, Schema>);
    const model = Object.fromEntries(
      properties.map(([key, property]) => [key, shapedLike(property, resolve, leaves, key)]),
    );
    return fc
      .record(model, { requiredKeys: s.required ?? [] })
      .filter((value) => Object.keys(value).length >= Math.min(s.minProperties ?? 0, properties.length));
  }
  if (type === 'array')
    return fc.array(shapedLike(s.items ?? {}, resolve, leaves, name), {
      minLength: Math.max(1, s.minItems ?? 0),
      maxLength: Math.min(3, s.maxItems ?? 3),
    });
  if (type === 'integer' || type === 'number') {
    // Whole numbers within the schema's bounds (a price's minimum may be 0.01: the first whole number above it).
    const min = Math.ceil(Math.max(s.minimum ?? 0, -1000));
    return fc.integer({ min, max: Math.max(min, Math.floor(Math.min(s.maximum ?? 1000, 1000))) });
  }
  if (type === 'boolean') return fc.boolean();
  if (type === 'string') return s.format === 'uuid' ? leaves.uuid(name) : leaves.text(name);
  return fc.constant(null);
}

/** Whether values of the schema can hold a string of free text (not an enum's, not a constant), which `leaves.text` or `leaves.uuid` fills. */
export function holdsFreeText(schema: Schema, resolve: (schema: Schema) => Schema): boolean {
  const s = resolve(schema);
  if ('const' in s || s.enum) return false;
  const options: Schema[] | undefined = s.oneOf ?? s.anyOf;
  if (options) return options.some((option) => holdsFreeText(option, resolve));
  const types: string[] = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('string')) return true;
  if (types.includes('array')) return holdsFreeText(s.items ?? {}, resolve);
  return Object.values((s.properties ?? {}) as Record<string, Schema>).some((property) =>
    holdsFreeText(property, resolve),
  );
}
