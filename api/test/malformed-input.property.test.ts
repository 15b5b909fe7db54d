import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parse } from 'yaml';
import { startTestProduct, type TestProduct } from './support/test-product.ts';
import type { Browser } from './support/browser.ts';
import { contractPath } from '../src/http/app.ts';

/**
 * For every operation of the contract, thousands of malformed bodies, queries and ids:
 * none may answer 5xx and none may change a row.
 */
interface Operation {
  method: string;
  path: string;
  hasBody: boolean;
  bodyFields: string[];
  queryParams: string[];
  pathParams: string[];
}

const contract = parse(fs.readFileSync(contractPath, 'utf8'));
const resolveRef = (node: { $ref?: string }): Record<string, unknown> =>
  node.$ref ? node.$ref.replace('#/', '').split('/').reduce((n: any, k) => n[k], contract) : node;

const operations: Operation[] = Object.entries(contract.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, op]) => {
      const schema = op.requestBody ? resolveRef(op.requestBody.content['application/json'].schema) : undefined;
      const params: Array<{ name: string; in: string }> = op.parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        hasBody: Boolean(op.requestBody),
        bodyFields: Object.keys((schema?.properties as object) ?? {}),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
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

/** Bodies that no schema of ours accepts. */
const malformedBody = (fields: string[]) =>
  fc.oneof(
    // Not an object at all.
    fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null), fc.array(fc.anything(), { maxLength: 3 })).map((v) => JSON.stringify(v)),
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
      .record({ extra: fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !fields.includes(k) && k !== '__proto__'), value: fc.jsonValue() })
      .map(({ extra, value }) => JSON.stringify({ [extra]: value })),
    // A declared field with a value of the wrong kind (a too-long string breaks every maxLength).
    ...(fields.length
      ? [fc.record({ field: fc.constantFrom(...fields), value: wrongValue }).map(({ field, value }) => JSON.stringify({ [field]: value }))]
      : []),
  );

const malformedQuery = (params: string[]) =>
  fc.oneof(
    fc.record({ key: fc.stringMatching(/^[a-z]{1,8}$/).filter((k) => !params.includes(k)), value: fc.string({ maxLength: 10 }) }).map(({ key, value }) => `${key}=${encodeURIComponent(value)}`),
    fc.constantFrom('page=0', 'page=-3', 'page=abc', 'pageSize=1000', 'pageSize=0', 'role=owner', 'page=1.5', `search=${'x'.repeat(300)}`),
  );

const malformedId = fc.oneof(
  fc.string({ minLength: 1, maxLength: 50 }).map((s) => encodeURIComponent(s)),
  fc.constantFrom('..%2F..%2Fetc', '%00', 'null', '1', "'%20or%201=1--", '00000000-0000-0000-0000-00000000000g'),
);

let t: TestProduct;
let admin: Browser;
let anonymous: Browser;
beforeAll(async () => {
  t = await startTestProduct();
  await t.createUser({ email: 'staff@example.com', password: 'staff secret 1', role: 'super' });
  await t.createUser({ email: 'someone@example.com', password: 'someone secret 1' });
  admin = t.browser();
  await admin.signIn('staff@example.com', 'staff secret 1');
  anonymous = t.browser();
});
afterAll(() => t?.stop());

describe('malformed input never breaks the server or its data', () => {
  it('covers every operation of the contract', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  for (const op of operations) {
    it(`${op.method} ${op.path}`, async () => {
      const before = await t.rowCounts();
      const request = fc.record({
        as: fc.constantFrom('admin', 'anonymous'),
        body: op.hasBody ? malformedBody(op.bodyFields) : fc.constant(undefined),
        query: op.queryParams.length || !op.hasBody ? malformedQuery(op.queryParams) : fc.constant(undefined),
        id: op.pathParams.length ? malformedId : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ as, body, query, id }) => {
          let path = op.path;
          if (id !== undefined) path = path.replace(/\{\w+\}/, id);
          if (query !== undefined && !op.hasBody) path += `?${query}`;
          const browser = as === 'admin' ? admin : anonymous;
          const answer = await browser.request(op.method, path, body);
          expect(answer.status, `${op.method} ${path} ${body ?? ''} → ${answer.status} ${JSON.stringify(answer.body)}`).toBeLessThan(500);
          if (answer.status >= 400 && answer.headers.get('content-type')?.includes('json')) {
            expect(typeof (answer.body as { message?: unknown }).message).toBe('string');
          }
        }),
        { numRuns: 100 },
      );
      expect(await t.rowCounts()).toEqual(before);
      // Still well: the admin's session and the server survived the storm.
      expect((await admin.get('/api/auth/user')).status).toBe(200);
    });
  }
});
