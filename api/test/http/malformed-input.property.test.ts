import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { query, settled } from '../support/sync-checks.ts';
import { holdsFreeText, resolverOf, shapedLike, type Leaves, type Schema } from '../support/contract-values.ts';
import { contractPath } from '../../src/http/app.ts';

/**
 * For every operation of the contract, thousands of malformed bodies, queries and ids (NUL
 * characters among them), and requests naming another account's rows: none may answer 5xx and none
 * may change a row.
 */
interface Parameter {
  name: string;
  schema: Schema;
}

interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  bodySchema: Schema | undefined;
  bodyFields: string[];
  queryParams: Parameter[];
  pathParams: Parameter[];
}

const contract = parse(fs.readFileSync(contractPath, 'utf8'));
const resolveRef = resolverOf(contract);

const operations: Operation[] = Object.entries(contract.paths as Record<string, Record<string, any>>).flatMap(
  ([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => {
        // A body that is not JSON (a photo's bytes) has no fields: it gets the malformed bodies of every kind.
        const json = op.requestBody?.content?.['application/json'];
        const schema = json ? resolveRef(json.schema) : undefined;
        // The path's own parameters ({channelId} of /api/channels/{channelId}/…) and the operation's.
        const params = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(
          (p: Schema) => resolveRef(p) as { name: string; in: string; schema: Schema },
        );
        return {
          method: method.toUpperCase(),
          path,
          hasBody: Boolean(op.requestBody),
          bodySchema: schema,
          bodyFields: Object.keys((schema?.properties as object) ?? {}),
          queryParams: params
            .filter((p) => p.in === 'query')
            .map(({ name, schema: s }) => ({ name, schema: resolveRef(s) })),
          pathParams: params
            .filter((p) => p.in === 'path')
            .map(({ name, schema: s }) => ({ name, schema: resolveRef(s) })),
        };
      }),
);

/**
 * A JSON value no field of ours accepts (every field is a string, a boolean or a whole number with a
 * minimum of 0 or more): a number is negative, so it is wrong for number fields too.
 */
const wrongValue = fc.oneof(
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  fc.string({ minLength: 1100, maxLength: 1400 }),
  fc.integer({ max: -1 }),
);

/** Text with a NUL character in it, which PostgreSQL refuses. */
const withNul = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([before, after]) => `${before}\u0000${after}`);
/** Text the database cannot store: a NUL, or half of a surrogate pair (JSON can carry one; an address cannot). */
const unstorableText = fc.oneof(
  withNul,
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff'))
    .map(([before, half]) => `${before}${half}`),
);
const unstorableLeaves: Leaves = { uuid: () => unstorableText, text: () => unstorableText };
/** JSON.stringify escapes a NUL and a lone half of a pair, and nothing else of them. */
const holdsUnstorableText = (json: string) => /\\u0000|\\ud[89a-f]/i.test(json);

/** Bodies that no schema of ours accepts. */
const malformedBody = ({ bodyFields: fields, bodySchema }: Operation) =>
  fc.oneof(
    // Not an object at all.
    fc
      .oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.anything(), { maxLength: 3 }))
      .map((v) => JSON.stringify(v)),
    // Text that is not JSON.
    fc.string({ minLength: 1, maxLength: 40 }).filter((s) => {
      try {
        JSON.parse(s);
        return false;
      } catch {
        return true;
      }
    }),
    // An object with a field nobody declared.
    fc
      .record({
        extra: fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !fields.includes(k) && k !== '__proto__'),
        value: fc.jsonValue(),
      })
      .map(({ extra, value }) => JSON.stringify({ [extra]: value })),
    // A declared field with a value of the wrong kind (a too-long string breaks every maxLength).
    ...(fields.length
      ? [
          fc
            .record({ field: fc.constantFrom(...fields), value: wrongValue })
            .map(({ field, value }) => JSON.stringify({ [field]: value })),
        ]
      : []),
    // A body of the right shape whose every string (ids, names, a CSV file) holds text the database cannot store.
    ...(bodySchema && holdsFreeText(bodySchema, resolveRef)
      ? [
          shapedLike(bodySchema, resolveRef, unstorableLeaves)
            .map((body) => JSON.stringify(body))
            .filter(holdsUnstorableText),
        ]
      : []),
  );

