import http from 'node:http';
import https from 'node:https';
import { namesPrivateHost, publicAddressLookup } from '../../net/public-addresses.ts';
import type { PictureFacts } from './checks.ts';
import { readImageHeader } from './image-header.ts';

// Reading what a product's image is: its first kilobytes (a ranged GET; a server that ignores the range is cut off
// there too) give the format and size in pixels, the Content-Range or Content-Length the file's size. The address
// is the seller's: in production only a public one is read, checked as each connection is made (redirects too).

/** The bytes read of an image: every format we read keeps its size well within them (image-header.ts). */
export const PROBE_BYTES = 64 * 1024;
export const PROBE_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export interface ProbeOptions {
  /** Only public https or http addresses are read (production). */
  publicOnly: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const failed = (failure: string): PictureFacts => ({ format: null, width: null, height: null, bytes: null, failure });

/** What the image at this address is, or why it could not be read; never throws. */
export async function probeImage(url: string, options: ProbeOptions): Promise<PictureFacts> {
  let address: URL;
  try {
    address = new URL(url);
  } catch {
    return failed('the link is not a web address');
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    if (address.protocol !== 'https:' && address.protocol !== 'http:')
      return failed('the link is not an http or https address');
    if (options.publicOnly && namesPrivateHost(address.href)) return failed('the link points to a private address');
    const answer = await fetchStart(address, options);
    if ('failure' in answer) return failed(answer.failure);
    if (answer.redirect) {
      try {
        address = new URL(answer.redirect, address);
      } catch {
        return failed('the server sent us to an address that is not one');
      }
      continue;
    }
    if (answer.status !== 200 && answer.status !== 206) return failed(`the server answered ${answer.status}`);
    const header = readImageHeader(answer.bytes);
    if (!header)
      return failed(
        answer.contentType ? `it is not a picture (the server sent ${answer.contentType})` : 'it is not a picture',
      );
    return { format: header.format, width: header.width, height: header.height, bytes: answer.size, failure: null };
  }
  return failed(`the server redirected more than ${MAX_REDIRECTS} times`);
}

type Start =
  | { status: number; redirect: string | null; bytes: Uint8Array; size: number | null; contentType: string | null }
  | { failure: string };

/** The answer's status and its first PROBE_BYTES; the connection is closed once they are read. */
function fetchStart(address: URL, options: ProbeOptions): Promise<Start> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (start: Start) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(start);
    };
    const request = (address.protocol === 'https:' ? https : http).get(
      address,
      {
        headers: { range: `bytes=0-${PROBE_BYTES - 1}`, accept: 'image/*', 'user-agent': 'MarketplaceHub image check' },
        ...(options.publicOnly && { lookup: publicAddressLookup }),
        signal: options.signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && status !== 304 && location) {
          finish({ status, redirect: location, bytes: new Uint8Array(0), size: null, contentType: null });
          return;
        }
        const size = fileSize(status, response.headers);
        const contentType = response.headers['content-type']?.split(';')[0]?.trim() || null;
        const chunks: Buffer[] = [];
        let length = 0;
        const done = () =>
          finish({ status, redirect: null, bytes: Buffer.concat(chunks).subarray(0, PROBE_BYTES), size, contentType });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          length += chunk.length;
          if (length >= PROBE_BYTES) done();
        });
        response.on('end', done);
        response.on('error', () => done());
      },
    );
    const timer = setTimeout(
      () => finish({ failure: `the server did not answer within ${Math.round(timeoutMs / 1000)} seconds` }),
      timeoutMs,
    );
    request.on('error', (error: NodeJS.ErrnoException) => finish({ failure: connectionFailure(error) }));
  });
}

/** The whole file's size: a ranged answer's total (`bytes 0-65535/123456`), else a full answer's length. */
function fileSize(status: number, headers: http.IncomingHttpHeaders): number | null {
  if (status === 206) {
    const total = /\/(\d+)\s*$/.exec(headers['content-range'] ?? '')?.[1];
    return total === undefined ? null : Number(total);
  }
  const length = headers['content-length'];
  return length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
}

function connectionFailure(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'EPRIVATEADDRESS':
      return 'the link points to a private address';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'its server could not be found';
    case 'ECONNREFUSED':
      return 'its server refused the connection';
    case 'ABORT_ERR':
      return 'the check was stopped';
    default:
      return error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT')
        ? "its server's certificate is not valid"
        : 'the connection failed';
  }
}
