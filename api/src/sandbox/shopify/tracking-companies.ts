/**
 * The tracking companies Shopify knows, read from the official schema itself: the description of
 * `FulfillmentTrackingInfo.company` lists them ("Supported tracking companies", the same list as
 * https://shopify.dev/docs/api/admin-graphql/latest/objects/FulfillmentTrackingInfo#supported-tracking-companies),
 * those shown to shops in any country and those shown to shops in some countries.
 */
import { isObjectType, type GraphQLSchema } from 'graphql';

/** Every company the description lists, once each, as written (capitalization matters to Shopify). */
export function trackingCompaniesOf(description: string): string[] {
  const [anyCountry = '', byCountry = ''] = description.split(/displayed for shops located in specific countries:/);
  const section = anyCountry.split(/for shops located in any country:/)[1] ?? '';
  const everywhere = [...section.matchAll(/^\s*\* (.+?)\s*$/gm)].map((m) => m[1]!);
  // `* **Germany**: Deutsche Post (DE), Deutsche Post (EN), DHL, …` (the last list ends with a full stop).
  const local = [...byCountry.matchAll(/^\s*\* \*\*[^*]+\*\*: (.+?)\s*$/gm)].flatMap((m) =>
    m[1]!
      .replace(/\.$/, '')
      .split(',')
      .map((name) => name.trim()),
  );
  return [...new Set([...everywhere, ...local].filter(Boolean))];
}

const known = new WeakMap<GraphQLSchema, ReadonlySet<string>>();

/** The companies of this schema version (worked out once per schema). */
export function knownTrackingCompanies(schema: GraphQLSchema): ReadonlySet<string> {
  let companies = known.get(schema);
  if (!companies) {
    const type = schema.getType('FulfillmentTrackingInfo');
    const description = isObjectType(type) ? (type.getFields().company?.description ?? '') : '';
    known.set(schema, (companies = new Set(trackingCompaniesOf(description))));
  }
  return companies;
}
