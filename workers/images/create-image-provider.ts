/** The configured image provider (IMAGE_PROVIDER), or null when images are off. */
import { imageBaseUrl, type Config } from '#server/config';
import { A1111ImageProvider } from './a1111';
import { OpenAiImageProvider } from './openai-images';
import type { ImageProvider } from './provider';

export function createImageProvider(config: Config): ImageProvider | null {
  const settings = {
    baseUrl: imageBaseUrl(config),
    apiKey: config.IMAGE_API_KEY,
    timeoutMs: config.IMAGE_TIMEOUT_MS,
  };
  switch (config.IMAGE_PROVIDER) {
    case 'none':
      return null;
    case 'a1111':
      return new A1111ImageProvider({ ...settings, steps: config.IMAGE_STEPS });
    case 'openai':
      return new OpenAiImageProvider({ ...settings, model: config.IMAGE_MODEL });
  }
}