const malformedQuery = (params: Parameter[]) =>
  fc.oneof(
    fc
      .record({
        key: fc.stringMatching(/^[a-z]{1,8}$/).filter((k) => !params.some((p) => p.name === k)),
        value: fc.string({ maxLength: 10 }),
      })
      .map(({ key, value }) => `${key}=${encodeURIComponent(value)}`),
    fc.constantFrom(
      'page=0',
      'page=-3',
      'page=abc',
      'pageSize=1000',
      'pageSize=0',
      'role=owner',
      'page=1.5',
      `search=${'x'.repeat(300)}`,
    ),
    // A declared parameter holding a NUL.
    ...(params.length
      ? [
          fc
            .record({ key: fc.constantFrom(...params.map((p) => p.name)), value: withNul })
            .map(({ key, value }) => `${key}=${encodeURIComponent(value)}`),
        ]
      : []),
  );

const malformedId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 50 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom('..%2F..%2Fetc', '%00', 'null', '1', "'%20or%201=1--", '00000000-0000-0000-0000-00000000000g'),
  withNul.map((s) => encodeURIComponent(s)),
);

let t: TestProduct;
let admin: Browser;
let seller: Browser;
let anonymous: Browser;
/** Another seller's rows, by the name of the field or parameter that takes their ids. */
const others = {
  accountId: '',
  userIds: [] as string[],
  channelIds: [] as string[],
  productIds: [] as string[],
  batchIds: [] as string[],
  driftIds: [] as string[],
  writeIds: [] as string[],
  skus: [] as string[],
  titles: [] as string[],
};

/** Another seller with a main and a target channel, products, a bulk edit (its batch and writes) and a price to accept. */
async function anotherSeller(): Promise<void> {
  const { browser: other, userId, accountId } = await t.signedInSeller();
  others.userIds = [userId];
  others.accountId = accountId;
  const main = await connectWithSandboxSeller(other, 'amazon', 3);
  const target = await connectWithSandboxSeller(other, 'walmart', 3);
  others.channelIds = [main.id, target.id];
  const linked = () =>
    query<{ id: string; product_id: string; sku: string }>(
      t,
      sql`select id, product_id, sku from listings where channel_id = ${target.id} and product_id is not null order by sku`,
    );
  await vi.waitFor(async () => expect(await linked()).toHaveLength(3), { timeout: 45_000 });
  const products = await query<{ id: string; sku: string; title: string }>(
    t,
    sql`select id, sku, title from products where account_id = ${others.accountId} order by sku`,
  );
  Object.assign(others, {
    productIds: products.map((p) => p.id),
    skus: products.map((p) => p.sku),
    titles: products.map((p) => p.title),
  });
  const edit = await other.post('/api/listings/bulk-edit', {
    selection: { productIds: others.productIds },
    quantity: { mode: 'amount', value: 1 },
  });
  expect(edit.status).toBe(201);
  others.batchIds = [edit.body.batchId];
  const [listing] = await linked();
  const drift = sql`insert into listing_drift (account_id, channel_id, listing_id, sku, field, expected, found)
                    values (${others.accountId}, ${target.id}, ${listing!.id}, ${listing!.sku}, 'price', '10.00', '12.00') returning id`;
  others.driftIds = (await query<{ id: string }>(t, drift)).map((d) => d.id);
  await settled(t, others.accountId);
  others.writeIds = (
    await query<{ id: string }>(t, sql`select id from listing_writes where account_id = ${others.accountId}`)
  ).map((w) => w.id);
  expect(others.writeIds.length).toBeGreaterThan(0);
}

