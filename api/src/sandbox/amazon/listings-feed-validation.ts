/**
 * The rules of Amazon's listings-feed-schema-v2 (JSON_LISTINGS_FEED) written out, because the
 * sandbox does not read the official definitions at run time. A test checks these rules agree with
 * the official schema on its example and on generated messages.
 */

export const FEED_OPERATION_TYPES = ['UPDATE', 'PARTIAL_UPDATE', 'PATCH', 'DELETE'] as const;
export const FEED_REQUIREMENTS = ['LISTING', 'LISTING_PRODUCT_ONLY', 'LISTING_OFFER_ONLY'] as const;
export const PATCH_OPS = ['add', 'replace', 'merge', 'delete'] as const;
export const INCLUDED_DATA = [
  'summaries',
  'attributes',
  'issues',
  'offers',
  'fulfillmentAvailability',
  'procurement',
  'relationships',
  'productTypes',
] as const;
export const MAX_FEED_MESSAGES = 25_000;
const MAX_MESSAGE_ID = 2_147_483_647;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const has = (object: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/** Problems with one JSON-patch list (the `patches` of a message or of patchListingsItem). */
export function patchProblems(patches: unknown, where = 'patches'): string[] {
  if (!Array.isArray(patches)) return [`${where} must be an array`];
  if (patches.length === 0) return [`${where} must have at least 1 item`];
  const problems: string[] = [];
  patches.forEach((patch, i) => {
    if (!isObject(patch)) {
      problems.push(`${where}[${i}] must be an object`);
      return;
    }
    if (!(PATCH_OPS as readonly unknown[]).includes(patch.op))
      problems.push(`${where}[${i}].op must be one of ${PATCH_OPS.join(', ')}`);
    if (typeof patch.path !== 'string') problems.push(`${where}[${i}].path must be a string`);
    if (has(patch, 'value') && (!Array.isArray(patch.value) || !patch.value.every(isObject)))
      problems.push(`${where}[${i}].value must be an array of objects`);
  });
  return problems;
}

/** Problems with one feed message (listings-feed-message-schema-v2); empty when it is valid. */
export function messageProblems(message: unknown): string[] {
  if (!isObject(message)) return ['The message must be an object'];
  const problems: string[] = [];
  const { messageId, sku, operationType } = message;
  if (!Number.isInteger(messageId) || (messageId as number) < 1 || (messageId as number) > MAX_MESSAGE_ID)
    problems.push(`messageId must be a whole number from 1 to ${MAX_MESSAGE_ID}`);
  if (typeof sku !== 'string' || sku.length === 0) problems.push('sku must be a non-empty string');
  if (!(FEED_OPERATION_TYPES as readonly unknown[]).includes(operationType))
    problems.push(`operationType must be one of ${FEED_OPERATION_TYPES.join(', ')}`);
  if (has(message, 'productType') && (typeof message.productType !== 'string' || message.productType.length === 0))
    problems.push('productType must be a non-empty string');
  if (has(message, 'requirements') && !(FEED_REQUIREMENTS as readonly unknown[]).includes(message.requirements))
    problems.push(`requirements must be one of ${FEED_REQUIREMENTS.join(', ')}`);
  if (has(message, 'attributes') && (!isObject(message.attributes) || Object.keys(message.attributes).length === 0))
    problems.push('attributes must be an object with at least 1 property');
  if (has(message, 'patches')) problems.push(...patchProblems(message.patches));

  // The schema's oneOf: which fields each operation needs and which it must not carry.
  const need = (field: string) => {
    if (!has(message, field)) problems.push(`${String(operationType)} messages require "${field}"`);
  };
  const forbid = (field: string) => {
    if (has(message, field)) problems.push(`"${field}" is not applicable to ${String(operationType)} messages`);
  };
  switch (operationType) {
    case 'UPDATE':
      need('productType');
      need('attributes');
      forbid('patches');
      break;
    case 'PARTIAL_UPDATE':
      need('productType');
      need('attributes');
      forbid('requirements');
      forbid('patches');
      break;
    case 'PATCH':
      need('productType');
      need('patches');
      forbid('requirements');
      forbid('attributes');
      break;
    case 'DELETE':
      forbid('requirements');
      forbid('attributes');
      forbid('productType');
      forbid('patches');
      break;
  }
  return problems;
}

/** Problems with the feed as a whole (header, messages list); empty when its messages can be processed one by one. */
export function feedProblems(feed: unknown): string[] {
  if (!isObject(feed)) return ['The feed document must be a JSON object'];
  const problems: string[] = [];
  const header = feed.header;
  if (!isObject(header)) problems.push('header is required');
  else {
    if (typeof header.sellerId !== 'string') problems.push('header.sellerId must be a string');
    if (header.version !== '2.0') problems.push('header.version must be "2.0"');
    if (has(header, 'issueLocale') && typeof header.issueLocale !== 'string')
      problems.push('header.issueLocale must be a string');
    if (has(header, 'report')) {
      const report = header.report;
      if (!isObject(report)) problems.push('header.report must be an object');
      else {
        if (
          !Array.isArray(report.includedData) ||
          report.includedData.length === 0 ||
          !report.includedData.every((d) => (INCLUDED_DATA as readonly unknown[]).includes(d))
        ) {
          problems.push(`header.report.includedData must list at least one of ${INCLUDED_DATA.join(', ')}`);
        }
        if (report.apiVersion !== '2021-08-01') problems.push('header.report.apiVersion must be "2021-08-01"');
      }
    }
  }
  if (!Array.isArray(feed.messages)) problems.push('messages is required');
  else if (feed.messages.length === 0) problems.push('messages must have at least 1 item');
  else if (feed.messages.length > MAX_FEED_MESSAGES)
    problems.push(`messages must have at most ${MAX_FEED_MESSAGES} items`);
  return problems;
}
