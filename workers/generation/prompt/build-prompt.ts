/**
 * Builds the model's chat prompt within the context budget (docs/architecture.md, "The chat path",
 * step 3). The message being answered always goes in; the budget left is filled in a fixed priority:
 * the character's definition (cut to fit when it alone is too long), an imported card's post-history
 * instructions and depth prompt, the user's persona, pinned memories, lorebook entries, the example
 * dialogue, then the history, newest first. A card's system prompt replaces our instructions at the
 * head of the definition, `{{original}}` standing for them (docs/formats.md §1.2). A part that does not
 * fit whole is left out and named in the report, which the chat's context meter shows. Unpinned memories
 * (auto memories of older turns) follow the pinned ones within a quarter of the budget, newest first;
 * those that do not fit roll off unreported, as old turns do once summarised.
 */
import { fillCardPrompt, noCardPrompt, type CardPrompt } from '#shared/cards/card-prompt';
import { fillMacros, type MacroValues } from '#shared/rules/macros';
import type { CharacterFields } from '#shared/schemas/character';
import type { LorebookEntry } from '#shared/schemas/lorebook';
import type { PromptReport } from '#shared/schemas/prompt-report';
import type { ChatMessage } from '../../providers/provider';

/** What the prompt reads of the character. */
export type PromptCharacter = Pick<CharacterFields, 'name' | 'persona' | 'scenario' | 'dialogue'>;

export interface PromptTurn {
  role: 'user' | 'bot';
  content: string;
}

/** Who the user plays: the chosen persona's highlights describe them to the model. */
export interface PromptPersona {
  highlights: string;
}

/** A memory of the conversation: a pinned one always enters the prompt while it fits. */
export interface PromptMemory {
  content: string;
  /** Unpinned memories go in after the pinned ones, within `unpinnedMemoryShare`; pinned by default. */
  isPinned?: boolean;
}

/** The share of the budget unpinned memories may take, so summaries never crowd out the newest turns. */
export const unpinnedMemoryShare = 0.25;

/**
 * A lorebook entry that fired (prompt/lore-entries.ts): before or after the character definition in
 * the system message, or a system message of its own in the chat, `depth` messages from its end.
 */
export type PromptLoreEntry = Pick<LorebookEntry, 'content' | 'placement' | 'depth'>;

export interface PromptInput {
  character: PromptCharacter;
  /** What the character's card asks of the prompt; none when it was not imported from a card. */
  card?: CardPrompt;
  userName: string;
  persona?: PromptPersona | null;
  /** Memories, most important first (pinned ones before unpinned, newest first). */
  memories?: readonly PromptMemory[];
  /** Matched lorebook entries in placement order (each book's budget already applied). */
  lorebookEntries?: readonly PromptLoreEntry[];
  /** The conversation's branch in chat order, ending with the message to answer. */
  history: readonly PromptTurn[];
  contextSize: number;
  maxTokens: number;
  countTokens: (text: string) => number;
}

export interface BuiltPrompt {
  messages: ChatMessage[];
  /** How many turns of the history made it in, the message being answered included. */
  keptTurns: number;
  promptTokens: number;
  report: PromptReport;
}

/** Template tokens a chat format adds around each message (role markers, separators). */
export const messageOverheadTokens = 4;

/** Example dialogue as cards write it: `<START>` separates exchanges. */
function formatExamples(dialogue: string): string {
  return dialogue
    .split(/<START>/i)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .join('\n\n');
}

function describeCharacter(c: PromptCharacter, card: CardPrompt, names: MacroValues): string {
  const ours = `You are ${c.name}. Write ${c.name}'s next reply in a roleplay chat with ${names.user}. Stay in character, write only ${c.name}'s words and actions, and never write ${names.user}'s lines.`;
  const cards = fillCardPrompt(card.systemPrompt, { ...names, original: ours });
  const parts = [cards === '' ? ours : cards];
  if (c.persona.trim() !== '')
    parts.push(`${c.name}'s persona:\n${fillMacros(c.persona.trim(), names)}`);
  if (c.scenario.trim() !== '') parts.push(`Scenario:\n${fillMacros(c.scenario.trim(), names)}`);
  return parts.join('\n\n');
}

