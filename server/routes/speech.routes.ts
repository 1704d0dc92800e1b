/** Text to speech (issue 26 item 1): voices, a conversation's voice, messages read aloud, ratings. */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyInstance } from 'fastify';
import {
  getConversationVoice,
  listVoices,
  messageSpeech,
  rateSpeech,
  setConversationVoice,
  voiceSample,
} from '#shared/api/speech';
import type { AppDeps } from '../app-deps';
import { addRoute } from '../lib/route';
import * as speech from '../services/speech.service';

/** Streams WAV audio; it is premium, so no cache but the browser's own for this response. */
function sendAudio(reply: FastifyReply, audio: AsyncIterable<Buffer>): Readable {
  void reply.header('content-type', 'audio/wav').header('cache-control', 'private, no-store');
  return Readable.from(audio);
}

export function speechRoutes(app: FastifyInstance, deps: AppDeps): void {
  addRoute(app, listVoices, () => Promise.resolve(speech.listVoices()));
  addRoute(app, voiceSample, async ({ caller, params, reply }) =>
    sendAudio(reply, await speech.sampleAudio(deps.speech, caller, params.voiceId)),
  );
  addRoute(app, getConversationVoice, ({ caller, params }) =>
    speech.conversationVoice(deps.db, caller, params.id),
  );
  addRoute(app, setConversationVoice, ({ caller, params, body }) =>
    speech.setConversationVoice(deps.db, caller, params.id, body.voiceId),
  );
  addRoute(app, messageSpeech, async ({ caller, params, reply }) =>
    sendAudio(reply, await speech.messageAudio(deps.speech, caller, params)),
  );
  addRoute(app, rateSpeech, ({ caller, params, body }) =>
    speech.rateSpeech(deps.speech, caller, params, body),
  );
}
