/**
 * A small S3-compatible server on localhost for the S3 storage tests: one bucket kept in memory,
 * PutObject, GetObject, DeleteObject and ListObjectsV2 on path-style URLs, and every request's SigV4
 * Authorization header checked the way S3 checks it (its own canonical request, not the client's code),
 * including the payload hash and the clock skew. What it refused is kept for the tests to look at.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Peer {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, { body: Buffer; contentType: string; modifiedAt: Date }>;
  /** The S3 error codes of refused requests, in order. */
  refused: string[];
  close: () => Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();
const encode = (v: string) =>
  encodeURIComponent(v).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

function fail(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

export async function startS3Peer(): Promise<S3Peer> {
  const peer = {
    bucket: 'charchat-test',
    region: 'eu-test-1',
    accessKeyId: 'AKIDTESTPEER',
    secretAccessKey: 'peer-secret-key-that-only-the-test-knows',
    objects: new Map<string, { body: Buffer; contentType: string; modifiedAt: Date }>(),
    refused: new Array<string>(),
  };

  /** The error code for a request whose signature is wrong, or null when it is right. */
  function authProblem(req: IncomingMessage, url: URL, body: Buffer): string | null {
    const auth = req.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match) return 'AccessDenied';
    const [, keyId, day = '', region = '', signedList = '', signature] = match;
    if (keyId !== peer.accessKeyId) return 'InvalidAccessKeyId';
    if (region !== peer.region) return 'AuthorizationHeaderMalformed';
    const stamp = String(req.headers['x-amz-date'] ?? '');
    const when = Date.parse(
      stamp.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'),
    );
    if (!stamp.startsWith(day) || Number.isNaN(when)) return 'AccessDenied';
    if (Math.abs(Date.now() - when) > 15 * 60 * 1000) return 'RequestTimeTooSkewed';
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    const signed = signedList.split(';');
    if (!signed.includes('host') || !signed.includes('x-amz-date')) return 'AccessDenied';
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => `${encode(k)}=${encode(v)}`)
      .sort()
      .join('&');
    const canonical = [
      req.method,
      url.pathname,
      query,
      ...signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}`),
      '',
      signedList,
      payloadHash,
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = `AWS4-HMAC-SHA256\n${stamp}\n${scope}\n${sha256(canonical)}`;
    const key = hmac(
      hmac(hmac(hmac(`AWS4${peer.secretAccessKey}`, day), region), 's3'),
      'aws4_request',
    );
    return createHmac('sha256', key).update(toSign).digest('hex') === signature
      ? null
      : 'SignatureDoesNotMatch';
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://peer');
      const body = await readBody(req);
      const problem = authProblem(req, url, body);
      if (problem !== null) {
        peer.refused.push(problem);
        fail(res, 403, problem);
        return;
      }
      const [, bucket, ...rest] = url.pathname.split('/');
      if (bucket !== peer.bucket) {
        fail(res, 404, 'NoSuchBucket');
        return;
      }
      const key = rest.map(decodeURIComponent).join('/');
      if (key === '' && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const keys = [...peer.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        // Two keys a page, so the client's continuation is exercised.
        const start = Number(url.searchParams.get('continuation-token') ?? '0');
        const page = keys.slice(start, start + 2);
        const next = start + 2 < keys.length ? String(start + 2) : null;
        const contents = page
          .map((k) => {
            const o = peer.objects.get(k);
            return `<Contents><Key>${k}</Key><LastModified>${o?.modifiedAt.toISOString() ?? ''}</LastModified><Size>${String(o?.body.length ?? 0)}</Size></Contents>`;
          })
          .join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        res.end(
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${peer.bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${String(page.length)}</KeyCount><IsTruncated>${String(next !== null)}</IsTruncated>${next === null ? '' : `<NextContinuationToken>${next}</NextContinuationToken>`}${contents}</ListBucketResult>`,
        );
        return;
      }
      if (key === '') {
        fail(res, 400, 'InvalidRequest');
        return;
      }
      if (req.method === 'PUT') {
        peer.objects.set(key, {
          body,
          contentType: req.headers['content-type'] ?? 'application/octet-stream',
          modifiedAt: new Date(),
        });
        res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` });
        res.end();
      } else if (req.method === 'GET') {
        const object = peer.objects.get(key);
        if (!object) {
          fail(res, 404, 'NoSuchKey');
          return;
        }
        res.writeHead(200, { 'content-type': object.contentType });
        res.end(object.body);
      } else if (req.method === 'DELETE') {
        peer.objects.delete(key);
        res.writeHead(204);
        res.end();
      } else {
        fail(res, 405, 'MethodNotAllowed');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port =
    address !== null && typeof address === 'object' ? (address satisfies AddressInfo).port : 0;
  return {
    ...peer,
    endpoint: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}
