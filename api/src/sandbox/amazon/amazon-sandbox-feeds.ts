/**
 * JSON_LISTINGS_FEED processing for the Amazon sandbox: the document against the feed schema's
 * rules, then each message on its own, and the processing report (listings-feed-processing-report-schema-v2).
 */
import crypto from 'node:crypto';
import { REFUSED_SKU_CODE, refusedSkuMessage, type SandboxContext } from '../shared/sandbox-kit.ts';
import { feedProblems, messageProblems } from './listings-feed-validation.ts';
import {
  applyPatches,
  attributeIssues,
  commit,
  isObject,
  nowIso,
  type AmazonSandboxState,
  type Attributes,
  type FeedRecord,
  type Issue,
  type PatchOp,
} from './amazon-sandbox-model.ts';

/** Legacy XML and flat-file listings feeds: no longer supported since 2025-07-31, they end FATAL (FACTS.md §1, A-FT). */
export const LEGACY_FEED_TYPES = /^POST_(PRODUCT|INVENTORY|FLAT_FILE)/;

/**
 * Processes a JSON_LISTINGS_FEED: the whole document against the feed schema (FATAL when it cannot
 * be read), then each message on its own, so a bad message is reported without failing the rest.
 */
export function processFeed(state: AmazonSandboxState, context: SandboxContext<AmazonSandboxState>, feed: FeedRecord) {
  const seller = state.sellers[feed.sellerId];
  const input = state.documents[feed.inputFeedDocumentId];
  const reportId = `amzn1.tortuga.4.na.${crypto.randomUUID()}`;
  const issues: Array<{
    messageId?: number;
    sku?: string;
    code: string;
    severity: 'ERROR' | 'WARNING';
    message: string;
    attributeName?: string;
  }> = [];
  let processed = 0;
  let accepted = 0;
  let invalid = 0;
  const finish = (status: 'DONE' | 'FATAL') => {
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
        issues,
        summary: {
          errors: issues.filter((i) => i.severity === 'ERROR').length,
          warnings: issues.filter((i) => i.severity === 'WARNING').length,
          messagesProcessed: processed,
          messagesAccepted: accepted,
          messagesInvalid: invalid,
        },
      },
    };
  };
  if (LEGACY_FEED_TYPES.test(feed.feedType)) {
    issues.push({
      code: '100001',
      severity: 'ERROR',
      message: `Feed type ${feed.feedType} is no longer supported; use JSON_LISTINGS_FEED.`,
    });
    return finish('FATAL');
  }
  let document = input?.content;
  if (typeof document === 'string') {
    try {
      document = JSON.parse(document);
    } catch {
      document = undefined;
    }
  }
  const problems = seller ? feedProblems(document) : ['The seller no longer exists'];
  if (problems.length > 0) {
    issues.push({
      code: '100001',
      severity: 'ERROR',
      message: `The feed document does not match the listings feed schema (v2): ${problems.join('; ')}`,
    });
    return finish('FATAL');
  }
  const feedDocument = document as { header: { sellerId: string }; messages: unknown[] };
  if (feedDocument.header.sellerId !== seller!.sellerId) {
    issues.push({
      code: '100001',
      severity: 'ERROR',
      message: `header.sellerId ${feedDocument.header.sellerId} is not the seller that submitted the feed.`,
    });
    return finish('FATAL');
  }
  const seen = new Set<number>();
  for (const message of feedDocument.messages) {
    processed++;
    const record = isObject(message) ? message : {};
    const messageId = Number.isInteger(record.messageId) ? (record.messageId as number) : undefined;
    const sku = typeof record.sku === 'string' && record.sku ? record.sku : undefined;
    const reject = (code: string, text: string, attributeName?: string) => {
      issues.push({
        ...(messageId !== undefined ? { messageId } : {}),
        ...(sku ? { sku } : {}),
        code,
        severity: 'ERROR',
        message: text,
        ...(attributeName ? { attributeName } : {}),
      });
    };
    const schemaProblems = messageProblems(message);
    if (messageId !== undefined && seen.has(messageId))
      schemaProblems.push(`messageId ${messageId} is used by an earlier message in this feed`);
    if (messageId !== undefined) seen.add(messageId);
    if (schemaProblems.length > 0) {
      invalid++;
      reject(
        '100001',
        `The message does not match the listings feed message schema (v2): ${schemaProblems.join('; ')}`,
      );
      continue;
    }
    if (context.refusesSku(feed.sellerId, sku!)) {
      // The rejectSkus fault: this message alone is refused, as a message with an ERROR issue.
      invalid++;
      reject(REFUSED_SKU_CODE, refusedSkuMessage(sku!));
      continue;
    }
    const operation = record.operationType as string;
    const item = seller!.items[sku!];
    let next: Attributes | undefined;
    let attributeProblems: Issue[] = [];
    if (operation === 'DELETE') {
      if (item) delete seller!.items[sku!];
      accepted++;
      continue;
    } else if (operation === 'UPDATE') {
      next = structuredClone(record.attributes as Attributes);
      attributeProblems = attributeIssues(next);
    } else if (!item) {
      invalid++;
      reject('NOT_FOUND', `SKU '${sku}' does not exist for this seller; use an UPDATE message to create it.`);
      continue;
    } else if (operation === 'PARTIAL_UPDATE') {
      next = { ...structuredClone(item.attributes), ...structuredClone(record.attributes as Attributes) };
      attributeProblems = attributeIssues(next);
    } else {
      const patched = applyPatches(item.attributes, record.patches as PatchOp[]);
      next = patched.attributes;
      attributeProblems = patched.issues;
    }
    const errors = attributeProblems.filter((i) => i.severity === 'ERROR');
    if (errors.length > 0) {
      invalid++;
      for (const error of errors) reject(error.code, error.message, error.attributeNames?.[0]);
      continue;
    }
    accepted++;
    commit(
      state,
      context,
      seller!,
      sku!,
      next,
      typeof record.productType === 'string' ? record.productType : undefined,
    );
  }
  finish('DONE');
}
