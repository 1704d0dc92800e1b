/**
 * One simulated person chatting through a soak run: a guest who holds a multi-turn conversation on one
 * server, pauses between messages, sometimes stops a reply, and behaves as the browser does when the
 * connection drops (reconnect, join, resync over REST, Retry when a reply is reported failed or gone).
 * It records every message it sent, so the run can check afterwards that each got exactly one reply.
 */
import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { listMessages } from '#shared/api/conversations';
import type { ClientToServerEvents, ServerToClientEvents } from '#shared/realtime/events';

type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ChatterLog {
  /** Messages the server acknowledged as stored, by content (unique per message). */
  sent: string[];
  /** Sends whose acknowledgement never came (the server went away); they may or may not be stored. */
  unacknowledged: string[];
  /** Replies reported failed (each was retried). */
  failures: number;
  /** Replies seen completed more than once. */
  duplicateCompletions: number;
  /** Times a reply in flight was seen again after a fault, in ms from the fault (recovery). */
  recoveries: number[];
}

/** A command's answer, or null when none came in 10 s (the server went away). */
function withTimeout<T>(answer: Promise<T>): Promise<T | null> {
  return Promise.race([
    answer.catch(() => null),
    new Promise<null>((resolve) => {
      setTimeout(() => {
        resolve(null);
      }, 10_000);
    }),
  ]);
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/** What the chatter is waiting for, if anything. */
interface Waiting {
  replyId: string;
  settle: (outcome: 'completed' | 'failed' | 'gone') => void;
}

export class Chatter {
  readonly log: ChatterLog = {
    sent: [],
    unacknowledged: [],
    failures: 0,
    duplicateCompletions: 0,
    recoveries: [],
  };
  private readonly guestId = randomUUID();
  private readonly socket: ChatSocket;
  private conversationId: string | null = null;
  private waiting: Waiting | null = null;
  private readonly completed = new Set<string>();
  /** When the last fault happened, for recovery times; set by the run. */
  faultAt: number | null = null;
  private running = true;

  constructor(
    private readonly url: string,
    private readonly characterId: string,
    private readonly name: string,
  ) {
    this.socket = io(url, {
      auth: { guestId: this.guestId },
      transports: ['websocket'],
      reconnectionDelay: 200,
      reconnectionDelayMax: 2000,
    });
    this.socket.on('generation:delta', (d) => {
      this.noteProgress(d.messageId);
    });
    this.socket.on('generation:started', (s) => {
      this.noteProgress(s.messageId);
    });
    this.socket.on('generation:completed', ({ message }) => {
      if (this.completed.has(message.id)) this.log.duplicateCompletions += 1;
      this.completed.add(message.id);
      if (this.waiting?.replyId === message.id) this.waiting.settle('completed');
    });
    this.socket.on('generation:failed', ({ messageId }) => {
      if (this.waiting?.replyId === messageId) this.waiting.settle('failed');
    });
    this.socket.on('connect', () => {
      void this.resync();
    });
  }

  private noteProgress(replyId: string): void {
    if (this.faultAt !== null && this.waiting?.replyId === replyId) {
      this.log.recoveries.push(Date.now() - this.faultAt);
      this.faultAt = null;
    }
  }

  /** After a (re)connect: join again; a reply neither pending nor stored is gone (Retry). */
  private async resync(): Promise<void> {
    const id = this.conversationId;
    const waiting = this.waiting;
    if (id === null || waiting === null) return;
    const joined = await withTimeout(
      this.socket.emitWithAck('conversation:join', { conversationId: id }),
    );
    if (!joined?.ok || joined.data.pending !== null) return;
    const page = await this.messages(id);
    const last = page.at(-1);
    if (last?.role === 'bot') {
      waiting.settle('completed');
    } else if (last?.role === 'user') {
      waiting.settle('gone');
    }
  }

  private async messages(conversationId: string) {
    const res = await fetch(`${this.url}/api/conversations/${conversationId}/messages`, {
      headers: { 'x-guest-id': this.guestId },
    });
    return listMessages.response.parse(await res.json()).items;
  }

  /** Waits for the reply in hand to end; a fault may make it arrive late, so the wait is long. */
  private awaitReply(replyId: string): Promise<'completed' | 'failed' | 'gone' | 'lost'> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        resolve('lost');
      }, 120_000);
      this.waiting = {
        replyId,
        settle: (outcome) => {
          clearTimeout(timer);
          this.waiting = null;
          resolve(outcome);
        },
      };
    });
  }

  /** Sends one message and sees it answered, retrying as a person would when told it failed. */
  private async turn(n: number): Promise<void> {
    const content = `${this.name} message ${String(n)} ${randomUUID()}`;
    const ack = await withTimeout(
      this.socket.emitWithAck('message:send', {
        characterId: this.characterId,
        conversationId: this.conversationId,
        content,
      }),
    );
    if (ack === null) {
      this.log.unacknowledged.push(content);
      return;
    }
    if (!ack.ok) return; // refused (busy, limits): nothing was stored
    this.conversationId = ack.data.conversationId;
    this.log.sent.push(content);
    const reply = this.awaitReply(ack.data.replyId);
    // Some people stop a reply part-way.
    if (Math.random() < 0.1) {
      await sleep(300 + Math.random() * 1500);
      await withTimeout(
        this.socket.emitWithAck('generation:stop', { conversationId: this.conversationId }),
      );
    }
    let outcome = await reply;
    for (let attempt = 0; outcome !== 'completed' && attempt < 5; attempt++) {
      if (outcome === 'failed') this.log.failures += 1;
      const retry = await withTimeout(
        this.socket.emitWithAck('generation:retry', { conversationId: this.conversationId }),
      );
      if (retry?.ok !== true) {
        // nothing_to_retry: the reply was stored after all; a missing answer: try again shortly.
        if (retry?.ok === false && retry.error.code === 'nothing_to_retry') return;
        await sleep(1000);
        outcome = 'gone';
        continue;
      }
      outcome = await this.awaitReply(retry.data.replyId);
    }
  }

  async run(until: number): Promise<void> {
    for (let n = 0; this.running && Date.now() < until; n++) {
      if (this.socket.connected) await this.turn(n);
      await sleep(500 + Math.random() * 3000);
    }
  }

  close(): void {
    this.running = false;
    this.socket.close();
  }
}
