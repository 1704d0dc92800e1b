/** Chooses and starts the configured model provider. */
import { defaultModelUri, generationConcurrency, type Config } from '#server/config';
import type { Logger } from '#server/lib/log';
import { LocalProvider } from './local';
import { resolveLocalModel } from './model-file';
import { OpenAiProvider } from './openai';
import type { ModelProvider } from './provider';

export async function createProvider(config: Config, log: Logger): Promise<ModelProvider> {
  if (config.LLM_PROVIDER === 'openai') {
    return new OpenAiProvider({
      baseUrl: config.LLM_BASE_URL,
      apiKey: config.LLM_API_KEY,
      model: config.LLM_MODEL ?? 'default',
      contextSize: config.LLM_CONTEXT_SIZE,
      timeoutMs: config.LLM_TIMEOUT_MS,
    });
  }
  const modelPath = await resolveLocalModel(
    {
      model: config.LLM_MODEL,
      defaultUri: defaultModelUri,
      fallbackPath: config.LLM_FALLBACK_MODEL,
      cacheDir: config.MODEL_CACHE_DIR,
    },
    log,
  );
  const provider = await LocalProvider.load({
    modelPath,
    threads: config.LLM_THREADS,
    contextSize: config.LLM_CONTEXT_SIZE,
    sequences: generationConcurrency(config),
  });
  log.info(
    { modelPath, threads: config.LLM_THREADS, contextSize: provider.contextSize },
    'local model loaded',
  );
  return provider;
}
