import crypto from 'node:crypto';

/** The header our subscriptions ask Walmart to sign with (authDetails.authHeaderName). */
export const WALMART_WEBHOOK_HEADER = 'WM_SEC.SIGNATURE';

/**
 * Checks a Walmart webhook delivery signed with authMethod HMAC: HMAC-SHA256 of the complete raw
 * payload keyed with the secret given in the subscription (FACTS.md: the app's clientSecret), in
 * the header named by authHeaderName. Walmart does not publish the encoding, so base64 and hex are
 * both accepted. Pass the raw body bytes as received, before any JSON parsing.
 */
export function verifyWalmartWebhook(
  rawBody: string | Buffer,
  headers: Record<string, string | string[] | undefined> | Headers,
  secret: string,
  headerName: string = WALMART_WEBHOOK_HEADER,
): boolean {
  const value =
    headers instanceof Headers ? headers.get(headerName) : (headers[headerName] ?? headers[headerName.toLowerCase()]);
  const signature = Array.isArray(value) ? value[0] : value;
  if (!signature || !secret) return false;
  const digest = crypto.createHmac('sha256', secret).update(rawBody).digest();
  const candidates = [
    Buffer.from(signature, 'base64'),
    /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0),
  ];
  return candidates.some(
    (candidate) => candidate.length === digest.length && crypto.timingSafeEqual(candidate, digest),
  );
}
