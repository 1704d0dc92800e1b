/**
 * A member's conversation as a file (issue 11, part 13; shared/schemas/conversation-file.ts): export
 * writes every message of the messages table, alternatives included, and the conversation's memories
 * with the messages they came from, and in a group chat the member who spoke each bot message; import
 * reads such a file back as a new conversation with the same chatbot, checked line by line first (a
 * speaker must be a member of the group) and stored in one transaction, so a bad file stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { conversationLimits } from '#shared/rules/conversation';
import { memoryLimits } from '#shared/rules/memory';
import { unstorableTextPath } from '#shared/rules/storable-text';
import {
  ConversationFileHeaderSchema,
  ConversationFileMemorySchema,
  ConversationFileMessageSchema,
  conversationFileVersion,
  type ConversationFileHeader,
  type ConversationFileMemory,
  type ConversationFileMessage,
} from '#shared/schemas/conversation-file';
import type { ConversationSummary } from '#shared/schemas/conversation';
import type { z } from 'zod';
import type { Db } from '../db/database';
import * as conversations from '../db/repositories/conversations.repo';
import * as groups from '../db/repositories/groups.repo';
import * as memories from '../db/repositories/memories.repo';
import * as messages from '../db/repositories/messages.repo';
import type { CharacterRecord } from '../db/mappers';
import type { MessageRow } from '../db/tables';
import { AppError } from '../lib/errors';
import type { Caller } from '../lib/caller';
import { findVisible } from './characters.service';
import { ownedConversation, toSummary } from './conversations.service';

/** The multipart field, named in errors about the file. */
const field = 'file';

function refuseGuest(caller: Caller): void {
  if (caller.kind === 'guest') throw new AppError('sign_in_required');
}

/** Rows in an order where each message comes after the one it answers (oldest first otherwise). */
function parentsFirst(rows: readonly MessageRow[]): MessageRow[] {
  const children = new Map<string | null, MessageRow[]>();
  for (const row of rows) {
    const list = children.get(row.prev_id) ?? [];
    list.push(row);
    children.set(row.prev_id, list);
  }
  const ids = new Set(rows.map((r) => r.id));
  const ordered: MessageRow[] = [];
  // Roots are messages answering nothing (or a message no longer in the conversation).
  const stack = rows.filter((r) => r.prev_id === null || !ids.has(r.prev_id)).reverse();
  while (stack.length > 0) {
    const row = stack.pop();
    if (row === undefined) break;
    ordered.push(row);
    stack.push(...(children.get(row.id) ?? []).slice().reverse());
  }
  return ordered;
}

/** The conversation's file: a header line, then one line per message. */
export async function exportConversation(
  db: Db,
  caller: Caller,
  id: string,
): Promise<{ fileName: string; body: string }> {
  refuseGuest(caller);
  const conversation = await ownedConversation(db, caller, id);
  const character = await findVisible(db, caller, conversation.characterId);
  const rows = parentsFirst(await messages.listAll(db, id));
  const ids = new Set(rows.map((r) => r.id));
  // A speaker who has left the group is written as none, so the file imports back into it.
  const members =
    character.type === 'meta'
      ? new Set((await groups.groupFields(db, character)).members.map((m) => m.id))
      : new Set<string>();
  const speakerOf = (row: MessageRow) =>
    row.sub_character_id !== null && members.has(row.sub_character_id)
      ? row.sub_character_id
      : null;
  const memoryLines = (await memories.listAll(db, id)).map(
    (m) =>
      ({
        type: 'memory',
        content: m.content,
        isPinned: m.isPinned,
        memoryType: m.memoryType,
        sourceMessageIds: m.sourceMessageIds.filter((s) => ids.has(s)),
        createdAt: m.createdAt.toISOString(),
      }) satisfies ConversationFileMemory,
  );
  const header: ConversationFileHeader = {
    type: 'conversation',
    version: conversationFileVersion,
    characterId: character.id,
    characterName: character.name,
    label: conversation.label,
    lastMessageId: conversation.lastMessageId,
    exportedAt: new Date().toISOString(),
  };
  const lines = [
    JSON.stringify(header),
    ...rows.map((row) =>
      JSON.stringify({
        type: 'message',
        id: row.id,
        prevId: row.prev_id !== null && ids.has(row.prev_id) ? row.prev_id : null,
        role: row.role,
        content: row.content,
        isAlternative: row.is_alternative,
        isStopped: row.is_stopped,
        subCharacterId: speakerOf(row),
        createdAt: row.created_at.toISOString(),
      } satisfies ConversationFileMessage),
    ),
    ...memoryLines.map((m) => JSON.stringify(m)),
  ];
  const day = header.exportedAt.slice(0, 10);
  return { fileName: `${character.name} chat ${day}.jsonl`, body: `${lines.join('\n')}\n` };
}

function invalid(line: number, message: string): AppError {
  return new AppError('validation_failed', { field, message: `Line ${String(line)}: ${message}` });
}

