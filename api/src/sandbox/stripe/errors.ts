import type { NextFunction, Request, Response } from 'express';

/** Stripe's error types (spec3 `api_errors.type`). */
export type StripeErrorType = 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';

/** A refusal answered in Stripe's shape: `{ error: { type, message, code?, param? } }`. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string } = {},
  ) {
    super(message);
  }
}

export const stripeErrorBody = (type: StripeErrorType, message: string, extra: StripeApiError['extra'] = {}) => ({
  error: { type, message, ...extra },
});

export const missingResource = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });

export const invalidParam = (param: string, message: string) =>
  new StripeApiError(400, 'invalid_request_error', message, { param, code: 'parameter_invalid' });

/** A request id as Stripe sends one with every answer. */
export const requestIdHeader = 'Request-Id';

/** The last handlers: Stripe's own 404 for a path it does not know, and every refusal in its shape. */
export function unknownPath(req: Request, res: Response): void {
  res
    .status(404)
    .json(
      stripeErrorBody(
        'invalid_request_error',
        `Unrecognized request URL (${req.method}: ${req.baseUrl}${req.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      ),
    );
}

export function answerStripeError(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  if (res.headersSent) return next(error);
  if (error instanceof StripeApiError) {
    res.status(error.status).json(stripeErrorBody(error.type, error.message, error.extra));
    return;
  }
  const status = (error as { status?: number }).status;
  if (status === 413) {
    res.status(413).json(stripeErrorBody('invalid_request_error', 'The request body is too large.'));
    return;
  }
  next(error);
}
