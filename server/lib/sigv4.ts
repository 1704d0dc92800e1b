/**
 * AWS Signature Version 4 for S3-compatible storage (header authentication, AWS "Authenticating
 * Requests: Using the Authorization Header"): the canonical request, the string to sign and the
 * derived signing key. Own code, not @aws-sdk/client-s3: we need four calls on one bucket, and the SDK
 * brings ~300 packages for them; tests/unit checks this against AWS's published example signature.
 */
import { createHash, createHmac } from 'node:crypto';

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface RequestToSign {
  method: string;
  host: string;
  /** The path as sent, each segment already URI-encoded (S3 does not encode it twice). */
  path: string;
  query: Record<string, string>;
  /** Headers besides host, x-amz-date and x-amz-content-sha256 that are signed too. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body. */
  payloadHash: string;
  date: Date;
}

export const emptyPayloadHash = sha256Hex('');

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** 20130524T000000Z */
function amzDate(date: Date): string {
  return date.toISOString().replace(/[:-]|\.\d{3}/g, '');
}

/** The headers to send: the given ones plus x-amz-date, x-amz-content-sha256 and Authorization. */
export function signRequest(
  request: RequestToSign,
  credentials: Credentials,
): Record<string, string> {
  const stamp = amzDate(request.date);
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), v.trim()]),
    ),
    host: request.host,
    'x-amz-content-sha256': request.payloadHash,
    'x-amz-date': stamp,
  };
  const names = Object.keys(headers).sort();
  const canonicalQuery = Object.entries(request.query)
    .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    request.method,
    request.path,
    canonicalQuery,
    ...names.map((n) => `${n}:${headers[n] ?? ''}`),
    '',
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  // fetch sends Host from the URL itself.
  const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'host'));
  return {
    ...sent,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope},SignedHeaders=${names.join(';')},Signature=${signature}`,
  };
}
