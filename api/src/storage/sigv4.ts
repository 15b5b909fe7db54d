/**
 * AWS Signature Version 4 for S3 requests signed in the Authorization header, as Amazon documents it
 * ("Signature Calculations for the Authorization Header"): a canonical request of the method, the path, the
 * query, the signed headers and the payload's SHA-256, signed with a key derived from the secret per day,
 * region and service. Every S3-compatible store (S3, R2, MinIO, Backblaze B2, Wasabi) takes it.
 */
import crypto from 'node:crypto';

export interface SigningKeys {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Headers to send and sign besides host, x-amz-date and x-amz-content-sha256 (names in any case). */
  headers?: Record<string, string>;
  /** SHA-256 of the body in hex (of nothing for a request without one). */
  payloadSha256: string;
  at: Date;
}

export const EMPTY_PAYLOAD_SHA256 = crypto.createHash('sha256').update('').digest('hex');

export const sha256Hex = (data: Buffer | string): string => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string): Buffer => crypto.createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding (encodeURIComponent leaves !'()* unencoded; AWS encodes them). */
const uriEncode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Each segment of the path encoded once (S3 does not encode twice), slashes kept. */
const canonicalPath = (url: URL): string =>
  url.pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/') || '/';

const canonicalQuery = (url: URL): string =>
  [...url.searchParams]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');

/** 20130524T000000Z */
export const amzDate = (at: Date): string =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The headers to send: the given ones, host, x-amz-date, x-amz-content-sha256 and the Authorization that signs them. */
export function signedHeaders(keys: SigningKeys, request: RequestToSign): Record<string, string> {
  const date = amzDate(request.at);
  const day = date.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
    host: request.url.host,
    'x-amz-date': date,
    'x-amz-content-sha256': request.payloadSha256,
  };
  const names = Object.keys(headers).sort();
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.url),
    canonicalQuery(request.url),
    ...names.map((name) => `${name}:${headers[name]!.trim().replace(/\s+/g, ' ')}`),
    '',
    names.join(';'),
    request.payloadSha256,
  ].join('\n');
  const scope = `${day}/${keys.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${keys.secretAccessKey}`, day), keys.region), 's3'), 'aws4_request');
  const signature = hmac(signingKey, stringToSign).toString('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${keys.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`,
  };
}