beforeAll(async () => {
  // No schedule: nothing but the requests under test may add a job or a row.
  t = await startTestProduct({ sync: { intervalMinutes: 3, schedule: false } });
  ({ browser: admin } = await t.signedInUser({ role: 'super' }));
  ({ browser: seller } = await t.signedInSeller());
  anonymous = t.browser();
  await anotherSeller();
}, 150_000);
afterAll(() => t?.stop());

/** Every count but the rate limits' (a limit counts the request it lets through). */
async function countsOfData() {
  const { rate_limits: _counted, ...counts } = await t.rowCounts();
  return counts;
}

describe('malformed input never breaks the server or its data', () => {
  it('covers every operation of the contract', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}`, async () => {
      const before = await countsOfData();
      const request = fc.record({
        as: fc.constantFrom('admin', 'seller', 'anonymous'),
        body: op.hasBody ? malformedBody(op) : fc.constant(undefined),
        query: op.queryParams.length || !op.hasBody ? malformedQuery(op.queryParams) : fc.constant(undefined),
        id: op.pathParams.length ? malformedId : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ as, body, query, id }) => {
          let path = op.path;
          if (id !== undefined) path = path.replace(/\{\w+\}/, id);
          if (query !== undefined && !op.hasBody) path += `?${query}`;
          const browser = { admin, seller, anonymous }[as];
          const answer = await browser.request(op.method, path, body);
          expect(
            answer.status,
            `${op.method} ${path} ${body ?? ''} → ${answer.status} ${JSON.stringify(answer.body)}`,
          ).toBeLessThan(500);
          if (answer.status >= 400 && answer.headers.get('content-type')?.includes('json')) {
            expect(typeof (answer.body as { message?: unknown }).message).toBe('string');
          }
        }),
        // Fewer on the second database (.ci/run): what is refused here is decided before any query.
        { numRuns: Number(process.env.MALFORMED_INPUT_RUNS ?? 100) },
      );
      expect(await countsOfData()).toEqual(before);
      // Still well: the admin's session and the server survived the storm.
      expect((await admin.get('/api/auth/user')).status).toBe(200);
    });
  }
});

/** The other seller's rows as they stand: none of them may change by a request of the first account. */
async function othersRows() {
  const { accountId } = others;
  return {
    products: await query(
      t,
      sql`select id, sku, title, price::text as price, on_hand, committed from products where account_id = ${accountId} order by id`,
    ),
    channels: await query(
      t,
      sql`select id, role, status, rules::text as rules, publish_settings::text as publish_settings from channels where account_id = ${accountId} order by id`,
    ),
    listings: await query(
      t,
      sql`select id, status, product_id, price_override::text as price_override, taken_off_sale_at from listings where account_id = ${accountId} order by id`,
    ),
    batches: await query(t, sql`select id, undone_at from change_batches where account_id = ${accountId} order by id`),
    drift: await query(t, sql`select id, resolved_at from listing_drift where account_id = ${accountId} order by id`),
    writes: await query(t, sql`select id, status from listing_writes where account_id = ${accountId} order by id`),
    users: await query(
      t,
      sql`select id, role, first_name, disabled_at from users where account_id = ${accountId} order by id`,
    ),
  };
}

/** The other seller's ids a field or parameter of this name takes (any of them for an id of no known kind). */
function othersIdsFor(name: string): string[] {
  const byName: Record<string, string[]> = {
    userId: others.userIds,
    channelId: others.channelIds,
    channelIds: others.channelIds,
    productIds: others.productIds,
    batchId: others.batchIds,
    driftId: others.driftIds,
    writeIds: others.writeIds,
  };
  return (
    byName[name] ?? [
      ...others.channelIds,
      ...others.productIds,
      ...others.batchIds,
      ...others.driftIds,
      ...others.writeIds,
      ...others.userIds,
    ]
  );
}

/** Leaves naming the other seller's rows: its ids, its SKUs (a CSV file lists them), short plain text elsewhere. */
const othersLeaves: Leaves = {
  uuid: (name) => fc.constantFrom(...othersIdsFor(name)),
  text: (name) =>
    name === 'csv'
      ? fc.constantFrom(...others.skus).map((sku) => `sku,price,quantity\n${sku},5.00,1\n`)
      : fc.constantFrom(...others.skus, 'x'),
};

const isId = (schema: Schema) => schema.format === 'uuid';
const namesOthersRows = (op: Operation) =>
  op.pathParams.some((p) => isId(p.schema) || p.name === 'sku') ||
  op.queryParams.some((p) => isId(p.schema)) ||
  /"format":"uuid"|"csv":/.test(JSON.stringify(op.bodySchema ? expandRefs(op.bodySchema) : ''));

/** The schema with every `$ref` replaced by what it names, to look for id fields in it. */
function expandRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(expandRefs);
  if (schema === null || typeof schema !== 'object') return schema;
  const resolved = resolveRef(schema as Schema);
  return Object.fromEntries(Object.entries(resolved).map(([key, value]) => [key, expandRefs(value)]));
}

/** A request of the operation's shape whose ids (and SKUs) are the other seller's. */
function requestNamingOthersRows(op: Operation) {
  const pathValue = (p: Parameter) =>
    p.schema.enum
      ? fc.constantFrom(...(p.schema.enum as string[]))
      : p.name === 'sku'
        ? fc.constantFrom(...others.skus)
        : fc.constantFrom(...othersIdsFor(p.name));
  const pathParams = fc.tuple(...op.pathParams.map(pathValue));
  const ids = op.queryParams.filter((p) => isId(p.schema));
  const queryValues = fc.tuple(...ids.map((p) => fc.constantFrom(...othersIdsFor(p.name))));
  const body = op.bodySchema ? shapedLike(op.bodySchema, resolveRef, othersLeaves) : fc.constant(undefined);
  return fc
    .record({ pathParams, queryValues, body })
    .map(({ pathParams: values, queryValues: queried, body: sent }) => {
      let path = op.path;
      op.pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, encodeURIComponent(values[i]!))));
      const search = new URLSearchParams(ids.map((p, i) => [p.name, queried[i]!]));
      return { path: search.size ? `${path}?${search}` : path, body: sent };
    });
}

describe("another account's ids, in a signed-in seller's requests", () => {
  const operationsNamingRows = operations.filter(namesOthersRows);

  it('cover every operation that takes an id or a SKU', () => {
    expect(operationsNamingRows.length).toBeGreaterThanOrEqual(20);
  });

  for (const op of operationsNamingRows) {
    it(`${op.method} ${op.path}`, async () => {
      const before = { counts: await countsOfData(), rows: await othersRows() };
      const namedInPath = op.pathParams.some((p) => isId(p.schema) || p.name === 'sku');
      await fc.assert(
        fc.asyncProperty(requestNamingOthersRows(op), async ({ path, body }) => {
          const answer = await seller.request(op.method, path, body);
          const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
          const said = `${op.method} ${path} ${JSON.stringify(body) ?? ''} → ${answer.status} ${text.slice(0, 300)}`;
          expect(answer.status, said).toBeLessThan(500);
          // A row named in the address is not found (or not the seller's to touch); ids in a body or query select nothing.
          if (namedInPath) expect(answer.status, said).toBeGreaterThanOrEqual(400);
          if (answer.status >= 400 && answer.headers.get('content-type')?.includes('json'))
            expect(typeof (answer.body as { message?: unknown }).message, said).toBe('string');
          for (const title of others.titles) expect(text, said).not.toContain(title);
        }),
        { numRuns: 30 },
      );
      expect({ counts: await countsOfData(), rows: await othersRows() }).toEqual(before);
      expect((await seller.get('/api/auth/user')).status).toBe(200);
    });
  }
});
