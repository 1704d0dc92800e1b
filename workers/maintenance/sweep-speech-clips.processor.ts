/**
 * Deletes cached speech clips (issue 26 item 1) nobody has played for SPEECH_CLIP_TTL_DAYS, a batch at
 * a time, so the cache never grows forever: each batch deletes its rows, then their audio in the
 * storage. A clip asked for again is spoken anew. Sweeps running at once (two workers) take different
 * rows (speech.repo.ts, deleteUnplayedClips), so each clip is deleted once. Rows go first: a failure
 * between the two leaves a file no clip names (the pass below takes it), never a clip without audio.
 *
 * Then the stored speech files no clip names (a worker that died between storing a clip and recording
 * it, or a file whose delete failed) go too, once older than speechFileGraceMs: a clip being written is
 * recorded within milliseconds of storing its file, so it is never taken for one of them. That pass
 * holds the sweep's lock alone (lockClipSweep) and the clip deletions hold it shared, on a connection
 * of their own; when another sweep is busy the pass waits for the next run.
 */
import { speechFileGraceMs } from '#shared/jobs/maintenance';
import type { Db } from '#server/db/database';
import {
  clipUrlsAmong,
  deleteUnplayedClips,
  lockClipSweep,
  unlockClipSweep,
} from '#server/db/repositories/speech.repo';
import type { Logger } from '#server/lib/log';
import type { FileStorage } from '#server/lib/storage';

/** Clips deleted per statement (and files checked per query). */
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

/** Runs `work` on one connection holding the sweep's lock; `otherwise` when `alone` is not to be had. */
async function holdingSweepLock<T>(
  db: Db,
  alone: boolean,
  otherwise: T,
  work: (conn: Db) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    if (!(await lockClipSweep(conn, alone))) return otherwise;
    try {
      return await work(conn);
    } finally {
      await unlockClipSweep(conn, alone);
    }
  });
}

function sweepUnplayed(deps: SweepDeps, before: Date): Promise<string[]> {
  return holdingSweepLock(deps.db, false, [], async (conn) => {
    const deleted: string[] = [];
    for (;;) {
      const urls = await deleteUnplayedClips(conn, before, batch);
      await deleteFiles(deps, urls);
      deleted.push(...urls);
      if (urls.length < batch) return deleted;
    }
  });
}

function sweepStrays(deps: SweepDeps, now: number): Promise<string[]> {
  return holdingSweepLock(deps.db, true, [], async (conn) => {
    const old = (await deps.storage.list('speech'))
      .filter((f) => f.modifiedAt.getTime() < now - speechFileGraceMs)
      .map((f) => f.url);
    const strays: string[] = [];
    for (let i = 0; i < old.length; i += batch) {
      const urls = old.slice(i, i + batch);
      const named = await clipUrlsAmong(conn, urls);
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
