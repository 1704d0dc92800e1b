/**
 * What the routes and plugins are handed: every long-lived dependency buildApp() makes once. It lives
 * apart from app.ts so routes depend on this shape, never on the app that registers them.
 */
import type { Config } from './config';
import type { Db } from './db/database';
import type { ReadDb } from './db/read-db';
import type { Mailer } from './lib/mailer';
import type { GenerationQueue, ModerationQueue } from './lib/queues';
import type { Redis } from './lib/redis';
import type { ReplyState } from './lib/reply-state';
import type { FileStorage } from './lib/storage';
import type { AgeVerificationProvider } from './services/age-verification/provider';
import type { Applications } from './lib/applications';
import type { PledgeLinkDeps } from './services/billing/pledge-link.service';
import type { AdsSetup } from './services/ads.service';
import type { WaitingRoom } from './services/waiting-room.service';
import type { LeaderboardDeps } from './services/leaderboard.service';
import type { SpeechDeps } from './services/speech.service';
import type { ImagesDeps } from './services/images.service';
import type { TranslationDeps } from './services/translation.service';

export interface AppDeps {
  config: Config;
  /** The primary: every write, every transaction, a caller's own records. */
  db: Db;
  /** Public read-mostly reads, on a replica where DATABASE_READ_URL names one (db/read-db.ts). */
  reads: ReadDb;
  redis: Redis;
  prefix: string;
  queue: GenerationQueue;
  /** Chatbots sent to review (workers/moderation). */
  moderation: ModerationQueue;
  /** Where uploaded files are kept (STORAGE: local disk or an S3-compatible bucket; lib/storage.ts). */
  storage: FileStorage;
  /** The replies in flight (server/lib/reply-state.ts). */
  replies: ReplyState;
  mailer: Mailer;
  /** Signs and verifies access tokens. */
  secret: string;
  /** Brands and partner sites by application id. */
  applications: Applications;
  /** The age verification provider, or null when the product does not verify ages. */
  ageVerification: AgeVerificationProvider | null;
  /** Drops every socket of a member session when it ends. */
  endSessionSockets: (sessionFamily: string) => void;
  waitingRoom: WaitingRoom;
  /** What is for sale, the payment gateway, the pledge service and the billing queue (issue 23). */
  billing: PledgeLinkDeps;
  /** The creators leaderboard: its page cache and its queue (issue 25). */
  leaderboard: LeaderboardDeps;
  /** The ad slot's threshold and the operator's provider snippet (issue 25 item 7). */
  ads: AdsSetup;
  /** Text to speech: the clip cache, the clips being spoken and the speech queue (issue 26). */
  speech: SpeechDeps;
  /** Images in the conversation: the images queue and where images are kept (issue 26). */
  images: ImagesDeps;
  /** Character translation: its runs are queued on the translation queue (issue 26 item 3). */
  translation: TranslationDeps;
}
