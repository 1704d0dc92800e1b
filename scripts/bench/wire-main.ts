/**
 * A paced OpenAI-wire server in a process of its own for the path run (the model stand-in): its CPU is
 * neither the product's nor the clients'. Prints its base URL.
 */
import { startWireServer, words } from '#server/lib/dev/openai-wire-server';

const wire = await startWireServer({
  tokens: words(Number(process.env.WIRE_CHUNKS ?? 256)),
  firstTokenDelayMs: Number(process.env.WIRE_FIRST_MS ?? 20),
  tokenDelayMs: Number(process.env.WIRE_GAP_MS ?? 20),
});
process.stdout.write(`wire listening at ${wire.baseUrl}\n`);
process.on('SIGTERM', () => {
  void wire.close().then(() => process.exit(0));
});
