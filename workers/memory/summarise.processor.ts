/**
 * The `memory` job (issue 11 §7; docs/architecture.md, "Queues"): the turns of a conversation that fell
 * out of a reply's context budget are summarised by the model, through the same provider as replies,
 * into auto memories linked to the messages they came from, so a long chat keeps its facts. Safe to
 * retry: a message is summarised at most once (memories.repo insertAuto).
 */
import type { MemoryJob } from '#shared/jobs/generation';
import type { RegistryModel } from '#shared/schemas/inference-model';
import type { CharacterCache } from '#server/db/character-cache';
import type { Db } from '#server/db/database';
import * as generationSettings from '#server/db/repositories/generation-settings.repo';
import * as memories from '#server/db/repositories/memories.repo';
import * as messages from '#server/db/repositories/messages.repo';
import { AppError } from '#server/lib/errors';
import type { Logger } from '#server/lib/log';
import { promptUserOf } from '../generation/prompt/prompt-user';
import { replySettingsOf } from '../generation/reply-settings';
import type { ModelProvider } from '../providers/provider';
import { pendingChunks } from './pending-turns';
import { cleanSummary, summaryMaxTokens, summaryMessages } from './summary-prompt';

export interface MemoryDeps {
  db: Db;
  characters: CharacterCache;
  provider: ModelProvider;
  log: Logger;
  models: readonly RegistryModel[];
  maxTokens: number;
  temperature: number;
  /** The longest one summary may take before the attempt fails (and is retried). */
  timeoutMs: number;
}

/** How many fallen-out messages one job reads back from the newest; older ones stay as they are. */
export const summaryWindow = 200;
/** Fewest turns one memory summarises (three exchanges), unless a chunk is full. */
export const minSummaryTurns = 6;
/** Tokens the summary instruction and the chat format take besides the turns. */
const instructionTokens = 96;
/** Summaries want facts, not invention: a low temperature whatever the member chose for replies. */
const summaryTemperature = 0.3;

/** Cuts text to at most `budget` tokens, keeping its start. */
function cutToTokens(text: string, budget: number, count: (t: string) => number): string {
  if (count(text) <= budget) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (count(text.slice(0, mid)) <= budget) low = mid;
    else high = mid - 1;
  }
  return text.slice(0, low);
}

/** Answers how many memories were stored. */
export async function processMemory(deps: MemoryDeps, job: MemoryJob): Promise<number> {
  const { db, provider } = deps;
  const [owner, branch, character] = await Promise.all([
    generationSettings.replyOwnerOf(db, {
      userId: job.userId,
      conversationId: job.conversationId,
      personaId: null,
    }),
    messages.branchEndingAt(db, job.throughMessageId, summaryWindow),
    deps.characters.get(job.characterId),
  ]);
  const settings = replySettingsOf(deps, owner, provider.contextSize);
  const user = promptUserOf(owner);
  // The owner lost the permission, or the messages or the chat were removed since: nothing to do.
  if (!settings.hasAutoMemories || !character) return 0;
  const turns = branch.filter((m) => m.conversationId === job.conversationId);
  if (turns.length === 0) return 0;
  const summarised = await memories.summarisedAmong(
    db,
    turns.map((t) => t.id),
  );
  const count = (text: string) => provider.countTokens(text);
  const chunkTokens = Math.max(64, settings.contextSize - summaryMaxTokens - instructionTokens);
  const chunks = pendingChunks(turns, (id) => summarised.has(id), {
    minTurns: minSummaryTurns,
    maxTokens: chunkTokens,
    countTokens: count,
  });
  let stored = 0;
  for (const chunk of chunks) {
    const result = await provider.generate({
      messages: summaryMessages({
        characterName: character.name,
        userName: user.userName,
        turns: chunk,
        fit: (text) => cutToTokens(text, chunkTokens, count),
      }),
      maxTokens: summaryMaxTokens,
      temperature: summaryTemperature,
      model: settings.model.upstreamModel,
      signal: AbortSignal.timeout(deps.timeoutMs),
      onText: () => undefined,
    });
    if (result.stopReason === 'abort') throw new AppError('model_timeout');
    const content = cleanSummary(result.text);
    if (content === '') {
      throw new AppError('generation_failed', { message: 'The model returned an empty summary.' });
    }
    const memory = await memories.insertAuto(db, {
      conversationId: job.conversationId,
      content,
      messageIds: chunk.map((t) => t.id),
    });
    if (memory) stored++;
  }
  deps.log.debug({ conversationId: job.conversationId, stored }, 'auto memories stored');
  return stored;
}
