import { describe, expect, it } from 'vitest';
import { EMPTY_PAYLOAD_SHA256, signedHeaders } from './sigv4.ts';

// Amazon's own example of a signed S3 request ("Signature Calculations for the Authorization Header:
// Transferring Payload in a Single Chunk", example GET Object): its keys, request and signature.
const example = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

describe('S3 request signing (Signature Version 4)', () => {
  it("signs Amazon's GET Object example with Amazon's signature", () => {
    const headers = signedHeaders(example, {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadSha256: EMPTY_PAYLOAD_SHA256,
      at: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers).toEqual({
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-date': '20130524T000000Z',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    });
  });

  it('signs a different request, day, region or secret differently', () => {
    const base = {
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      payloadSha256: EMPTY_PAYLOAD_SHA256,
      at: new Date('2013-05-24T00:00:00Z'),
    };
    const signatureOf = (keys: typeof example, request: typeof base) =>
      signedHeaders(keys, request).authorization!.split('Signature=')[1];
    const signatures = [
      signatureOf(example, base),
      signatureOf(example, { ...base, method: 'DELETE' }),
      signatureOf(example, { ...base, url: new URL('https://examplebucket.s3.amazonaws.com/test.txt?x=1') }),
      signatureOf(example, { ...base, at: new Date('2013-05-25T00:00:00Z') }),
      signatureOf({ ...example, region: 'eu-west-1' }, base),
      signatureOf({ ...example, secretAccessKey: 'another' }, base),
    ];
    expect(new Set(signatures).size).toBe(signatures.length);
  });
});
