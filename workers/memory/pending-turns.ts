/**
 * Which turns that fell out of the context budget the memory job summarises, and in what batches: the
 * ones no memory came from yet, oldest first, in chunks of at most `maxTokens`. A last chunk of fewer
 * than `minTurns` waits for more turns to fall out, so a memory never summarises a single line.
 */

export interface SummaryTurn {
  id: string;
  role: 'user' | 'bot';
  content: string;
}

export interface ChunkOptions {
  /** Fewest turns a memory summarises, unless its chunk was cut by the token limit. */
  minTurns: number;
  /** Most tokens of turns one summary reads. */
  maxTokens: number;
  countTokens: (text: string) => number;
}

/** The turns to summarise, in chunks in chat order; turns already summarised or empty are skipped. */
export function pendingChunks(
  turns: readonly SummaryTurn[],
  isSummarised: (id: string) => boolean,
  opts: ChunkOptions,
): SummaryTurn[][] {
  const pending = turns.filter((t) => t.content.trim() !== '' && !isSummarised(t.id));
  const chunks: SummaryTurn[][] = [];
  let chunk: SummaryTurn[] = [];
  let tokens = 0;
  for (const turn of pending) {
    const cost = opts.countTokens(turn.content);
    if (chunk.length > 0 && tokens + cost > opts.maxTokens) {
      chunks.push(chunk);
      chunk = [];
      tokens = 0;
    }
    chunk.push(turn);
    tokens += cost;
  }
  if (chunk.length >= opts.minTurns) chunks.push(chunk);
  return chunks;
}
