/**
 * JSON_LISTINGS_FEED processing for the Amazon sandbox: the document against the feed schema's
 * rules, then each message on its own, and the processing report (listings-feed-processing-report-schema-v2).
 */
import crypto from 'node:crypto';
import { REFUSED_SKU_CODE, refusedSkuMessage } from '../shared/sandbox-kit.ts';
import { feedProblems, messageProblems } from './listings-feed-validation.ts';
import { applyPatches, attributeIssues } from './attributes.ts';
import { commit } from './listings.ts';
import {
  isObject,
  nowIso,
  type AmazonContext,
  type AmazonSandboxState,
  type Attributes,
  type FeedRecord,
  type Issue,
  type PatchOp,
  type SellerRecord,
} from './state.ts';

/**
 * Legacy XML and flat-file listings feeds: no longer supported since 2025-07-31, they end FATAL
 * (https://developer-docs.amazon.com/sp-api/docs/listings-feed-type-values).
 */
export const LEGACY_FEED_TYPES = /^POST_(PRODUCT|INVENTORY|FLAT_FILE)/;

/** The processing report as it fills: its issues and its message counts. */
interface FeedReport {
  issues: Array<{
    messageId?: number;
    sku?: string;
    code: string;
    severity: 'ERROR' | 'WARNING';
    message: string;
    attributeName?: string;
  }>;
  processed: number;
  accepted: number;
  invalid: number;
}

/**
 * Processes a JSON_LISTINGS_FEED: the whole document against the feed schema (FATAL when it cannot
 * be read), then each message on its own, so a bad message is reported without failing the rest.
 */
export function processFeed(state: AmazonSandboxState, context: AmazonContext, feed: FeedRecord) {
  const report: FeedReport = { issues: [], processed: 0, accepted: 0, invalid: 0 };
  const messages = readableMessages(state, feed, report);
  if (!messages) return finish(state, feed, report, 'FATAL');
  const seen = new Set<number>();
  for (const message of messages) processMessage(state, context, feed, message, seen, report);
  finish(state, feed, report, 'DONE');
}

/** The feed's messages, or undefined (with the FATAL issue reported) when the document cannot be processed. */
function readableMessages(state: AmazonSandboxState, feed: FeedRecord, report: FeedReport): unknown[] | undefined {
  const seller = state.sellers[feed.sellerId];
  const fatal = (message: string) => void report.issues.push({ code: '100001', severity: 'ERROR', message });
  if (LEGACY_FEED_TYPES.test(feed.feedType)) {
    fatal(`Feed type ${feed.feedType} is no longer supported; use JSON_LISTINGS_FEED.`);
    return undefined;
  }
  let document = state.documents[feed.inputFeedDocumentId]?.content;
  if (typeof document === 'string') {
    try {
      document = JSON.parse(document);
    } catch {
      document = undefined;
    }
  }
  const problems = seller ? feedProblems(document) : ['The seller no longer exists'];
  if (problems.length > 0) {
    fatal(`The feed document does not match the listings feed schema (v2): ${problems.join('; ')}`);
    return undefined;
  }
  const feedDocument = document as { header: { sellerId: string }; messages: unknown[] };
  if (feedDocument.header.sellerId !== seller!.sellerId) {
    fatal(`header.sellerId ${feedDocument.header.sellerId} is not the seller that submitted the feed.`);
    return undefined;
  }
  return feedDocument.messages;
}

/** One message: checked against the message schema and the rejectSkus fault, then applied or reported. */
function processMessage(
  state: AmazonSandboxState,
  context: AmazonContext,
  feed: FeedRecord,
  message: unknown,
  seen: Set<number>,
  report: FeedReport,
) {
  report.processed++;
  const record = isObject(message) ? message : {};
  const messageId = Number.isInteger(record.messageId) ? (record.messageId as number) : undefined;
  const sku = typeof record.sku === 'string' && record.sku ? record.sku : undefined;
  const issue = (code: string, text: string, attributeName?: string) =>
    report.issues.push({
      ...(messageId !== undefined ? { messageId } : {}),
      ...(sku ? { sku } : {}),
      code,
      severity: 'ERROR',
      message: text,
      ...(attributeName ? { attributeName } : {}),
    });
  const reject = (code: string, text: string) => {
    report.invalid++;
    issue(code, text);
  };
  const schemaProblems = messageProblems(message);
  if (messageId !== undefined && seen.has(messageId))
    schemaProblems.push(`messageId ${messageId} is used by an earlier message in this feed`);
  if (messageId !== undefined) seen.add(messageId);
  if (schemaProblems.length > 0)
    return reject(
      '100001',
      `The message does not match the listings feed message schema (v2): ${schemaProblems.join('; ')}`,
    );
  // The rejectSkus fault: this message alone is refused, as a message with an ERROR issue.
  if (context.refusesSku(feed.sellerId, sku!)) return reject(REFUSED_SKU_CODE, refusedSkuMessage(sku!));
  const seller = state.sellers[feed.sellerId]!;
  const change = messageChange(seller, sku!, record);
  if (change === 'deleted') return void report.accepted++;
  if (change === 'missing')
    return reject('NOT_FOUND', `SKU '${sku}' does not exist for this seller; use an UPDATE message to create it.`);
  const errors = change.problems.filter((i) => i.severity === 'ERROR');
  if (errors.length > 0) {
    report.invalid++;
    for (const error of errors) issue(error.code, error.message, error.attributeNames?.[0]);
    return;
  }
  report.accepted++;
  commit(
    state,
    context,
    seller,
    sku!,
    change.next,
    typeof record.productType === 'string' ? record.productType : undefined,
  );
}

/** What a valid message does to its SKU: deleted, the attributes it leaves (and their problems), or no such SKU. */
function messageChange(
  seller: SellerRecord,
  sku: string,
  record: Record<string, unknown>,
): 'deleted' | 'missing' | { next: Attributes; problems: Issue[] } {
  const operation = record.operationType as string;
  const item = seller.items[sku];
  if (operation === 'DELETE') {
    if (item) delete seller.items[sku];
    return 'deleted';
  }
  if (operation === 'UPDATE') {
    const next = structuredClone(record.attributes as Attributes);
    return { next, problems: attributeIssues(next) };
  }
  if (!item) return 'missing';
  if (operation === 'PARTIAL_UPDATE') {
    const next = { ...structuredClone(item.attributes), ...structuredClone(record.attributes as Attributes) };
    return { next, problems: attributeIssues(next) };
  }
  const patched = applyPatches(item.attributes, record.patches as PatchOp[]);
  return { next: patched.attributes, problems: patched.issues };
}

/** Ends the feed (DONE or FATAL) with its processing report as the result document. */
function finish(state: AmazonSandboxState, feed: FeedRecord, report: FeedReport, status: 'DONE' | 'FATAL') {
  const reportId = `amzn1.tortuga.4.na.${crypto.randomUUID()}`;
  feed.processingStatus = status;
  feed.processingEndTime = nowIso();
  feed.resultFeedDocumentId = reportId;
  state.documents[reportId] = {
    documentId: reportId,
    sellerId: feed.sellerId,
    kind: 'result',
    contentType: 'application/json',
    content: {
      header: { sellerId: feed.sellerId, version: '2.0', feedId: feed.feedId },
      issues: report.issues,
      summary: {
        errors: report.issues.filter((i) => i.severity === 'ERROR').length,
        warnings: report.issues.filter((i) => i.severity === 'WARNING').length,
        messagesProcessed: report.processed,
        messagesAccepted: report.accepted,
        messagesInvalid: report.invalid,
      },
    },
  };
}
