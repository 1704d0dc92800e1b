/**
 * Finds the GGUF file the local provider loads: a path, or an `hf:`/https URI downloaded once into the
 * model cache with a progress bar. Offline, the default model falls back to the tiny test model
 * (../shared/models), which is itself downloaded and checked when that folder is absent.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { resolveModelFile } from 'node-llama-cpp';
import { z } from 'zod';
import type { Logger } from '#server/lib/log';

export const tinyModelUri = 'hf:ggml-org/models/tinyllamas/stories260K.gguf';
export const tinyModelSha256 = '270cba1bd5109f42d03350f60406024560464db173c0e387d91f0426d3bd256d';

export class ModelFileError extends Error {}

function isRemote(model: string): boolean {
  return model.startsWith('hf:') || /^https?:\/\//.test(model);
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(z.instanceof(Buffer).parse(chunk));
  return hash.digest('hex');
}

async function download(uri: string, cacheDir: string): Promise<string> {
  return resolveModelFile(uri, { directory: cacheDir, cli: process.stdout.isTTY });
}

/** The tiny model: the shared copy if present, else downloaded into the cache and verified. */
export async function tinyModelFile(fallbackPath: string, cacheDir: string): Promise<string> {
  if (existsSync(fallbackPath)) return fallbackPath;
  const file = await download(tinyModelUri, cacheDir);
  if ((await sha256(file)) !== tinyModelSha256) {
    throw new ModelFileError(`the downloaded tiny model at ${file} does not match its sha256`);
  }
  return file;
}

export async function resolveLocalModel(
  opts: { model: string | undefined; defaultUri: string; fallbackPath: string; cacheDir: string },
  log: Logger,
): Promise<string> {
  const wanted = opts.model ?? opts.defaultUri;
  if (!isRemote(wanted)) {
    if (!existsSync(wanted)) throw new ModelFileError(`LLM_MODEL file not found: ${wanted}`);
    return wanted;
  }
  try {
    return await download(wanted, opts.cacheDir);
  } catch (err) {
    if (opts.model !== undefined) {
      throw new ModelFileError(
        `could not download LLM_MODEL ${wanted}: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
    log.warn(
      `Could not download the default model ${wanted} (offline?); using the tiny test model instead.`,
    );
    return tinyModelFile(opts.fallbackPath, opts.cacheDir);
  }
}
