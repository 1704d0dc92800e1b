/**
 * The processes a benchmark runs beside itself (the product's server and worker, the wire server, the
 * bare proxy) and their CPU time, read from /proc so each process is measured apart from the
 * benchmark's own clients (docs/performance.md, "How to measure").
 */
import { readFileSync } from 'node:fs';
import { freePort, startProcess, type Child } from '../../testkit/processes';

export type { Child };
export { freePort, startProcess };

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

/** CPU time (user + system) a process has used so far, in milliseconds. */
export function cpuMs(child: Child): number {
  const pid = child.process.pid;
  if (pid === undefined) return 0;
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / ticksPerSecond;
}

/**
 * How many times a process has gone to sleep and been woken (its voluntary context switches so far).
 * On a virtual machine each wake-up costs about a tenth of a millisecond of scheduling, so on a paced
 * stream a process's CPU follows its wake-ups more than its own work.
 */
export function wakeUps(child: Child): number {
  const pid = child.process.pid;
  if (pid === undefined) return 0;
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  return Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
}

/** CPU milliseconds (in all and per process, in order) and wake-ups of the processes while `work` runs. */
export async function measureCpu<T>(
  children: readonly Child[],
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: number; cpuMsEach: number[]; wakeUps: number }> {
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const before = { cpu: children.map(cpuMs), wakeUps: sum(children.map(wakeUps)) };
  const result = await work();
  const cpuMsEach = children.map((c, i) => cpuMs(c) - (before.cpu[i] ?? 0));
  return {
    result,
    cpuMs: sum(cpuMsEach),
    cpuMsEach,
    wakeUps: sum(children.map(wakeUps)) - before.wakeUps,
  };
}

/**
 * Waits until the processes are quiet: ten seconds in a row in each of which together they used at
 * most `quietMs` of CPU (at most `maxMs` in all). A process settles its start-up in its first half
 * minute: some 8 s after it last worked hard, V8 compacts the heap its start grew (about 100-150 ms of
 * CPU in each product process). That is once per process, not per chunk, so no window should carry it.
 */
export async function settle(
  children: readonly Child[],
  quietMs = 10,
  maxMs = 60_000,
): Promise<void> {
  const total = () => children.reduce((sum, c) => sum + cpuMs(c), 0);
  const deadline = Date.now() + maxMs;
  let quietSeconds = 0;
  let before = total();
  while (quietSeconds < 10 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = total();
    quietSeconds = now - before <= quietMs ? quietSeconds + 1 : 0;
    before = now;
  }
}

/** Starts a helper process and resolves with the address it prints on the line `ready` matches. */
export async function startHelper(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: Child; url: string }> {
  const child = await startProcess(entry, env, ready);
  const url = ready.exec(child.output())?.[1];
  if (url === undefined) throw new Error(`${entry} printed no address`);
  return { child, url };
}

export interface Product {
  url: string;
  server: Child;
  worker: Child;
  stop: () => Promise<void>;
}

/** How to start the product's processes on one port and one set of settings, each when wanted. */
export async function productProcesses(env: Record<string, string>): Promise<{
  url: string;
  startWorker: () => Promise<Child>;
  startServer: () => Promise<Child>;
}> {
  const port = await freePort();
  const common = { ...env, PORT: String(port), LOG_LEVEL: 'info' };
  return {
    url: `http://127.0.0.1:${String(port)}`,
    startWorker: () => startProcess('workers/main.ts', common, /workers started/, 180_000),
    startServer: () => startProcess('server/main.ts', common, /Server listening/, 60_000),
  };
}

/** The product split as in production: a server process and a worker process on shared services. */
export async function startProduct(env: Record<string, string>): Promise<Product> {
  const processes = await productProcesses(env);
  const worker = await processes.startWorker();
  const server = await processes.startServer();
  return {
    url: processes.url,
    server,
    worker,
    stop: async () => {
      await server.stop();
      await worker.stop();
    },
  };
}
