/** Server process entry: REST and Socket.IO, no model (npm run start:server). */
import { buildApp } from './app';
import { onShutdown, prepare } from './lib/startup';

const config = await prepare({ migrate: true });
const app = await buildApp(config);
await app.fastify.listen({ host: config.HOST, port: config.PORT });
onShutdown(() => app.fastify.close());
