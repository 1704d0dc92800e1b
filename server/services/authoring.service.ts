/**
 * Creating and editing chatbots (issue 10, "Chatbot editor"): who may (members with create_character,
 * only the creator edits), the NSFW tag and definition visibility rules, the server's token count, and
 * the moderation transition of each save (shared/rules/moderation.ts). The save, its tags and its
 * moderation revision are one transaction; the review is enqueued after it commits. A group chat is
 * saved through the same steps (createOwned, updateOwned); groups.service adds its members.
 */
import type { SaveCharacterBody } from '#shared/api/authoring';
import type { CardBookChoice, CardExtras } from '#shared/cards/card-schemas';
import type { ReviewDecision, ReviewItem } from '#shared/api/authoring';
import { definitionVisibleFor } from '#shared/rules/character';
import { moderationOnSave } from '#shared/rules/moderation';
import { withNsfwTag } from '#shared/rules/nsfw-tag';
import { estimateCharacterTokens } from '#shared/rules/token-estimate';
import type { OwnCharacter, OwnCharacterSummary } from '#shared/schemas/own-character';
import type { Db } from '../db/database';
import type { CharacterRecord } from '../db/mappers';
import * as audit from '../db/repositories/audit-log.repo';
import * as cards from '../db/repositories/character-cards.repo';
import * as characters from '../db/repositories/characters.repo';
import * as own from '../db/repositories/own-characters.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import type { ModerationQueue } from '../lib/queues';
import type { FileStorage } from '../lib/storage';
import { squareWebp } from '../lib/images';
import { visibleCharacter } from './characters.service';
import { writeCardBook } from './lorebooks.service';

export interface AuthoringDeps {
  db: Db;
  moderation: ModerationQueue;
}

type SaveInput = Omit<SaveCharacterBody, 'submitForManualReview'> & {
  submitForManualReview: boolean;
};

/** What moderationOnSave allows a save to write. */
type SaveDecision = Extract<ReturnType<typeof moderationOnSave>, { ok: true }>;

/**
 * The columns a chatbot or group save writes: its fields with the NSFW tag rule, the definition rule of
 * the visibility, the token count and the moderation decision.
 */
export function characterWrite(
  fields: Pick<
    SaveInput,
    | 'name'
    | 'title'
    | 'persona'
    | 'scenario'
    | 'greeting'
    | 'dialogue'
    | 'avatarUrl'
    | 'avatarIsNsfw'
    | 'isNsfw'
    | 'language'
    | 'tags'
  >,
  tokenCount: number,
  decision: SaveDecision,
): own.CharacterWrite {
  const { isNsfw, tags } = withNsfwTag(fields);
  return {
    name: fields.name,
    title: fields.title,
    persona: fields.persona,
    scenario: fields.scenario,
    greeting: fields.greeting,
    dialogue: fields.dialogue,
    avatarUrl: fields.avatarUrl,
    avatarIsNsfw: fields.avatarIsNsfw,
    isNsfw,
    visibility: decision.visibility,
    definitionVisible: definitionVisibleFor(decision.visibility),
    language: fields.language,
    tokenCount,
    tags,
    moderationStatus: decision.moderationStatus,
    manualReviewRequested: decision.manualReviewRequested,
    review: decision.review,
  };
}

/** How a chatbot or a group is saved around the steps both take. */
export interface SaveKind {
  /** Named when the review did not flag what asks for a manual review. */
  noun: 'chatbot' | 'group';
  /** Whether an update may write over a record of this type (a chatbot never becomes a group). */
  isOwnType: (type: CharacterRecord['type']) => boolean;
  /** The refusal of an update over the other type. */
  otherTypeMessage: string;
  /** The columns to write under the decision. */
  write: (decision: SaveDecision) => own.CharacterWrite;
  /** Checks inside the transaction before the row is written (a group's members). */
  check?: (trx: Db, decision: SaveDecision) => Promise<void>;
  /** What is written with the row, in its transaction (a group's members, a card's data). */
  writeWith?: (trx: Db, id: string) => Promise<void>;
}