/** Cuts text to at most `budget` tokens, keeping its start. */
function truncateToTokens(text: string, budget: number, count: (t: string) => number): string {
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

/** Where a part of the system message goes: around the character definition, or at the end. */
type Slot = 'beforeDefinition' | 'afterDefinition' | 'end';

/** The system message grown part by part; each part goes in whole or not at all. */
class SystemMessage {
  private readonly slots: Record<Slot, string[]> = {
    beforeDefinition: [],
    afterDefinition: [],
    end: [],
  };
  constructor(
    private readonly definition: string,
    private readonly cost: (text: string) => number,
  ) {}
  private join(slots: Record<Slot, readonly string[]>): string {
    return [
      ...slots.beforeDefinition,
      this.definition,
      ...slots.afterDefinition,
      ...slots.end,
    ].join('\n\n');
  }
  get text(): string {
    return this.join(this.slots);
  }
  /** The tokens `part` would add at `slot`. */
  extra(part: string, slot: Slot = 'end'): number {
    const next = { ...this.slots, [slot]: [...this.slots[slot], part] };
    return this.cost(this.join(next)) - this.cost(this.text);
  }
  add(part: string, slot: Slot = 'end'): void {
    this.slots[slot].push(part);
  }
}

/** Lore placed in the system message, by where it goes. */
const loreSlot = { before_char: 'beforeDefinition', after_char: 'afterDefinition' } as const;

/** A message placed `depth` messages from the end of the chat. */
interface AtDepth {
  depth: number;
  message: ChatMessage;
}

/**
 * The chat with messages placed at depths, each before the last `depth` messages (0: after the last
 * one; deeper than the chat: before its first message); those at one depth keep their order.
 */
function placeAtDepth(chat: readonly ChatMessage[], placed: readonly AtDepth[]) {
  const out = [...chat];
  // Deepest first, so each insertion leaves the positions of shallower ones as counted; at one
  // depth in order, each landing after the one before.
  const order = placed.map((p, i) => ({ ...p, i })).sort((a, b) => b.depth - a.depth || a.i - b.i);
  for (const { depth, message } of order) {
    const index = out.length - Math.min(depth, chat.length);
    out.splice(index, 0, message);
  }
  return out;
}

export function buildPrompt(input: PromptInput): BuiltPrompt {
  const names = { char: input.character.name, user: input.userName };
  const cost = (text: string) => input.countTokens(text) + messageOverheadTokens;
  const budget = Math.max(0, input.contextSize - input.maxTokens);
  const toMessage = (t: PromptTurn): ChatMessage => ({
    role: t.role === 'user' ? 'user' : 'assistant',
    content: t.content,
  });

  const turns = input.history;
  const last = turns.at(-1);
  const lastCost = last ? cost(last.content) : 0;

  const card = input.card ?? noCardPrompt;
  const definitionText = describeCharacter(input.character, card, names);
  const isDefinitionCut = cost(definitionText) + lastCost > budget;
  const definition = isDefinitionCut
    ? truncateToTokens(
        definitionText,
        Math.max(0, budget - lastCost - messageOverheadTokens),
        input.countTokens,
      )
    : definitionText;
  const system = new SystemMessage(definition, cost);
  let used = cost(definition) + lastCost;
  const sectionTokens = {
    definition: cost(definition),
    cardPrompts: 0,
    persona: 0,
    memories: 0,
    lorebook: 0,
    examples: 0,
    history: lastCost,
  };

  /** Adds a part when it fits; returns whether it did. */
  const tryAdd = (part: string, section: keyof typeof sectionTokens, slot?: Slot): boolean => {
    const extra = system.extra(part, slot);
    if (used + extra > budget) return false;
    system.add(part, slot);
    used += extra;
    sectionTokens[section] += extra;
    return true;
  };

  /** Adds a message of its own (outside the system message) when it fits; returns whether it did. */
  const tryAddMessage = (text: string, section: keyof typeof sectionTokens): boolean => {
    const c = cost(text);
    if (used + c > budget) return false;
    used += c;
    sectionTokens[section] += c;
    return true;
  };

  // The card's own messages; we have no post-history prompt, so {{original}} in them is empty.
  const fillCard = (text: string) => fillCardPrompt(text, { ...names, original: '' });
  const postHistory = fillCard(card.postHistoryInstructions);
  const depthPrompt = card.depthPrompt && {
    ...card.depthPrompt,
    prompt: fillCard(card.depthPrompt.prompt),
  };
  let cardPromptsLeftOut = 0;
  const tryAddCardPrompt = (text: string): boolean => {
    if (text === '') return false;
    if (tryAddMessage(text, 'cardPrompts')) return true;
    cardPromptsLeftOut++;
    return false;
  };
  const isPostHistoryIn = tryAddCardPrompt(postHistory);
  const isDepthPromptIn = depthPrompt !== null && tryAddCardPrompt(depthPrompt.prompt);

  const highlights = input.persona?.highlights.trim() ?? '';
  const isPersonaLeftOut =
    highlights !== '' &&
    !tryAdd(`${names.user}'s persona:\n${fillMacros(highlights, names)}`, 'persona');

  let memoriesLeftOut = 0;
  const memories = (input.memories ?? [])
    .map((m) => ({ content: m.content.trim(), isPinned: m.isPinned ?? true }))
    .filter((m) => m.content !== '')
    .sort((a, b) => Number(b.isPinned) - Number(a.isPinned));
  let hasMemoryHeading = false;
  const unpinnedCap = Math.floor(budget * unpinnedMemoryShare);
  let unpinnedTokens = 0;
  for (const memory of memories) {
    // The heading goes in with the first memory that fits.
    const line = `- ${fillMacros(memory.content, names)}`;
    const part = hasMemoryHeading ? line : `Memories:\n${line}`;
    if (!memory.isPinned) {
      const extra = system.extra(part);
      if (unpinnedTokens + extra > unpinnedCap || !tryAdd(part, 'memories')) continue;
      unpinnedTokens += extra;
      hasMemoryHeading = true;
    } else if (tryAdd(part, 'memories')) hasMemoryHeading = true;
    else memoriesLeftOut++;
  }

  let loreLeftOut = 0;
  /** Lore placed in the chat: its text by depth. */
  const atDepth = new Map<number, string[]>();
  for (const entry of input.lorebookEntries ?? []) {
    if (entry.content.trim() === '') continue;
    const text = fillMacros(entry.content.trim(), names);
    if (entry.placement !== 'at_depth') {
      if (!tryAdd(text, 'lorebook', loreSlot[entry.placement])) loreLeftOut++;
      continue;
    }
    if (!tryAddMessage(text, 'lorebook')) {
      loreLeftOut++;
      continue;
    }
    atDepth.set(entry.depth, [...(atDepth.get(entry.depth) ?? []), text]);
  }

  const examples = formatExamples(fillMacros(input.character.dialogue, names));
  const isExamplesLeftOut =
    examples !== '' && !tryAdd(`Example dialogue:\n${examples}`, 'examples');

  // Newest history first, before the last message, until the budget is spent; older turns stay out.
  const earlier = turns.slice(0, -1);
  let firstKept = earlier.length;
  while (firstKept > 0) {
    const turn = earlier[firstKept - 1];
    if (!turn) break;
    const c = cost(turn.content);
    if (used + c > budget) break;
    used += c;
    sectionTokens.history += c;
    firstKept--;
  }

  const chat = [...earlier.slice(firstKept), ...(last ? [last] : [])].map(toMessage);
  const placed: AtDepth[] = [...atDepth].map(([depth, texts]) => ({
    depth,
    message: { role: 'system', content: texts.join('\n\n') },
  }));
  if (isDepthPromptIn) {
    placed.push({
      depth: depthPrompt.depth,
      message: { role: depthPrompt.role, content: depthPrompt.prompt },
    });
  }
  const messages: ChatMessage[] = [
    { role: 'system', content: system.text },
    ...placeAtDepth(chat, placed),
    ...(isPostHistoryIn ? [{ role: 'system' as const, content: postHistory }] : []),
  ];
  return {
    messages,
    keptTurns: chat.length,
    promptTokens: used,
    report: {
      budgetTokens: budget,
      usedTokens: used,
      sectionTokens,
      leftOut: {
        isDefinitionCut,
        cardPrompts: cardPromptsLeftOut,
        isPersonaLeftOut,
        memories: memoriesLeftOut,
        lorebookEntries: loreLeftOut,
        isExamplesLeftOut,
        turns: firstKept,
      },
    },
  };
}
