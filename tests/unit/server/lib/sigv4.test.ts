/** SigV4 signing checked against the example in AWS's S3 documentation (GET Object with a Range). */
import { describe, expect, it } from 'vitest';
import { emptyPayloadHash, signRequest, uriEncode } from '#server/lib/sigv4';

describe('signRequest', () => {
  it("gives AWS's published signature for its GET Object example", () => {
    const headers = signRequest(
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        path: '/test.txt',
        query: {},
        headers: { Range: 'bytes=0-9' },
        payloadHash: emptyPayloadHash,
        date: new Date('2013-05-24T00:00:00Z'),
      },
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
    );
    expect(headers).toEqual({
      range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    });
  });
});

describe('uriEncode', () => {
  it('leaves only unreserved characters', () => {
    expect(uriEncode("a b/c*d'(e)!~._-")).toBe('a%20b%2Fc%2Ad%27%28e%29%21~._-');
  });
});
