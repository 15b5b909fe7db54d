import { StripeApiError } from './errors.ts';

/** A decoded form value: Stripe's bracket notation (`items[0][price]=…`) read into objects and arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const RESERVED_NAMES = new Set(['__proto__', 'prototype', 'constructor']);

/** How deep Stripe's parameters nest (`subscription_data[metadata][k]` is three levels). */
const MAX_DEPTH = 6;

/**
 * Reads `application/x-www-form-urlencoded` text as Stripe does: `a[b][0][c]=x` is `{ a: { b: [{ c: 'x' }] } }`,
 * an empty string unsets a value (kept as ''), a key repeated with `[]` appends.
 */
export function parseForm(text: string): FormObject {
  const root: FormObject = Object.create(null) as FormObject;
  for (const [key, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!match) throw new StripeApiError(400, 'invalid_request_error', `Invalid parameter name: ${key}`);
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
    // No name of the object machinery: `__proto__[x]=1` would write into every object of the process.
    if (path.some((name) => RESERVED_NAMES.has(name)))
      throw new StripeApiError(400, 'invalid_request_error', `Invalid parameter name: ${key}`);
    if (path.length > MAX_DEPTH)
      throw new StripeApiError(400, 'invalid_request_error', `Parameter nested too deeply: ${key}`);
    place(root, path, value, key);
  }
  return arraysOf(root) as FormObject;
}

function place(root: FormObject, path: string[], value: string, key: string): void {
  let node: FormObject = root;
  for (let i = 0; i < path.length - 1; i++) {
    const name = path[i] === '' ? String(Object.keys(node).length) : path[i]!;
    const next = node[name];
    if (next === undefined) node = node[name] = Object.create(null) as FormObject;
    else if (typeof next === 'object' && !Array.isArray(next)) node = next;
    else throw new StripeApiError(400, 'invalid_request_error', `Invalid parameter: ${key}`);
  }
  const last = path[path.length - 1]!;
  node[last === '' ? String(Object.keys(node).length) : last] = value;
}

/** Objects whose keys are 0…n-1 become arrays, as Stripe reads `items[0]`, `items[1]`. */
function arraysOf(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arraysOf(value[k]!)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    const indices = keys.map(Number).sort((a, b) => a - b);
    if (indices.every((n, i) => n === i)) return indices.map((n) => converted[String(n)]!);
  }
  return converted;
}

/** Readers of one parameter with Stripe's messages for a wrong type. */
export const param = {
  string(form: FormObject, name: string): string | undefined {
    const value = form[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string')
      throw new StripeApiError(400, 'invalid_request_error', `Invalid string: ${name}`, { param: name });
    return value;
  },
  required(form: FormObject, name: string): string {
    const value = param.string(form, name);
    if (!value)
      throw new StripeApiError(400, 'invalid_request_error', `Missing required param: ${name}.`, {
        param: name,
        code: 'parameter_missing',
      });
    return value;
  },
  integer(form: FormObject, name: string): number | undefined {
    const value = param.string(form, name);
    if (value === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(value))
      throw new StripeApiError(400, 'invalid_request_error', `Invalid integer: ${value}`, { param: name });
    return Number(value);
  },
  boolean(form: FormObject, name: string): boolean | undefined {
    const value = param.string(form, name);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false')
      throw new StripeApiError(400, 'invalid_request_error', `Invalid boolean: ${value}`, { param: name });
    return value === 'true';
  },
  object(form: FormObject, name: string): FormObject | undefined {
    const value = form[name];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value))
      throw new StripeApiError(400, 'invalid_request_error', `Invalid object: ${name}`, { param: name });
    return value;
  },
  array(form: FormObject, name: string): FormValue[] | undefined {
    const value = form[name];
    if (value === undefined || value === '') return undefined;
    if (!Array.isArray(value))
      throw new StripeApiError(400, 'invalid_request_error', `Invalid array: ${name}`, { param: name });
    return value;
  },
  /** Stripe's metadata: up to 50 keys of at most 40 characters, values of at most 500. */
  metadata(form: FormObject, name = 'metadata'): Record<string, string> | undefined {
    const value = param.object(form, name);
    if (!value) return undefined;
    const entries = Object.entries(value);
    if (entries.length > 50)
      throw new StripeApiError(400, 'invalid_request_error', 'Metadata can have at most 50 keys.', { param: name });
    for (const [key, v] of entries)
      if (typeof v !== 'string' || key.length > 40 || v.length > 500)
        throw new StripeApiError(400, 'invalid_request_error', `Invalid metadata value for key ${key}.`, {
          param: `${name}[${key}]`,
        });
    return Object.fromEntries(entries) as Record<string, string>;
  },
};
