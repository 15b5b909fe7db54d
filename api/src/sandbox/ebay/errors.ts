/**
 * eBay's error shape (sell_inventory_v1 `Error`: `{ errors: [{ errorId, domain, category, message,
 * longMessage?, parameters? }] }`), the domains the sandbox's APIs answer in, and the errors several
 * resources share.
 */
import type { Response } from 'express';
import { refusedSkuMessage } from '../shared/sandbox-kit.ts';

export const DOMAIN_INVENTORY = 'API_INVENTORY';
export const DOMAIN_ACCOUNT = 'API_ACCOUNT';
export const DOMAIN_FULFILLMENT = 'API_FULFILLMENT';
export const DOMAIN_NOTIFICATION = 'API_NOTIFICATION';

export interface EbayErrorDetail {
  errorId: number;
  domain: string;
  category: 'REQUEST' | 'APPLICATION' | 'BUSINESS';
  message: string;
  longMessage?: string;
  parameters?: Array<{ name: string; value: string }>;
}

export const error = (
  errorId: number,
  domain: string,
  message: string,
  extra: Partial<EbayErrorDetail> = {},
): EbayErrorDetail => ({
  errorId,
  domain,
  category: 'REQUEST',
  message,
  ...extra,
});

export function fail(res: Response, status: number, ...errors: EbayErrorDetail[]): void {
  res.status(status).json({ errors });
}

/** The 429 of a spent daily quota. */
export const tooManyRequests = () => ({
  errors: [
    error(2001, 'ACCESS', 'Too many requests. The request limit has been reached for the resource.', {
      longMessage: 'The daily call quota of this API has been used up; it resets at the start of the next quota day.',
    }),
  ],
});

/** The body of a failure the kit answers (a 5xx or 429 it injects, a 404, an unreadable body). */
export const errorBody = (status: number, message: string) => ({
  errors: [
    status === 429
      ? error(2001, 'ACCESS', 'Too many requests. The request limit has been reached for the resource.', {
          longMessage: message,
        })
      : status === 404
        ? error(2002, 'ACCESS', 'Resource not found', { longMessage: message })
        : status < 500
          ? error(2004, 'ACCESS', 'Invalid request', { longMessage: message })
          : error(25001, 'API_INVENTORY', 'A system error has occurred.', {
              category: 'APPLICATION',
              longMessage: message,
            }),
  ],
});

/** The rejectSkus fault: eBay's per-item user error for this SKU. */
export const refusedError = (sku: string) =>
  error(25002, DOMAIN_INVENTORY, `Any User error. ${refusedSkuMessage(sku)}`, {
    parameters: [{ name: 'sku', value: sku }],
  });
