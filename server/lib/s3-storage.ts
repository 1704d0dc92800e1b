/**
 * Uploads in an S3-compatible bucket (STORAGE=s3): PutObject, GetObject, DeleteObject and
 * ListObjectsV2 over path-style URLs (`{endpoint}/{bucket}/{key}`, which AWS, MinIO, Ceph, R2 and
 * Garage all serve), signed with SigV4 (lib/sigv4.ts). Keys are `{folder}/{name}`, as the URLs are.
 */
import {
  newUploadName,
  uploadContentType,
  storedKey,
  uploadUrl,
  type FileStorage,
  type StoredFile,
  type StorageFolder,
} from './storage';
import { emptyPayloadHash, sha256Hex, signRequest, uriEncode, type Credentials } from './sigv4';

export interface S3Settings extends Credentials {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
}

/** Longest a storage call may take. */
const timeoutMs = 15_000;

function xmlText(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export class S3Storage implements FileStorage {
  private readonly base: URL;

  constructor(private readonly settings: S3Settings) {
    this.base = new URL(settings.endpoint);
  }

  private async send(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    query: Record<string, string> = {},
    body?: { bytes: Buffer; contentType: string },
  ): Promise<Response> {
    const basePath = this.base.pathname.replace(/\/$/, '');
    const path = `${basePath}/${uriEncode(this.settings.bucket)}${key === '' ? '' : `/${key.split('/').map(uriEncode).join('/')}`}`;
    const headers = signRequest(
      {
        method,
        host: this.base.host,
        path,
        query,
        headers: body ? { 'content-type': body.contentType } : {},
        payloadHash: body ? sha256Hex(body.bytes) : emptyPayloadHash,
        date: new Date(),
      },
      this.settings,
    );
    const search = new URLSearchParams(query).toString();
    const url = `${this.base.origin}${path}${search === '' ? '' : `?${search}`}`;
    return fetch(url, {
      method,
      headers,
      body: body ? new Uint8Array(body.bytes) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  private static async failure(res: Response, what: string): Promise<Error> {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? 'unknown';
    return new Error(`S3 ${what} failed: ${String(res.status)} ${code}`);
  }

  async put(folder: StorageFolder, extension: string, bytes: Buffer): Promise<string> {
    const name = newUploadName(extension);
    const res = await this.send(
      'PUT',
      `${folder}/${name}`,
      {},
      {
        bytes,
        contentType: uploadContentType(name),
      },
    );
    if (!res.ok) throw await S3Storage.failure(res, 'PutObject');
    await res.arrayBuffer();
    return uploadUrl(folder, name);
  }

  async get(url: string): Promise<Buffer | null> {
    const key = storedKey(url);
    if (key === null) return null;
    const res = await this.send('GET', `${key.folder}/${key.name}`);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) throw await S3Storage.failure(res, 'GetObject');
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(url: string): Promise<void> {
    const key = storedKey(url);
    if (key === null) return;
    const res = await this.send('DELETE', `${key.folder}/${key.name}`);
    // S3 answers 204 whether or not the object existed.
    if (!res.ok && res.status !== 404) throw await S3Storage.failure(res, 'DeleteObject');
    await res.arrayBuffer();
  }

  async list(folder: StorageFolder): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    let token: string | null = null;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix: `${folder}/` };
      if (token !== null) query['continuation-token'] = token;
      const res = await this.send('GET', '', query);
      if (!res.ok) throw await S3Storage.failure(res, 'ListObjectsV2');
      const xml = await res.text();
      for (const [, entry = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = xmlText(/<Key>([^<]*)<\/Key>/.exec(entry)?.[1] ?? '');
        const modified = /<LastModified>([^<]*)<\/LastModified>/.exec(entry)?.[1];
        const url = `/uploads/${key}`;
        if (storedKey(url) !== null && modified !== undefined) {
          files.push({ url, modifiedAt: new Date(modified) });
        }
      }
      const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
      const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
      token = truncated && next !== undefined ? xmlText(next) : null;
    } while (token !== null);
    return files;
  }
}
