/**
 * Where uploaded files live (issue 10, avatars): the local disk by default, or an S3-compatible bucket
 * (STORAGE=s3, lib/s3-storage.ts). Either way a file's URL is `/uploads/{folder}/{name}`, served by
 * the app (server/app.ts), so avatar URLs, the content security policy and card exports work the same
 * for both; a file is named once (a new upload gets a new name) and never changes.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const uploadsUrlPrefix = '/uploads/';

/** The folders uploads are kept in: members', chatbots', personas' and lorebooks' avatars. */
export const uploadFolders = [
  'avatars',
  'character-avatars',
  'persona-avatars',
  'lorebook-avatars',
] as const;
export type UploadFolder = (typeof uploadFolders)[number];

/**
 * Folders kept in the same storage but never served at /uploads/: the app hands their files out
 * only through its own checks (spoken clips are premium: speech.service.ts; conversation images are
 * basic and premium, and their conversation's owner's: images.service.ts; a card's original art is
 * for whoever may see its chatbot: character-cards.service.ts).
 */
export const privateFolders = ['speech', 'images', 'card-art'] as const;
export type StorageFolder = UploadFolder | (typeof privateFolders)[number];
const storageFolders: readonly StorageFolder[] = [...uploadFolders, ...privateFolders];

/** A stored file as listed: its URL and when it was written. */
export interface StoredFile {
  url: string;
  modifiedAt: Date;
}

export interface FileStorage {
  /** Stores `bytes` under a new unique name in `folder`; answers the URL the browser loads it from. */
  put(folder: StorageFolder, extension: string, bytes: Buffer): Promise<string>;
  /** The bytes of the file at one of our upload URLs, or null when there is none. */
  get(url: string): Promise<Buffer | null>;
  /** Deletes the file at one of our upload URLs (nothing when it is gone already). */
  delete(url: string): Promise<void>;
  /** Every file in `folder`. */
  list(folder: StorageFolder): Promise<StoredFile[]>;
}

const namePattern = /^[0-9a-f-]{36}\.[a-z0-9]+$/;

/** The folder and file name of one of our stored files' URLs, or null for anything else. */
export function storedKey(url: string): { folder: StorageFolder; name: string } | null {
  if (!url.startsWith(uploadsUrlPrefix)) return null;
  const [folder, name, ...rest] = url.slice(uploadsUrlPrefix.length).split('/');
  if (rest.length > 0 || folder === undefined || name === undefined) return null;
  const known = storageFolders.find((f) => f === folder);
  return known !== undefined && namePattern.test(name) ? { folder: known, name } : null;
}

/** The folder and file name of a URL the app serves at /uploads/ (no private folder), or null. */
export function uploadKey(url: string): { folder: UploadFolder; name: string } | null {
  const key = storedKey(url);
  const folder = uploadFolders.find((f) => f === key?.folder);
  return key && folder !== undefined ? { folder, name: key.name } : null;
}

/** A new unique file name with `extension`. */
export function newUploadName(extension: string): string {
  if (!/^[a-z0-9]+$/.test(extension)) throw new Error(`unsafe extension ${extension}`);
  return `${randomUUID()}.${extension}`;
}

export function uploadUrl(folder: StorageFolder, name: string): string {
  return `${uploadsUrlPrefix}${folder}/${name}`;
}

/** The Content-Type of an upload by its extension. */
export function uploadContentType(name: string): string {
  if (name.endsWith('.webp')) return 'image/webp';
  if (name.endsWith('.png')) return 'image/png';
  if (name.endsWith('.jpg')) return 'image/jpeg';
  if (name.endsWith('.gif')) return 'image/gif';
  return name.endsWith('.wav') ? 'audio/wav' : 'application/octet-stream';
}

/** Files under UPLOAD_DIR; the app serves them itself (server/app.ts). */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(folder: StorageFolder, extension: string, bytes: Buffer): Promise<string> {
    const name = newUploadName(extension);
    const dir = path.join(this.root, folder);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, name), bytes);
    return uploadUrl(folder, name);
  }

  async get(url: string): Promise<Buffer | null> {
    const key = storedKey(url);
    if (key === null) return null;
    return readFile(path.join(this.root, key.folder, key.name)).catch(() => null);
  }

  async delete(url: string): Promise<void> {
    const key = storedKey(url);
    if (key === null) return;
    await unlink(path.join(this.root, key.folder, key.name)).catch((err: unknown) => {
      const isGone = err instanceof Error && 'code' in err && err.code === 'ENOENT';
      if (!isGone) throw err;
    });
  }

  async list(folder: StorageFolder): Promise<StoredFile[]> {
    const dir = path.join(this.root, folder);
    const names = await readdir(dir).catch(() => []);
    const files = await Promise.all(
      names
        .filter((name) => namePattern.test(name))
        .map(async (name) => {
          const info = await stat(path.join(dir, name)).catch(() => null);
          return info && { url: uploadUrl(folder, name), modifiedAt: info.mtime };
        }),
    );
    return files.filter((f) => f !== null);
  }
}
