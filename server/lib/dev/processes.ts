/** Runs product entry points as real child processes (server, worker) for multi-process tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo; // eslint-disable-line @typescript-eslint/consistent-type-assertions -- a TCP listener has an AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Child {
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts `node --import tsx <entry>` (node itself, so signals reach the product's own handlers and
 * `stop` waits for its graceful exit) and resolves once a line of its output matches `ready`.
 */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone (a test killed it)
    }
    const timer = setTimeout(() => {
      if (child.pid === undefined || child.exitCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${entry} not ready in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${String(code)}:\n${output}`));
    });
  });
  return { process: child, output: () => output, stop };
}
