import type { RequestHandler } from 'express';
import { AppError } from '../../context.ts';
import { unstorableTextProblem } from '../../db/storable-text.ts';

/**
 * Input the database cannot store (a NUL character, half of a surrogate pair) is refused with a 400
 * here, at the edge, before any query: otherwise it fails the first query that holds it, as a 500.
 */

/** How a message names what was found: a value at a place, or a name of a field. */
interface Subject {
  value: (where: string) => string;
  name: string;
}

const QUERY: Subject = { value: (where) => `The query parameter "${where}"`, name: 'A query parameter name' };
const BODY: Subject = { value: (where) => `The field "${where}"`, name: 'A field name' };

/** The message for the first string in a parsed query or body (names of fields too) the database cannot store. */
function findUnstorable(root: unknown, subject: Subject): string | undefined {
  const pending: Array<{ value: unknown; where: string }> = [{ value: root, where: '' }];
  // A loop, not recursion: a body of 100 kB can nest arrays 50,000 deep. Children are pushed last
  // first, so the first problem in reading order is the one named.
  while (pending.length > 0) {
    const { value, where } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = unstorableTextProblem(value);
      if (problem) return `${subject.value(where)} ${problem}.`;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], where: `${where}[${i}]` });
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value).reverse()) {
        const problem = unstorableTextProblem(key);
        if (problem) return `${subject.name} ${problem}.`;
        pending.push({ value: item, where: where ? `${where}.${key}` : key });
      }
    }
  }
  return undefined;
}

/** The HTTP parser refuses a raw NUL in the request line, so in a path it can only be percent-encoded. */
const ENCODED_NUL = /%00/i;

/** The address: its path (ids, SKUs) and its query. Mounted before every route, the webhooks' too. */
export const refuseUnstorableUrl: RequestHandler = (req, _res, next) => {
  if (ENCODED_NUL.test(req.path)) throw new AppError(400, 'The address must not contain the NUL character.');
  const message = findUnstorable(req.query, QUERY);
  if (message) throw new AppError(400, message);
  next();
};

/**
 * A parsed JSON body, however deep. A text body (a CSV file) is left to its route, which names the
 * line; a raw body (a webhook's, verified by its signature) is never parsed here.
 */
export const refuseUnstorableBody: RequestHandler = (req, _res, next) => {
  if (req.body !== null && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) {
    const message = findUnstorable(req.body, BODY);
    if (message) throw new AppError(400, message);
  }
  next();
};
