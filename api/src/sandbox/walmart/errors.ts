/**
 * Walmart's error shape (`{ errors: [{ code, field, description, info, severity, category, causes,
 * errorIdentifiers }] }`, as the Marketplace API's `Error` and
 * https://developer.walmart.com/us-marketplace/docs/error-codes describe it) and the answers the sandbox
 * sends in it.
 */
import type { Response } from 'express';
import { REFUSED_SKU_CODE, refusedSkuMessage } from '../shared/sandbox-kit.ts';
import type { WalmartContext, WalmartSandboxSeller } from './state.ts';

type Severity = 'INFO' | 'WARN' | 'ERROR';
type Category = 'APPLICATION' | 'SYSTEM' | 'REQUEST' | 'DATA';

/** Walmart's error body: `{ errors: [{ code, field, description, info, severity, category }] }`. */
export function walmartError(
  code: string,
  description: string,
  options: { field?: string; info?: string; severity?: Severity; category?: Category } = {},
) {
  return {
    errors: [
      {
        code,
        field: options.field ?? '',
        description,
        info: options.info ?? description,
        severity: options.severity ?? 'ERROR',
        category: options.category ?? 'REQUEST',
        causes: [],
        errorIdentifiers: {},
      },
    ],
  };
}

export const send = (
  res: Response,
  status: number,
  code: string,
  description: string,
  options: Parameters<typeof walmartError>[2] = {},
) => {
  res.status(status).json(walmartError(code, description, options));
};

/** The body of a failure the kit answers (a 5xx or 429 it injects, a 404, an unreadable or too large body). */
export function errorBody(status: number, message: string) {
  if (status === 404) return walmartError('CONTENT_NOT_FOUND.GMP_GATEWAY_API', message, { category: 'REQUEST' });
  if (status === 400 || status === 413)
    return walmartError('INVALID_REQUEST_CONTENT.GMP_GATEWAY_API', message, { category: 'REQUEST' });
  if (status === 429)
    return walmartError('REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API', message, { category: 'REQUEST' });
  return walmartError('SYSTEM_ERROR.GMP_GATEWAY_API', message, { category: 'SYSTEM' });
}

/** The rejectSkus fault on a single update: Walmart's 400 error body for this SKU; answers true when it refused. */
export function refused(
  context: WalmartContext,
  res: Response,
  seller: WalmartSandboxSeller,
  sku: string,
  field: string,
): boolean {
  if (!context.refusesSku(seller.sellerId, sku)) return false;
  send(res, 400, REFUSED_SKU_CODE, refusedSkuMessage(sku), { field, category: 'DATA' });
  return true;
}
