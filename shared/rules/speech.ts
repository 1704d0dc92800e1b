/**
 * Text to speech (issue 26 item 1, product-core.md "Speech rating", "Voice"): the voices members pick
 * from, what of a message is spoken, and the speech rating. The spec names no voices and no dislike
 * reasons: the five voices and the reasons below are our choice, kept here and nowhere else.
 */
import { z } from 'zod';

export const VoiceGenderSchema = z.enum(['male', 'female']);

/** Our voices' ids, first the default one (a conversation without a chosen voice is read in it). */
export const voiceIds = [
  'warm-narrator',
  'bright-guide',
  'old-sage',
  'quick-wit',
  'soft-whisper',
] as const;
export const VoiceIdSchema = z.enum(voiceIds);
export type VoiceId = z.infer<typeof VoiceIdSchema>;
export const defaultVoiceId: VoiceId = 'warm-narrator';

/** A voice a conversation can be read aloud in; `audioUrl` plays its sample (premium). */
export const VoiceSchema = z.object({
  id: VoiceIdSchema,
  name: z.string(),
  description: z.string(),
  gender: VoiceGenderSchema,
  audioUrl: z.string(),
});
export type Voice = z.infer<typeof VoiceSchema>;

/** The voices, in voiceIds' order. */
export const voices = [
  {
    id: 'warm-narrator',
    name: 'Warm Narrator',
    description: 'A calm, low storyteller.',
    gender: 'male',
  },
  {
    id: 'bright-guide',
    name: 'Bright Guide',
    description: 'A clear, friendly voice.',
    gender: 'female',
  },
  { id: 'old-sage', name: 'Old Sage', description: 'Slow and weathered.', gender: 'male' },
  { id: 'quick-wit', name: 'Quick Wit', description: 'Fast and lively.', gender: 'female' },
  { id: 'soft-whisper', name: 'Soft Whisper', description: 'Quiet and gentle.', gender: 'female' },
] as const satisfies readonly Omit<Voice, 'audioUrl'>[];

/** What a voice's sample says. */
export const voiceSampleText = 'Hello! This is how I will read the replies of this conversation.';

/** Speech longer than this is cut at a word (the OpenAI speech endpoint takes at most 4096). */
export const speechMaxChars = 4000;

/** The text of a message as it is spoken: whitespace collapsed, at most speechMaxChars characters. */
export function speechTextOf(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= speechMaxChars) return text;
  const cut = text.slice(0, speechMaxChars);
  const space = cut.lastIndexOf(' ');
  return space > speechMaxChars / 2 ? cut.slice(0, space) : cut;
}

/** Dislike needs one of these (spec: "Dislike (needs a sub-reason)"). */
export const speechDislikeReasons = [
  'Wrong pronunciation',
  'Sounds robotic',
  'Wrong voice for the character',
  'Too fast or too slow',
  'Audio glitches',
] as const;

/** Like, Dislike with a reason, or Favorite; sent as like, the chosen reason, or love. */
export const SpeechRatingInputSchema = z.discriminatedUnion('rating', [
  z.strictObject({ rating: z.literal('like') }),
  z.strictObject({ rating: z.literal('dislike'), reason: z.enum(speechDislikeReasons) }),
  z.strictObject({ rating: z.literal('love') }),
]);
export type SpeechRatingInput = z.infer<typeof SpeechRatingInputSchema>;

/** Rating values (product-core.md "Rating values"): like 3, dislike 1, love 5. */
export const speechRatingValue = { like: 3, dislike: 1, love: 5 } as const;

/** The voice button of a bot message: nothing yet, playing, stopped (spec: Idle, Play, Stop). */
export type VoiceButtonState = 'idle' | 'play' | 'stop';
