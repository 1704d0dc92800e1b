/**
 * Creating and editing chatbots (issue 10, "Chatbot editor"): who may (members with create_character,
 * only the creator edits), the NSFW tag and definition visibility rules, the server's token count, and
 * the moderation transition of each save (shared/rules/moderation.ts). The save, its tags and its
 * moderation revision are one transaction; the review is enqueued after it commits.
 */
import type { SaveCharacterBody } from '#shared/api/authoring';
import type { CardExtras } from '#shared/cards/card-schemas';
import type { ReviewDecision, ReviewItem } from '#shared/api/authoring';
import { definitionVisibleFor } from '#shared/rules/character';
import { moderationOnSave } from '#shared/rules/moderation';
import { withNsfwTag } from '#shared/rules/nsfw-tag';
import { estimateCharacterTokens } from '#shared/rules/token-estimate';
import type { OwnCharacter, OwnCharacterSummary } from '#shared/schemas/own-character';
import type { Db } from '../db/database';
import * as audit from '../db/repositories/audit-log.repo';
import * as cards from '../db/repositories/character-cards.repo';
import * as characters from '../db/repositories/characters.repo';
import * as own from '../db/repositories/own-characters.repo';
import type { MemberCaller } from '../lib/caller';
import { AppError } from '../lib/errors';
import type { ModerationQueue } from '../lib/queues';
import type { FileStorage } from '../lib/storage';
import { squareWebp } from '../lib/images';
import { assertMayCreate } from './restrictions.service';
import { visibleCharacter } from './characters.service';

export interface AuthoringDeps {
  db: Db;
  moderation: ModerationQueue;
}

type SaveInput = Omit<SaveCharacterBody, 'submitForManualReview'> & {
  submitForManualReview: boolean;
};

/** The columns a save writes, from the input and the moderation decision. */
function toWrite(
  input: SaveInput,
  decision: Extract<ReturnType<typeof moderationOnSave>, { ok: true }>,
): own.CharacterWrite {
  const { isNsfw, tags } = withNsfwTag(input);
  return {
    name: input.name,
    title: input.title,
    persona: input.persona,
    scenario: input.scenario,
    greeting: input.greeting,
    dialogue: input.dialogue,
    avatarUrl: input.avatarUrl,
    avatarIsNsfw: input.avatarIsNsfw,
    isNsfw,
    visibility: decision.visibility,
    definitionVisible: definitionVisibleFor(decision.visibility),
    language: input.language,
    tokenCount: estimateCharacterTokens(input),
    tags,
    moderationStatus: decision.moderationStatus,
    manualReviewRequested: decision.manualReviewRequested,
    review: decision.review,
  };
}

function refuse(
  code: 'character_under_review' | 'character_visibility_locked' | 'validation_failed',
): never {
  if (code === 'validation_failed') {
    throw new AppError('validation_failed', {
      field: 'submitForManualReview',
      message: 'Only a chatbot the review flagged can be submitted for manual review.',
    });
  }
  throw new AppError(code, { field: 'visibility' });
}

async function answer(deps: AuthoringDeps, id: string): Promise<OwnCharacter> {
  const saved = await own.findOwn(deps.db, id);
  if (!saved) throw new AppError('character_not_found');
  return saved;
}

/** Creates a chatbot for the caller; a public one goes to review (pending) first. */
export async function createCharacter(
  deps: AuthoringDeps,
  caller: MemberCaller,
  input: SaveInput & { cardExtras: CardExtras | null },
): Promise<OwnCharacter> {
  assertMayCreate(caller);
  const decision = moderationOnSave(null, input);
  if (!decision.ok) refuse(decision.code);
  const { id, revision } = await deps.db.transaction().execute(async (trx) => {
    const inserted = await own.insert(trx, caller.userId, toWrite(input, decision));
    if (input.cardExtras !== null) await cards.setCardExtras(trx, inserted.id, input.cardExtras);
    return inserted;
  });
  if (decision.review) await deps.moderation.enqueueReview({ characterId: id, revision });
  return answer(deps, id);
}

/** Updates the caller's chatbot; others get character_not_owner (or not_found for a private one). */
export async function updateCharacter(
  deps: AuthoringDeps,
  caller: MemberCaller,
  id: string,
  input: SaveInput,
): Promise<OwnCharacter> {
  assertMayCreate(caller);
  const { revision, review } = await deps.db.transaction().execute(async (trx) => {
    const record = await characters.findById(trx, id);
    await assertOwner(trx, record, caller);
    if (record?.type === 'meta') {
      throw new AppError('validation_failed', {
        field: 'type',
        message: 'A group chat is saved with the group payload (type meta).',
      });
    }
    const before = await own.lockForSave(trx, id);
    if (!before) throw new AppError('character_not_found');
    const decision = moderationOnSave(before, input);
    if (!decision.ok) refuse(decision.code);
    return {
      revision: await own.update(trx, id, toWrite(input, decision)),
      review: decision.review,
    };
  });
  if (review) await deps.moderation.enqueueReview({ characterId: id, revision });
  return answer(deps, id);
}

/** The creator may; anyone else who may see the bot is refused as not its owner. */
async function assertOwner(
  db: Db,
  character: Parameters<typeof visibleCharacter>[1],
  caller: MemberCaller,
): Promise<void> {
  const visible = await visibleCharacter(db, character, caller);
  if (visible.creatorUserId !== caller.userId) throw new AppError('character_not_owner');
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
  assertMayCreate(caller);
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
