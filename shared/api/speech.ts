/**
 * Text to speech (issue 26 item 1): the voices, a conversation's voice, a bot message read aloud (WAV,
 * streamed as it is spoken), a voice's sample and the speech rating. Everything but the list of voices
 * is premium (text_to_speech): anyone else gets speech_premium_required, the upgrade path.
 */
import { z } from 'zod';
import { SpeechRatingInputSchema, VoiceIdSchema, VoiceSchema } from '../rules/speech';
import { endpoint } from './endpoint';
import { MessageParamsSchema } from './messages';

/** The audio itself: 16-bit PCM WAV (audio/wav), streamed as it is spoken. */
const AudioSchema = z.custom<AsyncIterable<Uint8Array>>(
  (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
);

export const listVoices = endpoint({
  method: 'GET',
  path: '/api/voices',
  auth: 'caller',
  summary: 'The voices replies can be read aloud in',
  response: z.object({ voices: z.array(VoiceSchema) }),
});

export const voiceSample = endpoint({
  method: 'GET',
  path: '/api/voices/:voiceId/sample',
  auth: 'member',
  summary: "A voice's sample (premium)",
  params: z.object({ voiceId: VoiceIdSchema }),
  response: AudioSchema,
});

export const ConversationVoiceSchema = z.object({ voiceId: VoiceIdSchema });

export const getConversationVoice = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/voice',
  auth: 'chat',
  summary: "The voice a conversation's replies are read in",
  params: z.object({ id: z.uuid() }),
  response: ConversationVoiceSchema,
});

export const setConversationVoice = endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/voice',
  auth: 'chat',
  summary: "Set Voice: the voice a conversation's replies are read in (premium)",
  params: z.object({ id: z.uuid() }),
  body: ConversationVoiceSchema,
  response: ConversationVoiceSchema,
});

export const messageSpeech = endpoint({
  method: 'GET',
  path: '/api/conversations/:id/messages/:messageId/speech',
  auth: 'chat',
  summary:
    "A bot message read aloud in the conversation's voice (premium), streamed as it is spoken",
  params: MessageParamsSchema,
  response: AudioSchema,
});

export const rateSpeech = endpoint({
  method: 'PUT',
  path: '/api/conversations/:id/messages/:messageId/speech-rating',
  auth: 'chat',
  summary: 'Rate how a bot message sounded: like, dislike with a reason, or love (premium)',
  params: MessageParamsSchema,
  body: SpeechRatingInputSchema,
  response: SpeechRatingInputSchema,
});