/** One line parsed with its schema, or the refusal naming the line. */
function parseLine<S extends z.ZodType>(schema: S, text: string, line: number): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(line, 'not valid JSON.');
  }
  const bad = unstorableTextPath(value);
  if (bad !== undefined) throw invalid(line, `${bad} holds text that cannot be stored.`);
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(line, `${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

/**
 * Whether a line is a memory line, told before it is parsed with its schema. Quotes inside strings
 * are escaped in JSON, so only the line's own `type` key can match.
 */
function isMemoryLine(text: string): boolean {
  return /"type"\s*:\s*"memory"/.test(text);
}

/** Reads and checks a whole file; throws validation_failed naming the first bad line. */
export function parseConversationFile(bytes: Uint8Array): {
  header: ConversationFileHeader;
  messages: ConversationFileMessage[];
  memories: ConversationFileMemory[];
} {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('validation_failed', { field, message: 'The file is not UTF-8 text.' });
  }
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  const [first, ...rest] = lines;
  if (first === undefined) throw invalid(1, 'the file is empty.');
  if (rest.length > conversationLimits.importMessages) {
    throw new AppError('payload_too_large', {
      field,
      message: `A conversation file holds at most ${String(conversationLimits.importMessages)} messages.`,
    });
  }
  const header = parseLine(ConversationFileHeaderSchema, first, 1);
  const seen = new Map<string, ConversationFileMessage>();
  // Memory lines follow every message line.
  const firstMemory = rest.findIndex(isMemoryLine);
  const messageLines = firstMemory === -1 ? rest : rest.slice(0, firstMemory);
  const memoryLines = firstMemory === -1 ? [] : rest.slice(firstMemory);
  const parsed = messageLines.map((lineText, i) => {
    const line = i + 2;
    const message = parseLine(ConversationFileMessageSchema, lineText, line);
    if (seen.has(message.id)) throw invalid(line, 'a message id appears twice.');
    // Answering only an earlier line keeps the links a tree within this file.
    if (message.prevId !== null && !seen.has(message.prevId)) {
      throw invalid(line, 'prevId must name a message on an earlier line.');
    }
    if (message.role === 'user' && message.subCharacterId != null) {
      throw invalid(line, 'subCharacterId: only a bot message names a speaker.');
    }
    seen.set(message.id, message);
    return message;
  });
  if (header.lastMessageId === null ? parsed.length > 0 : !seen.has(header.lastMessageId)) {
    throw invalid(1, 'lastMessageId must name a message of the file.');
  }
  const summarised = new Set<string>();
  let handWritten = 0;
  const parsedMemories = memoryLines.map((lineText, i) => {
    const line = messageLines.length + i + 2;
    const memory = parseLine(ConversationFileMemorySchema, lineText, line);
    if (memory.memoryType === 'user' && ++handWritten > memoryLimits.perConversation) {
      throw invalid(
        line,
        `a conversation holds at most ${String(memoryLimits.perConversation)} memories of yours.`,
      );
    }
    for (const source of memory.sourceMessageIds) {
      if (!seen.has(source))
        throw invalid(line, 'sourceMessageIds must name messages of the file.');
      // A message is summarised into one memory at most.
      if (summarised.has(source)) throw invalid(line, 'a message is the source of two memories.');
      summarised.add(source);
    }
    return memory;
  });
  return { header, messages: parsed, memories: parsedMemories };
}

/**
 * Every speaker a file names must be a member of the chatbot it is imported into, which must then be
 * a group: an id of anything else (another member's chatbot, a member of another group) is refused.
 */
async function assertSpeakersAreMembers(
  db: Db,
  character: CharacterRecord,
  lines: readonly ConversationFileMessage[],
): Promise<void> {
  const firstSpoken = lines.findIndex((m) => m.subCharacterId != null);
  if (firstSpoken === -1) return;
  if (character.type !== 'meta') {
    throw invalid(
      firstSpoken + 2,
      'subCharacterId names a group member, and this chatbot is no group.',
    );
  }
  const members = new Set((await groups.groupFields(db, character)).members.map((m) => m.id));
  const stranger = lines.findIndex(
    (m) => m.subCharacterId != null && !members.has(m.subCharacterId),
  );
  if (stranger !== -1) {
    throw invalid(stranger + 2, 'subCharacterId must name a member of this group.');
  }
}

/** Imports a file as a new conversation of the caller with the file's chatbot. */
export async function importConversation(
  db: Db,
  caller: Caller,
  bytes: Uint8Array,
): Promise<ConversationSummary> {
  refuseGuest(caller);
  const file = parseConversationFile(bytes);
  const character = await findVisible(db, caller, file.header.characterId);
  await assertSpeakersAreMembers(db, character, file.messages);
  const newId = new Map(file.messages.map((m) => [m.id, randomUUID()]));
  const idOf = (old: string | null) => (old === null ? null : (newId.get(old) ?? null));
  let branchLength = 0;
  const byId = new Map(file.messages.map((m) => [m.id, m]));
  for (let m = byId.get(file.header.lastMessageId ?? ''); m; m = byId.get(m.prevId ?? '')) {
    branchLength += 1;
  }
  const created = await db.transaction().execute(async (trx) => {
    const conversation = await conversations.createTitled(trx, {
      userId: caller.userId,
      characterId: character.id,
      label: file.header.label,
    });
    await messages.insertMany(
      trx,
      file.messages.map((m) => ({
        id: idOf(m.id) ?? randomUUID(),
        conversation_id: conversation.id,
        prev_id: idOf(m.prevId),
        role: m.role,
        content: m.content,
        is_alternative: m.isAlternative,
        is_stopped: m.isStopped,
        queue_wait_ms: null,
        first_token_ms: null,
        token_count: null,
        tokens_per_second: null,
        sub_character_id: m.subCharacterId ?? null,
        created_at: new Date(m.createdAt),
      })),
    );
    await memories.insertCarried(
      trx,
      conversation.id,
      file.memories.map((m) => ({
        content: m.content,
        isPinned: m.isPinned,
        memoryType: m.memoryType,
        sourceMessageIds: m.sourceMessageIds.flatMap((id) => idOf(id) ?? []),
        createdAt: new Date(m.createdAt),
      })),
    );
    return conversations.setHead(trx, {
      id: conversation.id,
      lastMessageId: idOf(file.header.lastMessageId),
      messageCount: branchLength,
    });
  });
  return toSummary(db, created);
}