type ModerationInput = Parameters<typeof moderationOnSave>[1];

function decide(
  before: Parameters<typeof moderationOnSave>[0],
  input: ModerationInput,
  noun: SaveKind['noun'],
): SaveDecision {
  const decision = moderationOnSave(before, input);
  if (decision.ok) return decision;
  if (decision.code === 'validation_failed') {
    throw new AppError('validation_failed', {
      field: 'submitForManualReview',
      message:
        decision.manualReview === 'moderator_decided'
          ? `A moderator has already reviewed this ${noun}; fix it and submit it for review again.`
          : `Only a ${noun} the review flagged can be submitted for manual review.`,
    });
  }
  throw new AppError(decision.code, { field: 'visibility' });
}

/**
 * Creates a chatbot or group for the caller: the row and what goes with it are one transaction, and a
 * save the review must see (a public one) is enqueued once it commits. Answers the new id.
 */
export async function createOwned(
  deps: AuthoringDeps,
  caller: MemberCaller,
  input: ModerationInput,
  kind: SaveKind,
): Promise<string> {
  const decision = decide(null, input, kind.noun);
  const { id, revision } = await deps.db.transaction().execute(async (trx) => {
    await kind.check?.(trx, decision);
    const inserted = await own.insert(trx, caller.userId, kind.write(decision));
    await kind.writeWith?.(trx, inserted.id);
    return inserted;
  });
  if (decision.review) await deps.moderation.enqueueReview({ characterId: id, revision });
  return id;
}

/**
 * Updates the caller's chatbot or group: others get character_not_owner (or not_found where they may
 * not see it), a record of the other type is refused, and the moderation decision is taken on the
 * locked row, in the save's transaction.
 */
export async function updateOwned(
  deps: AuthoringDeps,
  caller: MemberCaller,
  id: string,
  input: ModerationInput,
  kind: SaveKind,
): Promise<void> {
  const { revision, review } = await deps.db.transaction().execute(async (trx) => {
    const record = await assertOwner(trx, await characters.findById(trx, id), caller);
    if (!kind.isOwnType(record.type)) {
      throw new AppError('validation_failed', { field: 'type', message: kind.otherTypeMessage });
    }
    const before = await own.lockForSave(trx, id);
    if (!before) throw new AppError('character_not_found');
    const decision = decide(before, input, kind.noun);
    await kind.check?.(trx, decision);
    const saved = await own.update(trx, id, kind.write(decision));
    await kind.writeWith?.(trx, id);
    return { revision: saved, review: decision.review };
  });
  if (review) await deps.moderation.enqueueReview({ characterId: id, revision });
}

async function answer(deps: AuthoringDeps, id: string): Promise<OwnCharacter> {
  const saved = await own.findOwn(deps.db, id);
  if (!saved) throw new AppError('character_not_found');
  return saved;
}

/** A chatbot's save: every field as typed, its token count from the definition. */
function chatbotKind(input: SaveInput, writeWith?: SaveKind['writeWith']): SaveKind {
  return {
    noun: 'chatbot',
    isOwnType: (type) => type !== 'meta',
    otherTypeMessage: 'A group chat is saved with the group payload (type meta).',
    write: (decision) => characterWrite(input, estimateCharacterTokens(input), decision),
    writeWith,
  };
}

/** What an imported card brings to a new chatbot besides its fields. */
export interface CardImportInput {
  cardExtras: CardExtras | null;
  cardArtUrl: string | null;
  cardBook: CardBookChoice;
}

/**
 * Creates a chatbot for the caller; a public one goes to review (pending) first. A chatbot from a
 * card keeps the card's data and original image, and its embedded book becomes a lorebook attached to
 * it: all in the chatbot's transaction, so a card whose book is refused stores nothing.
 */
