// A product's tags: the seller's own labels, as Shopify keeps them (a product's tags are up to 255
// characters each, at most 250 of them; a comma separates tags in Shopify's CSV and in ours, so none
// holds one). Compared without regard to case, as Shopify's tag search does; kept as first written.

export const TAG_MAX_LENGTH = 255;
export const TAGS_PER_PRODUCT = 250;

/** What is wrong with these tags, in the seller's words; null when they can be kept. */
export function tagsProblem(tags: readonly string[]): string | null {
  for (const tag of tags) {
    if (tag.includes(',')) return `A tag cannot hold a comma ("${tag.slice(0, 40)}"): commas separate tags.`;
    if (tag.trim().length > TAG_MAX_LENGTH) return `A tag is at most ${TAG_MAX_LENGTH} characters.`;
  }
  if (normaliseTags(tags).length > TAGS_PER_PRODUCT) return `A product takes at most ${TAGS_PER_PRODUCT} tags.`;
  return null;
}

/** Trimmed, without empty ones, each once (the first spelling kept), in the order given. */
export function normaliseTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}

/** A CSV cell's or a change's text of tags: comma-separated ("Summer, Clearance"). */
export const tagsText = (tags: readonly string[]) => tags.join(', ');

/** Tags from a CSV cell or a change's text. */
export const tagsFromText = (text: string) => normaliseTags(text.split(','));

export const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, i) => tag === b[i]);

/** With `add` appended (those it lacks, any case) and `remove` taken out (any case). */
export function editedTags(tags: readonly string[], add: readonly string[], remove: readonly string[]): string[] {
  const removed = new Set(remove.map((t) => t.trim().toLowerCase()));
  return normaliseTags([...tags, ...add]).filter((t) => !removed.has(t.toLowerCase()));
}
