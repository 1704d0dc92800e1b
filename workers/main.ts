/** Worker process entry: every queue's processors (npm run start:worker). */
import { createLogger } from '#server/lib/log';
import { onShutdown, prepare } from '#server/lib/startup';
import { startWorkers } from './start-workers';

const config = await prepare({ migrate: true });
const workers = await startWorkers(config, createLogger(config.LOG_LEVEL, 'worker'));
onShutdown(() => workers.close());