export async function createCharacter(
  deps: AuthoringDeps,
  caller: MemberCaller,
  input: SaveInput & CardImportInput,
): Promise<OwnCharacter> {
  const { cardExtras, cardArtUrl, cardBook } = input;
  const writeCard: SaveKind['writeWith'] =
    cardExtras === null && cardArtUrl === null
      ? undefined
      : async (trx, id) => {
          if (cardExtras !== null) {
            await cards.setCardExtras(trx, id, cardExtras);
            await writeCardBook(
              trx,
              caller,
              { id, name: input.name, avatarUrl: input.avatarUrl, tags: input.tags },
              cardExtras,
              cardBook,
            );
          }
          if (cardArtUrl !== null) await cards.setCardArt(trx, id, cardArtUrl);
        };
  const id = await createOwned(deps, caller, input, chatbotKind(input, writeCard));
  return answer(deps, id);
}

/** Updates the caller's chatbot; others get character_not_owner (or not_found for a private one). */
export async function updateCharacter(
  deps: AuthoringDeps,
  caller: MemberCaller,
  id: string,
  input: SaveInput,
): Promise<OwnCharacter> {
  await updateOwned(deps, caller, id, input, chatbotKind(input));
  return answer(deps, id);
}

/** The creator may; anyone else who may see the bot is refused as not its owner. */
async function assertOwner(
  db: Db,
  character: CharacterRecord | undefined,
  caller: MemberCaller,
): Promise<CharacterRecord> {
  const visible = await visibleCharacter(db, character, caller);
  if (visible.creatorUserId !== caller.userId) throw new AppError('character_not_owner');
  return visible;
}

/** One of the caller's chatbots for the editor. */
export async function getOwnCharacter(
  db: Db,
  caller: MemberCaller,
  id: string,
): Promise<OwnCharacter> {
  await assertOwner(db, await characters.findById(db, id), caller);
  const character = await own.findOwn(db, id);
  if (!character) throw new AppError('character_not_found');
  return character;
}

export async function listOwnCharacters(
  db: Db,
  caller: MemberCaller,
): Promise<OwnCharacterSummary[]> {
  return own.listByCreator(db, caller.userId);
}

/** Stores a chatbot avatar as a 512 px square WebP; answers its URL for the save. */
export async function storeCharacterAvatar(
  storage: FileStorage,
  caller: MemberCaller,
  image: Buffer,
): Promise<string> {
  return storage.put('character-avatars', 'webp', await squareWebp(image, 512));
}

function toReviewItem(record: own.ReviewRecord): ReviewItem {
  return {
    ...record.character,
    creatorUserId: record.creatorUserId,
    manualReviewRequested: record.manualReviewRequested,
  };
}

/** The moderators' queue: chatbots in manual review, or those the automatic review flagged. */
export async function listReviewQueue(
  db: Db,
  status: 'manual_review_required' | 'fix_required',
): Promise<ReviewItem[]> {
  return (await own.listByStatus(db, status)).map(toReviewItem);
}

/**
 * A moderator approves (closed: listed again) or rejects (fix_required with reasons) a chatbot in
 * review, with the action taken; the decision and its audit entry are one transaction.
 */
export async function decideReview(
  db: Db,
  admin: MemberCaller,
  id: string,
  decision: ReviewDecision,
): Promise<ReviewItem> {
  await db.transaction().execute(async (trx) => {
    const isApproved = decision.decision === 'approve';
    const written = await own.writeDecision(trx, id, {
      moderationStatus: isApproved ? 'closed' : 'fix_required',
      reasons: isApproved ? [] : decision.reasons,
      action: decision.action,
    });
    if (!written) throw new AppError('character_not_found');
    await audit.insert(trx, {
      actorUserId: admin.userId,
      action: isApproved ? 'character.approved' : 'character.rejected',
      targetUserId: await own.creatorOf(trx, id),
      details: {
        characterId: id,
        action: decision.action,
        ...(isApproved ? {} : { reasons: decision.reasons }),
      },
    });
  });
  const character = await own.findOwn(db, id);
  if (!character) throw new AppError('character_not_found');
  return {
    ...character,
    creatorUserId: await own.creatorOf(db, id),
    manualReviewRequested: false,
  };
}
