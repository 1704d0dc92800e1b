/**
 * Runs the npm scripts named on the command line at the same time and fails if any of them fails.
 * `npm test` runs its static checks this way: tsc and the type-aware ESLint each keep one core busy for
 * most of a minute, so one after the other they left the second core of a two-core machine idle. Each
 * script's output is printed whole when it ends, so the logs do not interleave.
 */
import { spawn } from 'node:child_process';

function run(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('close', (code) => {
      process.stdout.write(`\n> ${script}: ${code === 0 ? 'passed' : 'FAILED'}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(process.argv.slice(2).map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
