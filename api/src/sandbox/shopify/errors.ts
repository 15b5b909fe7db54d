/**
 * Shopify's error shapes: the REST-style answers (`{ errors: "Not Found" }`, the invalid token), the
 * GraphQL errors of a throttled or oversized request, and the user errors a mutation answers.
 */
import { GraphQLError } from 'graphql';

/** A mutation's user error: `{ code?, field, message }`. */
export interface UserError {
  code: string;
  field: string[];
  message: string;
}

export const invalidToken = { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' };

/** A throttled GraphQL request's errors (answered with HTTP 200 and the request's cost). */
export const throttledErrors = [
  {
    message: 'Throttled',
    extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
  },
];

/** An input list longer than Shopify takes (250 items). */
export const maxInputSizeExceeded = (size: number) =>
  new GraphQLError(`The input array size of ${size} is greater than the maximum allowed of 250.`, {
    extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' },
  });

/**
 * The body of a failure the kit answers. A GraphQL throttle is `errors: [{ message: "Throttled",
 * extensions: { code: "THROTTLED" } }]` (with the cost Shopify's rate-limit page describes,
 * https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits); the REST-style answers (404, 5xx,
 * an unreadable body) carry `errors` as a string.
 */
export const errorBody = (status: number, message: string) =>
  status === 429 ? { errors: throttledErrors } : { errors: status === 404 ? 'Not Found' : message };
