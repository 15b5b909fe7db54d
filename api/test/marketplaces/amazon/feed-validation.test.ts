import { expect, test } from 'vitest';
import fc from 'fast-check';
import { Ajv } from 'ajv';
import { readOfficial } from '../../support/marketplace-contract.ts';
import { feedProblems, messageProblems } from '../../../src/sandbox/amazon/listings-feed-validation.ts';

/** The sandbox cannot read the official schema at run time, so its written-out rules must agree with it. */
const ajv = new Ajv({ strict: false, allErrors: true });
const validateFeed = ajv.compile(readOfficial('amazon/listings-feed-schema-v2.json') as object);
const header = { sellerId: 'A1SELLER', version: '2.0' };
const officialAccepts = (message: unknown) => validateFeed({ header, messages: [message] });

test('the official example feed passes the sandbox rules, message by message', () => {
  const example = readOfficial('amazon/listings-feed-schema-v2.example.json') as { messages: unknown[] };
  expect(feedProblems(example)).toEqual([]);
  for (const message of example.messages) expect(messageProblems(message)).toEqual([]);
});

test('sandbox and official schema agree on generated messages', () => {
  const patches = [
    {
      op: 'replace',
      path: '/attributes/fulfillment_availability',
      value: [{ fulfillment_channel_code: 'DEFAULT', quantity: 3 }],
    },
  ];
  const attributes = { fulfillment_availability: [{ fulfillment_channel_code: 'DEFAULT', quantity: 3 }] };
  /** A valid message of each operation type, as the schema's oneOf describes them. */
  const valid: Record<string, Record<string, unknown>> = {
    UPDATE: {
      messageId: 1,
      sku: 'SKU-1',
      operationType: 'UPDATE',
      productType: 'HOME',
      requirements: 'LISTING',
      attributes,
    },
    PARTIAL_UPDATE: { messageId: 2, sku: 'SKU-2', operationType: 'PARTIAL_UPDATE', productType: 'HOME', attributes },
    PATCH: { messageId: 3, sku: 'SKU-3', operationType: 'PATCH', productType: 'HOME', patches },
    DELETE: { messageId: 4, sku: 'SKU-4', operationType: 'DELETE' },
  };
  const fields = [
    'messageId',
    'sku',
    'operationType',
    'productType',
    'requirements',
    'attributes',
    'patches',
    'extra',
  ] as const;
  const values: unknown[] = [
    undefined,
    0,
    1,
    2_147_483_647,
    2_147_483_648,
    1.5,
    '1',
    '',
    'SKU',
    'PATCH',
    'UPSERT',
    'LISTING_OFFER_ONLY',
    {},
    attributes,
    [],
    patches,
    [{ op: 'remove', path: '/x' }],
    [{ op: 'add', path: 7 }],
    [{ op: 'add', path: '/attributes/a', value: [1] }],
    null,
  ];
  const mutation = fc.record({ field: fc.constantFrom(...fields), value: fc.constantFrom(...values) });
  const message = fc
    .tuple(fc.constantFrom(...Object.keys(valid)), fc.array(mutation, { maxLength: 2 }))
    .map(([type, mutations]) => {
      const m: Record<string, unknown> = { ...valid[type] };
      for (const { field, value } of mutations) {
        if (value === undefined) delete m[field];
        else m[field] = value;
      }
      return m;
    });
  let validSeen = 0;
  let invalidSeen = 0;
  fc.assert(
    fc.property(message, (m) => {
      const official = officialAccepts(m);
      const ours = messageProblems(m).length === 0;
      if (official) validSeen++;
      else invalidSeen++;
      expect(ours, `${JSON.stringify(m)}: official ${official}, sandbox ${messageProblems(m).join('; ')}`).toBe(
        official,
      );
    }),
    { numRuns: 3000, seed: 20261121 },
  );
  // Both sides of the agreement were exercised.
  expect(validSeen).toBeGreaterThan(100);
  expect(invalidSeen).toBeGreaterThan(100);
});

test('feed-level rules match the schema for headers and message lists', () => {
  const cases: unknown[] = [
    { header, messages: [] },
    { header: { ...header, version: '1.0' }, messages: [{ messageId: 1, sku: 'A', operationType: 'DELETE' }] },
    { header: { version: '2.0' }, messages: [{ messageId: 1, sku: 'A', operationType: 'DELETE' }] },
    {
      header: { ...header, report: { includedData: [], apiVersion: '2021-08-01' } },
      messages: [{ messageId: 1, sku: 'A', operationType: 'DELETE' }],
    },
    {
      header: { ...header, report: { includedData: ['issues'], apiVersion: '2021-08-01' } },
      messages: [{ messageId: 1, sku: 'A', operationType: 'DELETE' }],
    },
    { messages: [{ messageId: 1, sku: 'A', operationType: 'DELETE' }] },
    'not a feed',
  ];
  for (const feed of cases) {
    const official = validateFeed(feed);
    const ours =
      feedProblems(feed).length === 0 &&
      (feed as { messages: unknown[] }).messages.every((m) => messageProblems(m).length === 0);
    expect(ours, JSON.stringify(feed)).toBe(official);
  }
});
