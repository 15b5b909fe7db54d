import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError } from '../../context.ts';

interface ValidationProblem {
  path?: string;
  message?: string;
}

/** A field's path as a person reads it: `shipments/0/trackingNumber` → "Shipments #1 tracking number". */
function fieldName(path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((part) =>
      /^\d+$/.test(part) ? `#${Number(part) + 1}` : part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase(),
    )
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const plural = (n: string, word: string) => `${n} ${word}${n === '1' ? '' : 's'}`;
const typeWords: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
};
const formatWords: Record<string, string> = {
  email: 'an email address',
  'date-time': 'a date and time',
  date: 'a date',
  uuid: 'an id this app gave',
  uri: 'a web address',
};

/** The validator's words ("must NOT have fewer than 6 characters") as a seller would read them. */
function plainWords(message: string): string {
  let m: RegExpMatchArray | null;
  if ((m = message.match(/^must NOT have fewer than (\d+) characters$/)))
    return `must be at least ${plural(m[1]!, 'character')}`;
  if ((m = message.match(/^must NOT have more than (\d+) characters$/)))
    return `must be at most ${plural(m[1]!, 'character')}`;
  if ((m = message.match(/^must NOT have fewer than (\d+) items$/)))
    return `must have at least ${plural(m[1]!, 'item')}`;
  if ((m = message.match(/^must NOT have more than (\d+) items$/))) return `must have at most ${plural(m[1]!, 'item')}`;
  if ((m = message.match(/^must be >= (\S+)$/))) return `must be at least ${m[1]}`;
  if ((m = message.match(/^must be <= (\S+)$/))) return `must be at most ${m[1]}`;
  if ((m = message.match(/^must be (\w+)$/)) && typeWords[m[1]!]) return `must be ${typeWords[m[1]!]}`;
  if ((m = message.match(/^must match format "(.+)"$/))) return `must be ${formatWords[m[1]!] ?? `a valid ${m[1]}`}`;
  if (/^must match pattern/.test(message)) return 'is not in the expected form';
  if ((m = message.match(/^must be equal to one of the allowed values(?:: (.+))?$/)))
    return m[1] ? `must be one of: ${m[1]}` : 'is not one of the allowed values';
  if (message === 'must NOT have additional properties') return 'is not a field this request takes';
  return message;
}

/** What a field in the wrong form should look like, where a pattern alone would say nothing to a seller. */
const expectedForms: Record<string, string> = {
  shopDomain: "must be your store's Shopify address, like your-store.myshopify.com",
};

const describe = (problem: ValidationProblem): string => {
  const where = (problem.path ?? '').replace(/^\/?(body|query|params|headers)\/?/, '');
  const message = problem.message ?? 'is not valid';
  const form = expectedForms[where.split('/').pop() ?? ''];
  if (form && /^must match pattern/.test(message)) return `${fieldName(where)} ${form}.`;
  const required = message.match(/^must have required property '(.+)'$/);
  if (required) return `${fieldName(`${where}/${required[1]}`)} is required.`;
  const words = plainWords(message);
  return where ? `${fieldName(where)} ${words}.` : `${words.charAt(0).toUpperCase()}${words.slice(1)}.`;
};

export const notFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `No such endpoint: ${req.method} ${req.path}` });
};

/**
 * Mounted after the contract's validator: the statuses the operation of a request it accepted
 * declares, so that errorHandler answers any other as what it is, a fault of ours.
 */
export const noteDeclaredStatuses: RequestHandler = (req, res, next) => {
  const responses = (req as { openapi?: { schema?: { responses?: object } } }).openapi?.schema?.responses;
  if (responses) res.locals.declaredStatuses = Object.keys(responses);
  next();
};

/** Whether the contract lets this request's operation answer the status ("404", "4XX" or "default"); outside it, anything goes. */
function isDeclared(declared: string[] | undefined, status: number): boolean {
  if (!declared) return true;
  const code = String(status);
  return declared.includes(code) || declared.includes(`${code[0]}XX`) || declared.includes('default');
}

interface ErrorAnswer {
  status: number;
  message: string;
  headers: Record<string, string>;
}

/** Whatever was thrown or passed to next(). */
type Failure = Parameters<ErrorRequestHandler>[0];

/** A 4xx (or an AppError's status) with words for the user; undefined for a failure of ours. */
function answerOf(error: Failure): ErrorAnswer | undefined {
  if (error instanceof AppError) return { status: error.status, message: error.message, headers: error.headers };
  const status =
    typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500;
  if (status < 400 || status >= 500) return undefined;
  let message: string;
  if (error.type === 'entity.parse.failed') message = 'The request body is not valid JSON.';
  else if (error.type === 'entity.too.large') message = 'The request body is too large.';
  else if (Array.isArray(error.errors) && error.errors.length > 0) message = error.errors.map(describe).join(' ');
  else message = typeof error.message === 'string' && error.message ? error.message : 'Bad request';
  return { status, message, headers: {} };
}

/**
 * Every failure becomes `{ message }`. 4xx say what was wrong; 5xx say nothing of the internals. A
 * status the contract does not declare for the operation is a fault of ours: logged with its
 * message and stack, answered 500 (which the response validator leaves alone).
 */
export function errorHandler(log: (line: string) => void): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    const answer = answerOf(error);
    if (answer && (answer.status >= 500 || isDeclared(res.locals.declaredStatuses, answer.status))) {
      res.status(answer.status).set(answer.headers).json({ message: answer.message });
      return;
    }
    if (answer) {
      log(
        `[http] ${req.method} ${req.path} answered ${answer.status}, which the contract does not declare for it: ${answer.message}\n${error?.stack ?? ''}`,
      );
    } else {
      // A failed query's own words (a deadlock, a lost connection) are in its cause, not its stack.
      const cause = error?.cause as { code?: string; message?: string } | undefined;
      log(
        `[http] ${req.method} ${req.path} failed: ${cause?.message ? `(${cause.code ?? 'cause'}: ${cause.message}) ` : ''}${error?.stack ?? error}`,
      );
    }
    res.status(500).json({ message: 'Something went wrong on our side. Please try again.' });
  };
}
