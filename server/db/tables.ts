/** Row types of the database; they never leave server/db (mappers turn them into shared types). */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { EntryPlacement, SelectiveLogic } from '#shared/schemas/lorebook';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type BigCount = ColumnType<string, number | string | undefined, number | string>;

export interface UsersTable {
  id: Generated<string>;
  kind: 'guest' | 'member';
  guest_id: string | null;
  username: string | null;
  name: string | null;
  email: string | null;
  role: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_seen_at: Timestamp;
  adult_confirmed_at: NullableTimestamp;
  terms_accepted_at: NullableTimestamp;
  guidelines_accepted_at: NullableTimestamp;
  interests: ColumnType<string[] | null, string | null | undefined, string | null>;
  avatar_url: string | null;
  highlights: string | null;
  openai_api_key_encrypted: string | null;
  openai_mode: Generated<'disabled' | 'enabled' | 'hybrid'>;
  show_nsfw: Generated<boolean>;
  blur_nsfw: Generated<boolean>;
  chat_language: Generated<string>;
  age_verified_at: NullableTimestamp;
  age_verification_method: string | null;
  /** The member chose "Don't show this again" in the persona choice before a chat. */
  persona_choice_hidden: Generated<boolean>;
}

export interface CharactersTable {
  id: Generated<string>;
  slug: string | null;
  name: string;
  title: Generated<string>;
  persona: Generated<string>;
  scenario: Generated<string>;
  greeting: Generated<string>;
  dialogue: Generated<string>;
  avatar_url: string | null;
  /** jsonb: card data kept from an import for export (shared/cards CardExtras); written as a JSON string. */
  card_extras: ColumnType<unknown, string | null | undefined, string | null>;
  /** The original image of the card it was imported from (private storage, `card-art`). */
  card_art_url: Generated<string | null>;
  is_nsfw: Generated<boolean>;
  visibility: Generated<'private' | 'permanently_private' | 'hidden' | 'public'>;
  definition_visible: Generated<boolean>;
  creator_user_id: string | null;
  language: Generated<string>;
  token_count: Generated<number>;
  num_messages: BigCount;
  created_at: Timestamp;
  updated_at: Timestamp;
  moderation_status: ModerationStatusColumn | null;
  moderation_reasons: Generated<string[]>;
  moderation_action: string | null;
  manual_review_requested: Generated<boolean>;
  avatar_is_nsfw: Generated<boolean>;
  /** 0..1: the share of ratings that like (3) or love (5) the character. */
  rating_score: Generated<number>;
  num_ratings: Generated<number>;
  /** Bumped by every save sent to review; a review writes only while its revision is current. */
  moderation_revision: Generated<number>;
  /** Messages of the last 24 hours (Trending): added on store, recounted by the maintenance queue. */
  num_messages_24h: Generated<number>;
  /** Copies of the character's tags kept by a trigger on character_tags (filters, search vector). */
  tag_ids: Generated<number[]>;
  tag_names: Generated<string>;
  /** Generated from name, title, tags and the opening of the persona. */
  search_vector: ColumnType<string, never, never>;
  /** meta: a group chat whose members are in group_members. */
  type: Generated<'standard' | 'meta'>;
  /** The group member who greets first; null for chatbots. */
  greeting_character_id: string | null;
}

/**
 * One row per listed character (public, moderation none or closed) with what search and listing read;
 * written only by triggers on characters (migrations/202611270500_listed_characters.ts).
 */
export interface ListedCharactersTable {
  id: string;
  created_at: Timestamp;
  num_messages: BigCount;
  rating_score: number;
  num_ratings: number;
  num_messages_24h: number;
  token_count: number;
  is_nsfw: boolean;
  creator_user_id: string | null;
  language: string;
  name: string;
  tag_ids: number[];
  /** The character's search vector without positions or weights. */
  search_vector: string;
  /** A group chat (type meta), left out while the caller's groupchat flag is off. */
  is_group: Generated<boolean>;
}

/**
 * One row per tag of each listed character, with the columns the library filters on besides words;
 * written only by triggers on listed_characters (migrations/202612030000_listed_character_tags.ts).
 */
