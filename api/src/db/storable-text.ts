/**
 * Text the database cannot store. PostgreSQL refuses the NUL character (U+0000) in text and jsonb
 * (errors 22021 and 22P05), and half of a UTF-16 surrogate pair has no UTF-8 form, so a query
 * holding either fails. A person's input is refused with a message where it arrives; what a
 * marketplace sends, verified and kept, has such characters replaced instead (it cannot be sent again).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why this text cannot be stored, as the end of a sentence ("… must not contain the NUL character"), or undefined. */
export function unstorableTextProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain the NUL character';
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text';
  return undefined;
}

const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** The text with each NUL and each half of a surrogate pair replaced by U+FFFD, as a decoder marks a bad byte. */
export function storableText(text: string): string {
  return unstorableTextProblem(text) ? text.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD') : text;
}

/** A NUL or half a pair, written as an escape in JSON text (JSON.stringify writes them so). */
const ESCAPED_UNSTORABLE = /\\u0000|\\ud[89a-f]/i;

/** JSON from outside (a marketplace's delivery), parsed with every string and name made storable. */
export function parseStorableJson(json: string): unknown {
  // The common case, on every delivery's path: nothing to replace, so no reviver to run on each value.
  if (!ESCAPED_UNSTORABLE.test(json) && !LONE_SURROGATE.test(json)) return JSON.parse(json);
  return JSON.parse(json, (_name, value: unknown) => {
    if (typeof value === 'string') return storableText(value);
    const renamed =
      value !== null &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      Object.keys(value).some((name) => name !== storableText(name));
    return renamed
      ? Object.fromEntries(Object.entries(value).map(([name, item]) => [storableText(name), item]))
      : value;
  });
}

/** A value for a jsonb column: itself, or a copy made storable when a string or a name in it is not. */
export function storableJson<T>(value: T): T {
  const json = JSON.stringify(value);
  // JSON.stringify writes a NUL and a lone half of a pair as escapes: without one, there is nothing to replace.
  return json !== undefined && ESCAPED_UNSTORABLE.test(json) ? (parseStorableJson(json) as T) : value;
}
