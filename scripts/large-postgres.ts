/**
 * The large library's PostgreSQL (npm run seed:large, the search bench): an instance of its own, as
 * docs/performance.md's "How to measure" allows, configured the way a production database server on
 * this machine would be rather than with the development defaults of the machine's shared server.
 *
 * Why: a search counts its matches up to 1,000, and a count of a mid-frequency word visits one heap
 * page per match. With the default 128 MB of shared buffers the 440 MB search table does not fit, so
 * those pages came from the kernel's cache, one read each: about 10 ms of a 13 ms search. Held in
 * shared buffers, the same count takes 2-3 ms. Production sizes shared_buffers to the machine (a
 * quarter of its memory is the usual rule; compose.yaml sets it too); this instance takes 4 GB of 24.
 * Production also backs that much shared memory with huge pages, and so does this instance when run
 * as root: in 4 KB pages every connection faulted in each buffer it touched first, about 10 µs each
 * on this virtual machine (the same count took 28 ms instead of 7 on a new connection). The pages are
 * reserved (vm.nr_hugepages) for as long as the instance runs and given back when it stops.
 *
 * LARGE_DATABASE_URL names another database instead, and then no instance is started. Otherwise the
 * instance lives in LARGE_PG_DIR (/var/tmp/charchat-large-pg, kept between runs: the library takes
 * minutes to make) and listens on 127.0.0.1:LARGE_PG_PORT (25432: below the range the kernel hands out
 * as outgoing ports, where a busy run once found 55432 taken by one of its own connections). It is
 * started when needed and stopped by whoever started it; one already running is used and left running.
 */
import { execFile } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LargePostgres {
  /** The large library's database in it. */
  url: string;
  /** Whether its shared memory is in huge pages (null: not known, for an instance it did not start). */
  hugePages: boolean | null;
  /** Stops the instance if this process started it. */
  stop: () => Promise<void>;
}

const settings = {
  shared_buffers: '4GB',
  effective_cache_size: '12GB',
  listen_addresses: '127.0.0.1',
};

/** The newest PostgreSQL server installed (Debian keeps each major in /usr/lib/postgresql/N/bin). */
function serverBinDir(env: Record<string, string | undefined>): string {
  if (env.PG_BIN !== undefined && env.PG_BIN !== '') return env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((d) => /^\d+$/.test(d))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const major = majors[0];
  if (major === undefined) throw new Error(`No PostgreSQL server under ${root}; set PG_BIN.`);
  return join(root, major, 'bin');
}

/**
 * PostgreSQL refuses to run as root: as root, its commands run as the postgres user, who owns the
 * instance's directory.
 */
async function runAsOwner(bin: string, args: string[]): Promise<string> {
  const isRoot = process.getuid?.() === 0;
  const { stdout } = isRoot
    ? await run('runuser', ['-u', 'postgres', '--', bin, ...args])
    : await run(bin, args);
  return stdout;
}

async function ownerIds(): Promise<{ uid: number; gid: number } | null> {
  if (process.getuid?.() !== 0) return null;
  const [uid, gid] = await Promise.all([
    run('id', ['-u', 'postgres']).then((r) => Number(r.stdout.trim())),
    run('id', ['-g', 'postgres']).then((r) => Number(r.stdout.trim())),
  ]);
  return { uid, gid };
}

const hugePagesFile = '/proc/sys/vm/nr_hugepages';

/**
 * Reserves the huge pages the instance's shared memory needs (root only); answers how many to give
 * back at stop, or null when they could not all be reserved (none are kept then).
 */
async function reserveHugePages(bin: string, data: string): Promise<number | null> {
  if (process.getuid?.() !== 0) return null;
  const needed = Number(
    (
      await runAsOwner(join(bin, 'postgres'), [
        '-C',
        'shared_memory_size_in_huge_pages',
        '-D',
        data,
        '-c',
        `shared_buffers=${settings.shared_buffers}`,
      ])
    ).trim(),
  );
  const before = Number(readFileSync(hugePagesFile, 'utf8').trim());
  writeFileSync(hugePagesFile, String(before + needed));
  const reserved = Number(readFileSync(hugePagesFile, 'utf8').trim()) - before;
  if (reserved >= needed) return reserved;
  releaseHugePages(reserved);
  return null;
}

function releaseHugePages(count: number): void {
  const now = Number(readFileSync(hugePagesFile, 'utf8').trim());
  writeFileSync(hugePagesFile, String(Math.max(0, now - count)));
}

async function isRunning(pgCtl: string, data: string): Promise<boolean> {
  try {
    await runAsOwner(pgCtl, ['status', '-D', data]);
    return true;
  } catch {
    return false; // pg_ctl status exits 3 when no server runs
  }
}

export async function startLargePostgres(
  env: Record<string, string | undefined>,
): Promise<LargePostgres> {
  const explicit = env.LARGE_DATABASE_URL;
  if (explicit !== undefined && explicit !== '') {
    return { url: explicit, hugePages: null, stop: async () => {} };
  }

  const dir = env.LARGE_PG_DIR ?? '/var/tmp/charchat-large-pg';
  const port = Number(env.LARGE_PG_PORT ?? 25432);
  const bin = serverBinDir(env);
  const data = join(dir, 'data');
  const pgCtl = join(bin, 'pg_ctl');
  const url = `postgres://postgres@127.0.0.1:${String(port)}/charchat_large`;

  if (!existsSync(join(data, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    const owner = await ownerIds();
    if (owner !== null) chownSync(dir, owner.uid, owner.gid);
    await runAsOwner(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
  }
  if (await isRunning(pgCtl, data)) return { url, hugePages: null, stop: async () => {} };

  const hugePages = await reserveHugePages(bin, data);
  const release = () => {
    if (hugePages !== null) releaseHugePages(hugePages);
  };
  const options = [
    `-p ${String(port)}`,
    `-k ${dir}`,
    ...Object.entries({ ...settings, huge_pages: hugePages === null ? 'try' : 'on' }).map(
      ([name, value]) => `-c ${name}=${value}`,
    ),
  ].join(' ');
  try {
    await runAsOwner(pgCtl, [
      'start',
      '-w',
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      options,
    ]);
  } catch (err) {
    release();
    throw err;
  }
  return {
    url,
    hugePages: hugePages !== null,
    stop: async () => {
      await runAsOwner(pgCtl, ['stop', '-w', '-m', 'fast', '-D', data]);
      release();
    },
  };
}