export interface ListedCharacterTagsTable {
  tag_id: number;
  /** The character's id. */
  id: string;
  token_count: number;
  is_nsfw: boolean;
  is_group: boolean;
  creator_user_id: string | null;
  language: string;
  tag_ids: number[];
}

export type ModerationStatusColumn =
  'pending' | 'rereview_required' | 'manual_review_required' | 'fix_required' | 'closed';

export interface TagsTable {
  id: Generated<number>;
  name: string;
  /** Listed characters carrying the tag, as of the last search statistics refresh. */
  num_listed: Generated<number>;
  /** How many of num_listed are group chats (type meta), refreshed with it. */
  num_listed_groups: Generated<number>;
}

export interface CharacterTagsTable {
  character_id: string;
  tag_id: number;
}

export interface ConversationsTable {
  id: Generated<string>;
  user_id: string;
  character_id: string;
  label: string | null;
  last_message_id: string | null;
  message_count: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The persona the member chats as here; null for guests and members without personas. */
  user_persona_id: Generated<string | null>;
  /** Group chats: whether the bots keep answering each other (premium). */
  auto_response: Generated<boolean>;
  /** The voice replies are read aloud in (premium); null: the default voice. */
  voice_id: Generated<string | null>;
}

/** The chatbots of a group chat, in the creator's order (turn order). */
export interface GroupMembersTable {
  group_id: string;
  member_id: string;
  position: number;
}

export interface PersonasTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  highlights: string;
  avatar_url: string;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A member's lorebook (issue 12); its entries are lorebook_entries. */
export interface LorebooksTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  description: string;
  avatar_url: string;
  tags: Generated<string[]>;
  scan_depth: number;
  token_budget: number;
  recursive_scanning: Generated<boolean>;
  /** A book made from a card's embedded book: only its creator reads it. */
  owner_only: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An entry's settings are `LorebookEntryFields` (shared/schemas/lorebook.ts) in snake case. */
export interface LorebookEntriesTable {
  id: Generated<string>;
  lorebook_id: string;
  /** The entry's place in its book. */
  position: number;
  name: string;
  keywords: string[];
  content: string;
  priority: Generated<number>;
  insertion_order: Generated<number>;
  enabled: Generated<boolean>;
  constant: Generated<boolean>;
  secondary_keywords: Generated<string[]>;
  selective_logic: Generated<SelectiveLogic>;
  case_sensitive: Generated<boolean>;
  match_whole_words: Generated<boolean>;
  probability: Generated<number>;
  placement: Generated<EntryPlacement>;
  depth: Generated<number>;
  exclude_recursion: Generated<boolean>;
  prevent_recursion: Generated<boolean>;
  delay_until_recursion: Generated<boolean>;
  /** jsonb: written as a JSON string, read back parsed. */
  extensions: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The lorebooks a chatbot carries. */
export interface CharacterLorebooksTable {
  character_id: string;
  lorebook_id: string;
  created_at: Timestamp;
}

export interface MessagesTable {
  id: Generated<string>;
  conversation_id: string;
  prev_id: string | null;
  role: 'user' | 'bot';
  content: string;
  is_alternative: Generated<boolean>;
  is_stopped: Generated<boolean>;
  queue_wait_ms: number | null;
  first_token_ms: number | null;
  token_count: number | null;
  tokens_per_second: number | null;
  /** The star rating of a bot message (rules/message-feedback.ts) and its reasons; set once. */
  rating: string | null;
  rating_reasons: Generated<string[]>;
  created_at: Timestamp;
  /** Group chats: the member who spoke this bot reply. */
  sub_character_id: Generated<string | null>;
}

export interface SessionsTable {
  id: Generated<string>;
  family_id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  rotated_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  user_agent: string | null;
}

export interface OauthAccountsTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Timestamp;
}

export interface RestrictionsTable {
  id: Generated<string>;
  user_id: string;
  type: 'restriction_full' | 'restriction_full_time' | 'restriction_limited' | 'shadowban';
  reason: string;
  created_by: string | null;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  lifted_at: NullableTimestamp;
  lifted_by: string | null;
}

