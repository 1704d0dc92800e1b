/**
 * Deletes cached speech clips (issue 26 item 1) nobody has played for SPEECH_CLIP_TTL_DAYS, a batch at
 * a time, so the cache never grows forever: each batch deletes its rows and their audio in the storage
 * in one transaction. A clip asked for again is spoken anew. Sweeps running at once (two workers) take
 * different rows (speech.repo.ts, deleteUnplayedClips), so each clip is deleted once.
 *
 * Then the stored speech files no clip names (a worker that died between storing a clip and recording
 * it, or a file whose delete failed) go too, once older than speechFileGraceMs: a clip being written is
 * recorded within milliseconds of storing its file, so it is never taken for one of them. That pass
 * holds the sweep's lock alone (lockClipSweep); when another sweep is busy it waits for the next run.
 */
import { speechFileGraceMs } from '#shared/jobs/maintenance';
import type { Db } from '#server/db/database';
import {
  clipUrlsAmong,
  deleteUnplayedClips,
  lockClipSweep,
} from '#server/db/repositories/speech.repo';
import type { Logger } from '#server/lib/log';
import type { FileStorage } from '#server/lib/storage';

/** Clips deleted per transaction (and files checked per query). */
const batch = 500;
const dayMs = 24 * 60 * 60 * 1000;

export interface SweptSpeech {
  /** Storage URLs of the clips this sweep deleted. */
  clips: string[];
  /** Storage URLs of the files no clip named. */
  strays: string[];
}

interface SweepDeps {
  db: Db;
  storage: FileStorage;
  log: Logger;
}

/** Deletes the files; one that cannot be deleted is logged and left for the stray pass. */
async function deleteFiles(deps: SweepDeps, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    await deps.storage.delete(url).catch((err: unknown) => {
      deps.log.warn({ err, url }, 'could not delete a speech clip file');
    });
  }
}

async function sweepUnplayed(deps: SweepDeps, before: Date): Promise<string[]> {
  const deleted: string[] = [];
  for (;;) {
    const urls = await deps.db.transaction().execute(async (trx) => {
      await lockClipSweep(trx, false);
      const gone = await deleteUnplayedClips(trx, before, batch);
      await deleteFiles(deps, gone);
      return gone;
    });
    deleted.push(...urls);
    if (urls.length < batch) return deleted;
  }
}

async function sweepStrays(deps: SweepDeps, now: number): Promise<string[]> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await lockClipSweep(trx, true))) return [];
    const old = (await deps.storage.list('speech'))
      .filter((f) => f.modifiedAt.getTime() < now - speechFileGraceMs)
      .map((f) => f.url);
    const strays: string[] = [];
    for (let i = 0; i < old.length; i += batch) {
      const urls = old.slice(i, i + batch);
      const named = await clipUrlsAmong(trx, urls);
      strays.push(...urls.filter((url) => !named.has(url)));
    }
    await deleteFiles(deps, strays);
    return strays;
  });
}

export async function sweepSpeechClips(
  deps: SweepDeps & { ttlDays: number; now?: Date },
): Promise<SweptSpeech> {
  const now = (deps.now ?? new Date()).getTime();
  const clips = await sweepUnplayed(deps, new Date(now - deps.ttlDays * dayMs));
  const strays = await sweepStrays(deps, now);
  if (clips.length + strays.length > 0) {
    deps.log.info({ clips: clips.length, strays: strays.length }, 'old speech clips deleted');
  }
  return { clips, strays };
}
