/**
 * The arithmetic of bundles (kits), apart from the database: what a bundle offers, and what a sale of
 * bundles takes of each component. The database keeps the same figure on each bundle's product row
 * (db/queries/bundles.ts, `recomputeBundles`), in the transaction of every change of a component.
 */

/** One component of a bundle: its available units (on hand − committed) and the units one bundle takes. */
export interface ComponentStock {
  available: number;
  /** Units of the component in one bundle, at least 1. */
  quantity: number;
}

/**
 * Bundles that can be sold without overselling any component: the minimum over components of
 * floor(available / quantity), never below 0. A bundle without components offers nothing.
 */
export function bundleAvailable(components: readonly ComponentStock[]): number {
  if (components.length === 0) return 0;
  let least = Number.POSITIVE_INFINITY;
  for (const component of components) {
    if (!Number.isInteger(component.quantity) || component.quantity < 1)
      throw new RangeError(`A component's quantity per bundle is a whole number from 1, not ${component.quantity}`);
    least = Math.min(least, Math.floor(Math.max(0, component.available) / component.quantity));
  }
  return least;
}

/** One component as a sale takes it: its SKU and the units one bundle holds. */
export interface ComponentOfBundle {
  sku: string;
  quantity: number;
}

/** The units of each component that `units` bundles take (negative `units`: given back, a cancellation). */
export function componentUnits(
  components: readonly ComponentOfBundle[],
  units: number,
): Array<{ sku: string; units: number }> {
  return components.map((component) => ({ sku: component.sku, units: units * component.quantity }));
}

/** What sales of a bundle committed: the bundle units, and the units of each component (by SKU). */
export interface CommittedParts {
  units: number;
  parts: Readonly<Record<string, number>>;
}

/**
 * The component units that giving back `units` bundles releases, from what the sale committed (not
 * the bundle's composition now, which may have changed since): all that is left when the last of its
 * units go, else each component's share rounded down, so the releases never add up to more than was
 * committed. Answers the bundle units released (at most those committed: the rest were sold as the
 * SKU itself, before it was a bundle), the component units, and what stays committed.
 */
export function releaseCommitted(
  sale: CommittedParts,
  units: number,
): { units: number; parts: Array<{ sku: string; units: number }>; left: CommittedParts } {
  const taken = Math.max(0, Math.min(units, sale.units));
  const parts: Array<{ sku: string; units: number }> = [];
  const left: Record<string, number> = {};
  for (const [sku, committed] of Object.entries(sale.parts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const released = taken === sale.units ? committed : Math.floor((committed * taken) / sale.units);
    if (released > 0) parts.push({ sku, units: released });
    if (committed - released > 0) left[sku] = committed - released;
  }
  return { units: taken, parts, left: { units: sale.units - taken, parts: left } };
}

/** A bundle's components as a CSV cell: `SKU-A:2|SKU-B:1`, in SKU order. */
export function formatComponents(components: readonly ComponentOfBundle[]): string {
  return [...components]
    .sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0))
    .map((component) => `${component.sku}:${component.quantity}`)
    .join('|');
}

/**
 * A CSV cell of components (`SKU-A:2|SKU-B:1`; a SKU alone means 1 unit; empty: not a bundle), or the
 * reason it cannot be read.
 */
export function parseComponents(cell: string): { components: ComponentOfBundle[] } | { error: string } {
  const text = cell.trim();
  if (text === '') return { components: [] };
  const components: ComponentOfBundle[] = [];
  for (const part of text.split('|')) {
    const piece = part.trim();
    const colon = piece.lastIndexOf(':');
    const sku = (colon < 0 ? piece : piece.slice(0, colon)).trim();
    const quantityText = colon < 0 ? '1' : piece.slice(colon + 1).trim();
    if (sku === '') return { error: `A component has no SKU in "${cell}"` };
    if (!/^[0-9]{1,6}$/.test(quantityText) || Number(quantityText) < 1)
      return { error: `The quantity of component ${sku} must be a whole number from 1` };
    if (components.some((c) => c.sku === sku)) return { error: `Component ${sku} is named twice` };
    components.push({ sku, quantity: Number(quantityText) });
  }
  return { components };
}

/**
 * What is wrong with changing these bundles' components (by bundle SKU; an empty list: no bundle any
 * more), against the bundles as they are (`current`: bundle SKU → its components' SKUs, at least
 * every bundle named in `changes`, and every bundle using one of them). One level only, so no cycle
 * can form: a component is a product of the catalogue, not the bundle itself, not a bundle once the
 * changes are made; a bundle is no component of another. Answers the first problem per bundle SKU.
 */
export function bundleChangeProblems(
  current: ReadonlyMap<string, readonly string[]>,
  changes: ReadonlyMap<string, readonly ComponentOfBundle[]>,
  inCatalogue: (sku: string) => boolean,
): Map<string, string> {
  const after = new Map(current);
  for (const [bundle, parts] of changes)
    if (parts.length === 0) after.delete(bundle);
    else
      after.set(
        bundle,
        parts.map((p) => p.sku),
      );
  const usedIn = new Map<string, string>();
  for (const bundle of [...after.keys()].sort())
    for (const part of after.get(bundle)!) if (!usedIn.has(part)) usedIn.set(part, bundle);
  const problems = new Map<string, string>();
  for (const [bundle, parts] of changes) {
    if (parts.length === 0) continue;
    const problem =
      (!inCatalogue(bundle) && `No SKU ${bundle} in your catalogue`) ||
      (parts.some((p) => p.sku === bundle) && `A bundle cannot contain itself (${bundle})`) ||
      parts.map((p) => !inCatalogue(p.sku) && `${p.sku} is not in your catalogue`).find(Boolean) ||
      parts
        .map((p) => after.has(p.sku) && `${p.sku} is a bundle: a bundle cannot contain another bundle`)
        .find(Boolean) ||
      (usedIn.has(bundle) &&
        `${bundle} is a component of bundle ${usedIn.get(bundle)}: a component cannot be a bundle`);
    if (problem) problems.set(bundle, problem);
  }
  return problems;
}