/** A restriction kept from a deleted account, under a keyed hash of one of its identities. */
export interface CarriedRestrictionsTable {
  id: Generated<string>;
  identity_hash: string;
  type: RestrictionsTable['type'];
  reason: string;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_user_id: string | null;
  action: string;
  target_user_id: string | null;
  /** jsonb: written as a JSON string, read back parsed. */
  details: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
}

/** character_favorites and character_dislikes share this shape. */
export interface CharacterMarkTable {
  user_id: string;
  character_id: string;
  created_at: Timestamp;
}

export interface CharacterRatingsTable {
  user_id: string;
  character_id: string;
  /** like 3, dislike 1, love 5 (product-core.md, "Rating values"). */
  value: 1 | 3 | 5;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CreatorBlocksTable {
  user_id: string;
  creator_user_id: string;
  created_at: Timestamp;
}

export interface MessageReportsTable {
  id: Generated<string>;
  reporter_user_id: string | null;
  message_id: string;
  conversation_id: string;
  character_id: string;
  label: string;
  comment: string;
  created_at: Generated<Timestamp>;
}

export interface CharacterReportsTable {
  id: Generated<string>;
  reporter_user_id: string | null;
  /** Not a foreign key: a report outlives the character it names. */
  character_id: string;
  issue_type: 'Guidelines' | 'Categorization' | 'Incorrect Authorization' | 'Invalid';
  details: string;
  expected_resolution: 'private' | 'modified' | 'deleted';
  status: Generated<'open' | 'resolved' | 'dismissed'>;
  resolved_by: string | null;
  resolved_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Listed characters per search word (words in at least 20), refreshed by the maintenance queue. */
export interface SearchTermStatsTable {
  term: string;
  ndoc: number;
}

/** Listed characters per sort bucket (listed_sort_codes, migrations/202611290300). */
export interface SearchSortBucketsTable {
  code: number;
  ndoc: number;
}

export interface SearchStatsTable {
  id: Generated<boolean>;
  num_listed: number;
  refreshed_at: Timestamp;
}

export interface GenerationSettingsTable {
  user_id: string;
  model_id: string | null;
  max_new_tokens: number;
  temperature: number;
  top_p: number;
  top_k: number;
  updated_at: Timestamp;
}

export interface ReplyPromptsTable {
  message_id: string;
  conversation_id: string;
  model_id: string;
  context_tokens: number;
  /** jsonb: the chat messages sent to the model; written as a JSON string. */
  messages: ColumnType<unknown, string, string>;
  /** jsonb: shared PromptReport; written as a JSON string. */
  report: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

/** How a reply of a member with their own OpenAI key was written (migrations/202611270100). */
export interface ReplyRoutesTable {
  message_id: string;
  route: 'own_key' | 'own_key_fallback';
  /** The error code of the member's provider that made a hybrid reply fall back. */
  fallback_code: string | null;
  created_at: Generated<Timestamp>;
}

/** A memory of a conversation: written by its owner (`user`) or summarised by the memory job (`other`). */
export interface MemoriesTable {
  id: Generated<string>;
  conversation_id: string;
  content: string;
  is_pinned: Generated<boolean>;
  memory_type: 'user' | 'other';
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The messages an auto memory was summarised from; a message belongs to at most one memory. */
export interface MemorySourcesTable {
  memory_id: string;
  message_id: string;
}

/** A member's billing details and saved card, kept by the gateway and named here by reference. */
export interface BillingProfilesTable {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  state: string;
  postal_code: string;
  gateway: string;
  customer_ref: string | null;
  payment_method_ref: string | null;
  card_last4: string | null;
  card_type: string | null;
  card_exp: string | null;
  card_removed: Generated<boolean>;
  updated_at: Timestamp;
}

export type SubscriptionStatusColumn = 'active' | 'cancelled' | 'grace' | 'expired';

export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  platform: string;
  plan_id: string;
  status: SubscriptionStatusColumn;
  auto_renew: boolean;
  started_at: Timestamp;
  period_started_at: Timestamp;
  recur_at: Timestamp;
  grace_until: NullableTimestamp;
  next_plan_id: string | null;
  cancelled_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  external_ref: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type OrderKindColumn = 'subscribe' | 'upgrade' | 'renewal';
export type OrderStatusColumn = 'pending' | 'requires_action' | 'paid' | 'failed';

export interface OrdersTable {
  id: Generated<string>;
  user_id: string | null;
  kind: OrderKindColumn;
  plan_id: string;
  offer_id: string;
  subscription_id: string | null;
  currency: string;
  subtotal: number;
  discount: number;
  tax: number;
  /** numeric: read back as a string. */
  tax_rate: ColumnType<string, number | string, number | string>;
  total: number;
  coupon_code: string | null;
  payment_method: string;
  status: OrderStatusColumn;
  gateway: string;
  payment_ref: string | null;
  payment_method_ref: string | null;
  attempt: Generated<number>;
  is_unsettled: Generated<boolean>;
  failure_message: string | null;
  idempotency_key: string;
  first_name: string;
  last_name: string;
  email: string;
  country: string;
  state: string;
  postal_code: string;
  platform: string;
  session_id: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  paid_at: NullableTimestamp;
}

export interface CouponUsageTable {
  code: string;
  redeemed: Generated<number>;
}

export interface CouponRedemptionsTable {
  order_id: string;
  code: string;
  user_id: string | null;
  created_at: Timestamp;
}

export interface PaymentEventsTable {
  gateway: string;
  event_id: string;
  type: string;
  received_at: Timestamp;
}

export interface PledgeLinksTable {
  user_id: string;
  service: string;
  account_ref: string;
  tier: string | null;
  linked_at: Timestamp;
}

/** A computed leaderboard month (migrations/202612050000_leaderboard.ts). */
export interface LeaderboardMonthsTable {
  month: string;
  status: Generated<'pending' | 'approved'>;
  computed_at: Timestamp;
  approved_at: NullableTimestamp;
  approved_by: string | null;
}

export interface LeaderboardEntriesTable {
  month: string;
  type: 'new' | 'all';
  rank: number;
  user_id: string;
  score: BigCount;
  num_bots: number;
  previous_rank: number | null;
}

export interface LeaderboardPrizesTable {
  user_id: string;
  month: string;
  tier: 'top' | 'lower';
  type: 'new' | 'all';
  rank: number;
  plan_id: string;
  outcome: 'granted' | 'subscribed';
  subscription_id: string | null;
  created_at: Generated<Date>;
}

/** A promotional banner admins manage (issue 25 item 2; migrations/202612050100_banners.ts). */
export interface BannersTable {
  id: Generated<string>;
  name: string;
  placement: string;
  screens: string[];
  platforms: string[];
  /** jsonb: the look (shared BannerFields minus the columns); written as a JSON string. */
  content: ColumnType<unknown, string, string>;
  closable: boolean;
  transition_ms: number;
  starts_at: NullableTimestamp;
  ends_at: NullableTimestamp;
  created_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A member's consent to one kind of email notification (migrations/202612060000_email_notifications.ts). */
export interface EmailNotificationConsentsTable {
  user_id: string;
  kind: string;
  /** The brand the member opted in through: the mail carries its name and links to its host. */
  application_id: string;
  created_at: Generated<Date>;
}

/** The last notification mailed about a conversation: its cooldown and the claim of a sending job. */
export interface EmailNotificationSendsTable {
  conversation_id: string;
  message_id: string;
  sent_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  characters: CharactersTable;
  listed_characters: ListedCharactersTable;
  listed_character_tags: ListedCharacterTagsTable;
  tags: TagsTable;
  character_tags: CharacterTagsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  sessions: SessionsTable;
  oauth_accounts: OauthAccountsTable;
  restrictions: RestrictionsTable;
  carried_restrictions: CarriedRestrictionsTable;
  audit_log: AuditLogTable;
  character_favorites: CharacterMarkTable;
  character_dislikes: CharacterMarkTable;
  character_ratings: CharacterRatingsTable;
  creator_blocks: CreatorBlocksTable;
  character_reports: CharacterReportsTable;
  message_reports: MessageReportsTable;
  search_term_stats: SearchTermStatsTable;
  search_stats: SearchStatsTable;
  search_sort_buckets: SearchSortBucketsTable;
  generation_settings: GenerationSettingsTable;
  reply_prompts: ReplyPromptsTable;
  reply_routes: ReplyRoutesTable;
  personas: PersonasTable;
  memories: MemoriesTable;
  memory_sources: MemorySourcesTable;
  lorebooks: LorebooksTable;
  lorebook_entries: LorebookEntriesTable;
  character_lorebooks: CharacterLorebooksTable;
  group_members: GroupMembersTable;
  billing_profiles: BillingProfilesTable;
  subscriptions: SubscriptionsTable;
  orders: OrdersTable;
  coupon_usage: CouponUsageTable;
  coupon_redemptions: CouponRedemptionsTable;
  payment_events: PaymentEventsTable;
  pledge_links: PledgeLinksTable;
  leaderboard_months: LeaderboardMonthsTable;
  leaderboard_entries: LeaderboardEntriesTable;
  leaderboard_prizes: LeaderboardPrizesTable;
  banners: BannersTable;
  email_notification_consents: EmailNotificationConsentsTable;
  email_notification_sends: EmailNotificationSendsTable;
  speech_clips: SpeechClipsTable;
  speech_ratings: SpeechRatingsTable;
  conversation_image_settings: ConversationImageSettingsTable;
  message_images: MessageImagesTable;
  character_translations: CharacterTranslationsTable;
}

/** A conversation's image settings (absent: the defaults of shared/rules/images.ts). */
export interface ConversationImageSettingsTable {
  conversation_id: string;
  style: string;
  nsfw_mode: boolean;
  legacy_mode: boolean;
  lora_scale: number;
  prompt_suffix: string;
  negative_prompt: string;
  updated_at: Timestamp;
}

/** A bot message's image (one per message; generating again replaces it), its state and rating. */
export interface MessageImagesTable {
  message_id: string;
  conversation_id: string;
  generation_id: string;
  prompt: string;
  status: 'queued' | 'generating' | 'done' | 'failed';
  progress: Generated<number>;
  url: string | null;
  error: string | null;
  width: number;
  height: number;
  rating_level: string | null;
  rating_reasons: Generated<string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A spoken clip, cached by the hash of its text, voice and engine; the audio is in the storage. */
export interface SpeechClipsTable {
  id: string;
  voice_id: string;
  url: string;
  byte_length: number;
  created_at: Timestamp;
  /** When it was last played (to within playTouchInterval): the sweep deletes long-unplayed clips. */
  played_at: Timestamp;
}

/** A member's rating of how a bot message sounded (like, dislike with a reason, love). */
export interface SpeechRatingsTable {
  message_id: string;
  user_id: string;
  voice_id: string;
  rating: 'like' | 'dislike' | 'love';
  reason: string | null;
  value: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A chatbot's translation into one language, and the claim of the run making it (issue 26 item 3;
 * migrations/202612080200_translations.ts). The text columns are set together, when `done`.
 */
export interface CharacterTranslationsTable {
  character_id: string;
  language: string;
  state: 'queued' | 'translating' | 'done' | 'failed';
  run_id: string;
  requested_by: string | null;
  progress: Generated<number>;
  field: string | null;
  error: string | null;
  name: string | null;
  title: string | null;
  greeting: string | null;
  persona: string | null;
  scenario: string | null;
  dialogue: string | null;
  /** The chatbot's updated_at the text was translated from. */
  source_updated_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type UserRow = Selectable<UsersTable>;
export type CharacterRow = Selectable<CharactersTable>;
export type ConversationRow = Selectable<ConversationsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type PersonaRow = Selectable<PersonasTable>;
export type NewMessage = Insertable<MessagesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type RestrictionRow = Selectable<RestrictionsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type OrderRow = Selectable<OrdersTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type BillingProfileRow = Selectable<BillingProfilesTable>;
export type BannerRow = Selectable<BannersTable>;
