/**
 * Amazon's error shape (listingsItems_2021-08-01 `ErrorList`: `{ errors: [{ code, message, details? }] }`)
 * and the way every SP-API answer is sent: with an `x-amzn-RequestId`, and `x-amzn-RateLimit-Limit` on success.
 */
import crypto from 'node:crypto';
import type { Response } from 'express';
import type { SandboxRate } from '../shared/sandbox-limits.ts';

export function errorList(code: string, message: string, details?: string) {
  return { errors: [{ code, message, ...(details !== undefined ? { details } : {}) }] };
}

export function send(res: Response, status: number, body: unknown, rate?: SandboxRate) {
  res.set('x-amzn-RequestId', crypto.randomUUID());
  if (rate && status < 400) res.set('x-amzn-RateLimit-Limit', String(rate.rate));
  res.status(status).json(body);
}

/** A success without a body (confirmShipment's 204), with the same headers as any other answer. */
export function sendNoContent(res: Response, rate: SandboxRate) {
  res.set('x-amzn-RequestId', crypto.randomUUID());
  res.set('x-amzn-RateLimit-Limit', String(rate.rate));
  res.status(204).end();
}

export function invalidInput(res: Response, details: string) {
  send(res, 400, errorList('InvalidInput', 'Request has missing or invalid parameters and cannot be parsed.', details));
}

/** The body of a failure the kit answers (a 5xx or 429 it injects, a 404, an unreadable body). */
export const errorBody = (status: number, message: string) =>
  errorList(
    status === 429 ? 'QuotaExceeded' : status >= 500 ? 'InternalFailure' : status === 404 ? 'NotFound' : 'InvalidInput',
    message,
  );
