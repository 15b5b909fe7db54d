import type { RequestHandler } from 'express';
import { SELLER_LOCAL } from './sandbox-definition.ts';

export interface LoggedRequest {
  at: string;
  method: string;
  path: string;
  /** 0 when no answer was sent: the connection closed first (a request held by the timeoutRate fault). */
  status: number;
  /** The seller whose credentials the call carried, when the sandbox could tell. */
  sellerId?: string;
  /** The parsed body, for the contract tests and for debugging; secrets are not logged. */
  body?: unknown;
  query?: Record<string, unknown>;
  /** The JSON the sandbox answered, for the contract tests. */
  response?: unknown;
}

const KEPT = 5000;
const SECRET_FIELDS = /secret|password|token|refresh|code|authorization/i;

function redact(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELDS.test(k) ? '[redacted]' : v]),
  );
}

/** The marketplace API calls a sandbox received (the newest 5,000), for the contract tests and for debugging. */
export class RequestLog {
  private entries: LoggedRequest[] = [];

  /** Notes each call when it is answered (or dropped unanswered), with the JSON it answered. */
  readonly record: RequestHandler = (req, res, next) => {
    let answered: unknown;
    const json = res.json.bind(res);
    res.json = (payload: unknown) => {
      answered = payload;
      return json(payload);
    };
    const note = (status: number) => {
      const sellerId = res.locals[SELLER_LOCAL] as string | undefined;
      this.entries.push({
        at: new Date().toISOString(),
        method: req.method,
        path: req.path,
        status,
        ...(sellerId !== undefined ? { sellerId } : {}),
        body: redact(req.body),
        query: req.query as Record<string, unknown>,
        response: redact(answered),
      });
      if (this.entries.length > KEPT) this.entries.splice(0, this.entries.length - KEPT);
    };
    res.on('finish', () => note(res.statusCode));
    // No answer at all (a held request whose client gave up): logged as status 0.
    res.on('close', () => {
      if (!res.writableFinished) note(0);
    });
    next();
  };

  all(): LoggedRequest[] {
    return this.entries;
  }

  /** The calls of these sellers only. */
  of(sellers: (sellerId: string) => boolean): LoggedRequest[] {
    return this.entries.filter((entry) => entry.sellerId !== undefined && sellers(entry.sellerId));
  }

  forget(sellers: (sellerId: string) => boolean): void {
    this.entries = this.entries.filter((entry) => entry.sellerId === undefined || !sellers(entry.sellerId));
  }

  clear(): void {
    this.entries.length = 0;
  }
}
