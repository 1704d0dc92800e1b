import { readFileSync, readdirSync } from 'node:fs';
import { prepare } from '#server/lib/startup';
import { openPrivateRun } from './bench/private-run';
import { startProduct } from './bench/processes';
const { base, databaseUrl, prefix, cleanUp } = openPrivateRun('idle');
await prepare({ migrate: true });
const product = await startProduct({
  DATABASE_URL: databaseUrl, REDIS_URL: base.REDIS_URL, REDIS_PREFIX: `${prefix}idle:`,
  LLM_PROVIDER: 'openai', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'wire', WAITING_ROOM_MAX: '0',
});
const threads = (pid: number) => Object.fromEntries(readdirSync(`/proc/${pid}/task`).map((t) => {
  const stat = readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [`${t}:${name}`, (Number(f[11]) + Number(f[12])) * 10];
}));
console.log('PIDS', product.server.process.pid, product.worker.process.pid);
await new Promise((r) => setTimeout(r, 30_000));
for (const [label, child] of [['server', product.server], ['worker', product.worker]] as const) {
  const pid = child.process.pid!;
  const a = threads(pid);
  (child as unknown as { a: typeof a }).a = a;
}
await new Promise((r) => setTimeout(r, 30_000));
for (const [label, child] of [['server', product.server], ['worker', product.worker]] as const) {
  const a = (child as unknown as { a: Record<string, number> }).a;
  const b = threads(child.process.pid!);
  console.log(label, Object.entries(b).map(([k, v]) => `${k}=${((v - (a[k] ?? 0)) / 30).toFixed(2)}`).filter((s) => !s.endsWith('=0.00')).join(' '));
}
await product.stop();
await cleanUp();
