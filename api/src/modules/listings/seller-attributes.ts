// A product's own attribute values, the seller's (products.seller_attributes): what a marketplace's category
// asks a listing to carry (a colour, a size, a material) that the main channel does not hold. Each is a name
// and a text, given from the SKU's drawer; they win over the main channel's attributes of the same name and a
// read of the main channel never replaces them. A name is matched without regard to case, spaces or hyphens
// (compliance/checks.ts attributeKey), so the seller's "Color" answers eBay's Color and Amazon's `color` at once.

import { attributeKey } from '../compliance/checks.ts';

export const ATTRIBUTE_NAME_MAX_LENGTH = 100;
export const ATTRIBUTE_VALUE_MAX_LENGTH = 500;
export const ATTRIBUTES_PER_PRODUCT = 100;

/** Values as an edit gives them: a text, or null to take the name away. */
export type AttributeValues = Readonly<Record<string, string | null>>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** What is wrong with these values, in the seller's words; null when they can be kept. */
export function attributesProblem(values: AttributeValues): string | null {
  const keys = new Set<string>();
  for (const [name, value] of Object.entries(values)) {
    const trimmed = name.trim();
    if (trimmed === '') return 'An attribute needs a name.';
    if (trimmed.length > ATTRIBUTE_NAME_MAX_LENGTH)
      return `An attribute's name is at most ${ATTRIBUTE_NAME_MAX_LENGTH} characters.`;
    if (CONTROL.test(name) || (value !== null && CONTROL.test(value)))
      return `The attribute ${trimmed.slice(0, 40)} holds a control character.`;
    if (value !== null && value.trim().length > ATTRIBUTE_VALUE_MAX_LENGTH)
      return `An attribute's value is at most ${ATTRIBUTE_VALUE_MAX_LENGTH} characters (${trimmed.slice(0, 40)}).`;
    const key = attributeKey(trimmed);
    if (keys.has(key)) return `The attribute ${trimmed.slice(0, 40)} is given twice.`;
    keys.add(key);
  }
  return null;
}

/**
 * The product's values with the edit applied: a name given a text takes it (replacing the one of the same
 * key, whatever its spelling), an empty text or null takes the name away. Sorted by name, so equal values
 * compare equal.
 */
export function editedAttributes(
  current: Readonly<Record<string, string>>,
  edit: AttributeValues,
): Record<string, string> {
  const byKey = new Map(Object.entries(current).map(([name, value]) => [attributeKey(name), [name, value] as const]));
  for (const [rawName, rawValue] of Object.entries(edit)) {
    const name = rawName.trim();
    const value = rawValue?.trim() ?? '';
    if (value === '') byKey.delete(attributeKey(name));
    else byKey.set(attributeKey(name), [name, value]);
  }
  return Object.fromEntries([...byKey.values()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Whether two sets of values hold the same names and texts. */
export const sameAttributes = (a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * The names an edit changed, before and after (null: not given), as `changes` keeps them: a JSON object each,
 * its names sorted.
 */
export function attributeChange(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): { before: Record<string, string | null>; after: Record<string, string | null> } {
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  const changed = names.filter((name) => before[name] !== after[name]);
  return {
    before: Object.fromEntries(changed.map((name) => [name, before[name] ?? null])),
    after: Object.fromEntries(changed.map((name) => [name, after[name] ?? null])),
  };
}

/** A change's text of values: JSON, as attributeChange gives them. */
export const attributeChangeText = (values: Readonly<Record<string, string | null>>) => JSON.stringify(values);

/** The values a change's text names (an unreadable text names none). */
export function attributeChangeValues(text: string | null): Record<string, string | null> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : null,
      ]),
    );
  } catch {
    return {};
  }
}
