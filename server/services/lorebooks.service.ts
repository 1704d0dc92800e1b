/**
 * Lorebooks (issue 12): who may see or change a book is decided here and nowhere else. Anyone may read
 * a book (its page is shared); only its creator changes it or its entries (others: lorebook_not_owner).
 * The import reads a file and answers what would be written, writing nothing; the create then writes
 * the book and its entries in one transaction. Books attach to their creator's private chatbots.
 */
import type { CardBookPreview } from '#shared/api/character-cards';
import type {
  LorebookCreateInputSchema,
  LorebookEntryInputSchema,
  LorebookImportReport,
  LorebookInputSchema,
} from '#shared/api/lorebooks';
import type { CardBookChoice, CardExtras } from '#shared/cards/card-schemas';
import {
  LorebookImportError,
  type FitProblem,
  fitEntries,
  fitProblems,
  readLorebookFile,
  type ReadLorebook,
  suggestedDescription,
  suggestedName,
} from '#shared/cards/lorebook-import';
import { isPrivateVisibility } from '#shared/rules/character';
import { lorebookLimits } from '#shared/rules/lorebook';
import type {
  AttachedLorebook,
  Lorebook,
  LorebookEntry,
  LorebookSummary,
} from '#shared/schemas/lorebook';
import type { z } from 'zod';
import type { Db } from '../db/database';
import * as books from '../db/repositories/lorebooks.repo';
import type { Caller, MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import { squareWebp } from '../lib/images';
import type { FileStorage } from '../lib/storage';
import { findVisible } from './characters.service';

type BookInput = z.output<typeof LorebookInputSchema>;
type CreateInput = z.output<typeof LorebookCreateInputSchema>;
type EntryInput = z.output<typeof LorebookEntryInputSchema>;

export async function listMine(db: Db, caller: MemberCaller): Promise<LorebookSummary[]> {
  return books.listForUser(db, caller.userId);
}

/**
 * Anyone may read a book, except one made from a card's embedded book: that is part of the card's
 * definition, so only its creator reads it (others: lorebook_not_found, as for a missing book).
 */
export async function get(db: Db, caller: Caller, id: string): Promise<Lorebook> {
  const access = await books.accessOf(db, id);
  if (access?.isOwnerOnly === true && access.userId !== caller.userId) {
    throw new AppError('lorebook_not_found');
  }
  const book = await books.findById(db, id, caller.userId);
  if (!book) throw new AppError('lorebook_not_found');
  return book;
}

/** The book exists and the caller created it. */
async function assertOwner(db: Db, caller: MemberCaller, id: string): Promise<void> {
  const owner = await books.ownerOf(db, id);
  if (owner === undefined) throw new AppError('lorebook_not_found');
  if (owner !== caller.userId) throw new AppError('lorebook_not_owner');
}

export async function create(db: Db, caller: MemberCaller, input: CreateInput): Promise<Lorebook> {
  const id = await books.create(db, caller.userId, input, input.entries);
  return get(db, caller, id);
}

export async function update(
  db: Db,
  caller: MemberCaller,
  id: string,
  input: BookInput,
): Promise<Lorebook> {
  await assertOwner(db, caller, id);
  if (!(await books.update(db, id, input))) throw new AppError('lorebook_not_found');
  return get(db, caller, id);
}

export async function remove(db: Db, caller: MemberCaller, id: string): Promise<void> {
  await assertOwner(db, caller, id);
  await books.remove(db, id);
}

export async function addEntry(
  db: Db,
  caller: MemberCaller,
  id: string,
  input: EntryInput,
): Promise<LorebookEntry> {
  await assertOwner(db, caller, id);
  const entry = await books.addEntry(db, id, input, lorebookLimits.entries.max);
  if (entry === 'missing') throw new AppError('lorebook_not_found');
  if (entry === 'full') {
    throw new AppError('lorebook_entry_limit', { details: { limit: lorebookLimits.entries.max } });
  }
  return entry;
}

export async function updateEntry(
  db: Db,
  caller: MemberCaller,
  id: string,
  entryId: string,
  input: EntryInput,
): Promise<LorebookEntry> {
  await assertOwner(db, caller, id);
  const entry = await books.updateEntry(db, id, entryId, input);
  if (!entry) throw new AppError('lorebook_entry_not_found');
  return entry;
}

export async function removeEntry(
  db: Db,
  caller: MemberCaller,
  id: string,
  entryId: string,
): Promise<void> {
  await assertOwner(db, caller, id);
  const result = await books.removeEntry(db, id, entryId);
  if (result === 'missing') throw new AppError('lorebook_entry_not_found');
  if (result === 'last') throw new AppError('lorebook_last_entry');
}

/** A file read whose every entry is skipped: the first reason names it, the report lists them all. */
function noEntryFits(problems: readonly FitProblem[]): string {
  const first = problems.find((p) => p.fix === 'skip');
  const more = problems.filter((p) => p.fix === 'skip').length - 1;
  const reason = first === undefined ? '' : ` ${first.path}: ${first.message}`;
  return `Valid JSON, but no entry fits:${reason}${more > 0 ? ` (and ${String(more)} more)` : ''}.`;
}

/** A file's report, or a refusal naming why no entry of it can be imported. */
function reportOf(read: ReadLorebook): LorebookImportReport {
  const problems = fitProblems(read.entries);
  const skip = fitEntries(read.entries, 'skip');
  const split = fitEntries(read.entries, 'split');
  if (split.entries.length === 0) {
    throw new AppError('lorebook_import_invalid', {
      field: 'entries',
      message: read.entries.length === 0 ? 'This lorebook has no entries.' : noEntryFits(problems),
      details: { problems },
    });
  }
  return {
    format: read.format,
    name: suggestedName(read.name),
    description: suggestedDescription(read.description),
    scanDepth: read.scanDepth,
    tokenBudget: read.tokenBudget,
    recursiveScanning: read.recursiveScanning,
    tags: read.tags,
    total: read.entries.length,
    problems,
    skip,
    split,
  };
}

/** Reads a file as a lorebook, or refuses it with lorebook_import_invalid naming the field. */
function readBook(file: unknown, fileName: string | undefined): ReadLorebook {
  try {
    return readLorebookFile(file, fileName);
  } catch (err) {
    if (err instanceof LorebookImportError) {
      throw new AppError('lorebook_import_invalid', { field: err.field, message: err.message });
    }
    throw err;
  }
}

/**
 * Reads an uploaded file's JSON and answers the import's report; nothing is written. A file that is
 * not a lorebook we read, or whose every entry would be skipped, is refused naming why.
 */
export function prepareImport(
  caller: MemberCaller,
  file: unknown,
  fileName: string | undefined,
): LorebookImportReport {
  return reportOf(readBook(file, fileName));
}

/** A kept card's embedded book as the lorebook import reads it (a card file with only its book). */
function cardBookFile(characterName: string, extras: CardExtras): unknown {
  const book = extras.data.character_book;
  if (typeof book !== 'object' || book === null || Array.isArray(book)) return undefined;
  return { spec: 'chara_card_v2', data: { name: characterName, character_book: book } };
}

/**
 * The report on a card's embedded book, for the card import's preview: readable with both choices, or
 * why not (the card still imports without it); null when the card carries no book.
 */
export function previewCardBook(characterName: string, extras: CardExtras): CardBookPreview | null {
  const file = cardBookFile(characterName, extras);
  if (file === undefined) return null;
  let read: ReadLorebook;
  try {
    read = readBook(file, undefined);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { isReadable: false, message: err.message, problems: [] };
  }
  try {
    return { isReadable: true, report: reportOf(read) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { isReadable: false, message: err.message, problems: fitProblems(read.entries) };
  }
}

/**
 * A card book's name: the book's own, else the chatbot's (the report suggests them, within 3-25
 * characters), else a plain one when both are too short.
 */
function cardBookName(suggested: string): string {
  return suggested === '' ? 'Card lorebook' : suggested;
}

/**
 * Writes a card's embedded book as a lorebook of the caller attached to the new chatbot, in the
 * chatbot's transaction, with the entries `choice` gives (as a lorebook import would write them). A
 * book that cannot be imported refuses the whole save (lorebook_import_invalid, field cardBook), so
 * nothing is half-written; `leave` writes no book. Only its creator reads it (isOwnerOnly).
 */
export async function writeCardBook(
  trx: Db,
  caller: MemberCaller,
  character: { id: string; name: string; avatarUrl: string | null; tags: readonly string[] },
  extras: CardExtras,
  choice: CardBookChoice,
): Promise<string | null> {
  const file = cardBookFile(character.name, extras);
  if (file === undefined || choice === 'leave') return null;
  let report: LorebookImportReport;
  try {
    report = reportOf(readBook(file, undefined));
  } catch (err) {
    if (err instanceof AppError && err.code === 'lorebook_import_invalid') {
      throw new AppError('lorebook_import_invalid', {
        field: 'cardBook',
        message: `The card's lorebook cannot be imported: ${err.message} Leave it out to save.`,
        details: err.details,
        cause: err,
      });
    }
    throw err;
  }
  const fitted = report[choice];
  if (fitted.entries.length === 0) {
    throw new AppError('lorebook_import_invalid', {
      field: 'cardBook',
      message:
        "Skipping the card's lorebook entries that do not fit leaves none: fit them, or leave the lorebook out.",
      details: { problems: report.problems },
    });
  }
  const description =
    report.description.length >= lorebookLimits.description.min
      ? report.description
      : suggestedDescription(`From the character card of ${character.name}`);
  const bookId = await books.insertWithEntries(
    trx,
    caller.userId,
    {
      name: cardBookName(report.name),
      description,
      avatarUrl: character.avatarUrl ?? '',
      tags: report.tags.length > 0 ? report.tags : character.tags.slice(0, lorebookLimits.tags.max),
      scanDepth: report.scanDepth,
      tokenBudget: report.tokenBudget,
      recursiveScanning: report.recursiveScanning,
    },
    fitted.entries,
    { isOwnerOnly: true },
  );
  await books.attachNew(trx, character.id, bookId);
  return bookId;
}

export async function storeAvatar(
  storage: FileStorage,
  caller: MemberCaller,
  image: Buffer,
): Promise<string> {
  return storage.put('lorebook-avatars', 'webp', await squareWebp(image, 256));
}

/** One of the caller's chatbots (others: character_not_owner, or not found when hidden from them). */
async function ownCharacter(db: Db, caller: MemberCaller, characterId: string) {
  const character = await findVisible(db, caller, characterId);
  if (character.creatorUserId !== caller.userId) throw new AppError('character_not_owner');
  return character;
}

export async function attachedTo(
  db: Db,
  caller: MemberCaller,
  characterId: string,
): Promise<AttachedLorebook[]> {
  await ownCharacter(db, caller, characterId);
  return books.attachedTo(db, characterId);
}

/** The lorebook section is on private chatbots only (product-core.md §6), so attaching is too. */
export async function attach(
  db: Db,
  caller: MemberCaller,
  characterId: string,
  lorebookId: string,
): Promise<AttachedLorebook[]> {
  const character = await ownCharacter(db, caller, characterId);
  if (!isPrivateVisibility(character.visibility)) {
    throw new AppError('lorebook_attach_private');
  }
  await assertOwner(db, caller, lorebookId);
  const result = await books.attach(db, characterId, lorebookId, lorebookLimits.perCharacter);
  if (result === 'full') {
    throw new AppError('lorebook_attach_limit', {
      details: { limit: lorebookLimits.perCharacter },
    });
  }
  return books.attachedTo(db, characterId);
}

export async function detach(
  db: Db,
  caller: MemberCaller,
  characterId: string,
  lorebookId: string,
): Promise<AttachedLorebook[]> {
  await ownCharacter(db, caller, characterId);
  await books.detach(db, characterId, lorebookId);
  return books.attachedTo(db, characterId);
}
