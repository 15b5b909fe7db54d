import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signedHeaders } from '../../src/storage/sigv4.ts';

/**
 * An S3-compatible bucket for tests: PUT, GET and DELETE of single objects at /{bucket}/{key}, each request's
 * Signature Version 4 checked as S3 checks it (the signature over the signed headers, the payload's hash, the
 * clock skew), S3's XML errors otherwise. The signing itself is pinned by Amazon's own example (sigv4.test.ts).
 */
export interface TestObjectStore {
  url: string;
  bucket: string;
  keys: { accessKeyId: string; secretAccessKey: string; region: string };
  objects: Map<string, { bytes: Buffer; contentType: string | undefined }>;
  /** Requests in arrival order, as "METHOD key status". */
  requests: string[];
  /** While true, every request gets 503 SlowDown. */
  unavailable: boolean;
  close(): Promise<void>;
}

const s3Error = (res: http.ServerResponse, status: number, code: string) =>
  res
    .writeHead(status, { 'content-type': 'application/xml' })
    .end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);

export async function startTestObjectStore(): Promise<TestObjectStore> {
  const bucket = 'hub-uploads';
  const keys = { accessKeyId: 'AKIDTESTSTORE', secretAccessKey: 'test-store-secret', region: 'eu-west-1' };
  const store: Omit<TestObjectStore, 'url' | 'close'> = {
    bucket,
    keys,
    objects: new Map(),
    requests: [],
    unavailable: false,
  };

  function refusal(req: http.IncomingMessage, body: Buffer): [number, string] | undefined {
    if (store.unavailable) return [503, 'SlowDown'];
    const authorization = req.headers.authorization ?? '';
    const parts =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!parts) return [403, 'AccessDenied'];
    const [, accessKeyId, , region, signedNames] = parts;
    if (accessKeyId !== keys.accessKeyId) return [403, 'InvalidAccessKeyId'];
    if (region !== keys.region) return [400, 'AuthorizationHeaderMalformed'];
    const payloadSha256 = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadSha256 !== sha256Hex(body)) return [400, 'XAmzContentSHA256Mismatch'];
    const date = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(req.headers['x-amz-date'] ?? ''));
    if (!date) return [403, 'AccessDenied'];
    const at = new Date(`${date[1]}-${date[2]}-${date[3]}T${date[4]}:${date[5]}:${date[6]}Z`);
    if (Math.abs(at.getTime() - Date.now()) > 15 * 60_000) return [403, 'RequestTimeTooSkewed'];
    const names = signedNames!.split(';');
    if (!names.includes('host')) return [403, 'AccessDenied'];
    const headers = Object.fromEntries(
      names
        .filter((name) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
        .map((name) => [name, String(req.headers[name] ?? '')]),
    );
    const expected = signedHeaders(keys, {
      method: req.method ?? 'GET',
      url: new URL(`http://${req.headers.host}${req.url}`),
      headers,
      payloadSha256,
      at,
    }).authorization;
    return expected === authorization ? undefined : [403, 'SignatureDoesNotMatch'];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = new URL(req.url ?? '/', 'http://store').pathname;
      const key = decodeURIComponent(path.slice(`/${bucket}/`.length));
      const answer = (status: number) => store.requests.push(`${req.method} ${key} ${status}`);
      if (!path.startsWith(`/${bucket}/`) || !key) {
        answer(404);
        return s3Error(res, 404, 'NoSuchBucket');
      }
      const refused = refusal(req, body);
      if (refused) {
        answer(refused[0]);
        return s3Error(res, ...refused);
      }
      if (req.method === 'PUT') {
        store.objects.set(key, { bytes: body, contentType: req.headers['content-type'] });
        answer(200);
        return res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` }).end();
      }
      if (req.method === 'GET') {
        const object = store.objects.get(key);
        answer(object ? 200 : 404);
        if (!object) return s3Error(res, 404, 'NoSuchKey');
        return res.writeHead(200, { 'content-type': object.contentType ?? 'binary/octet-stream' }).end(object.bytes);
      }
      if (req.method === 'DELETE') {
        store.objects.delete(key);
        answer(204);
        return res.writeHead(204).end();
      }
      answer(405);
      return s3Error(res, 405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(store, {
    url: `http://127.0.0.1:${port}/${bucket}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
