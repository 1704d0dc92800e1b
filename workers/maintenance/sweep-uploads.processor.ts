/**
 * Deletes uploaded avatars, card art and conversation images nothing refers to: a card import stores
 * the card's image and art before the chatbot is saved (so the preview can show it), as does the
 * editor's own upload, and a member who walks away leaves the file behind; a conversation or message
 * deleted takes its image rows along (a cascade in the database) but not their files.
 * Files younger than uploadGraceMs are left alone, so a save (or a draft kept in the browser, for that
 * long) still finds its avatar.
 */
import { uploadGraceMs } from '#shared/jobs/maintenance';
import type { Db } from '#server/db/database';
import { referencedUploads } from '#server/db/repositories/uploads.repo';
import type { Logger } from '#server/lib/log';
import { uploadFolders, type FileStorage, type StorageFolder } from '#server/lib/storage';

/** The avatar folders, and the private ones of cards' original art and of conversation images. */
const sweptFolders: readonly StorageFolder[] = [...uploadFolders, 'card-art', 'images'];

/** Files checked against the database per query. */
const batch = 500;

export async function sweepUploads(deps: {
  db: Db;
  storage: FileStorage;
  log: Logger;
  now?: Date;
}): Promise<string[]> {
  const before = (deps.now ?? new Date()).getTime() - uploadGraceMs;
  const deleted: string[] = [];
  for (const folder of sweptFolders) {
    const old = (await deps.storage.list(folder))
      .filter((f) => f.modifiedAt.getTime() < before)
      .map((f) => f.url);
    for (let i = 0; i < old.length; i += batch) {
      const urls = old.slice(i, i + batch);
      const referenced = await referencedUploads(deps.db, urls);
      for (const url of urls) {
        if (referenced.has(url)) continue;
        await deps.storage.delete(url);
        deleted.push(url);
      }
    }
  }
  if (deleted.length > 0) deps.log.info({ count: deleted.length }, 'unreferenced uploads deleted');
  return deleted;
}
