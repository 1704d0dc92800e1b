/**
 * Where uploaded files live (issue 10, chatbot avatars): one interface, so an S3-compatible store can
 * take the local disk's place by configuration. Only the local disk is built: no S3-compatible peer
 * runs here to test a real client against, and an untested client would be a fake path.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface FileStorage {
  /** Stores `bytes` under a new unique name in `folder`; answers the URL the browser loads it from. */
  put(folder: string, extension: string, bytes: Buffer): Promise<string>;
}

/** Files under UPLOAD_DIR, served by the app at `urlPrefix` (server/app.ts). */
export class LocalDiskStorage implements FileStorage {
  constructor(
    private readonly root: string,
    private readonly urlPrefix: string,
  ) {}

  async put(folder: string, extension: string, bytes: Buffer): Promise<string> {
    if (!/^[a-z0-9-]+$/.test(folder) || !/^[a-z0-9]+$/.test(extension)) {
      throw new Error(`unsafe storage name ${folder}/*.${extension}`);
    }
    const name = `${randomUUID()}.${extension}`;
    const dir = path.join(this.root, folder);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, name), bytes);
    return `${this.urlPrefix}/${folder}/${name}`;
  }
}
