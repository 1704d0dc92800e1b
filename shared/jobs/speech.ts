/**
 * The `speech` queue (issue 26 item 1): one job per clip, a text spoken in one voice. The clip id is
 * the hash of the voice, the engine and the text, so every request for the same audio joins one job,
 * and the finished clip is cached under it. Speech is interactive: a failed job is not retried by the
 * queue (the listener retries), and finished or failed jobs are removed so the id can be added again.
 */
import { z } from 'zod';
import { speechMaxChars, VoiceIdSchema } from '../rules/speech';

export const speechQueue = 'speech';

/** A clip id: 64 lowercase hex digits. */
export const ClipIdSchema = z.string().regex(/^[0-9a-f]{64}$/);

export const SpeakJobSchema = z.object({
  clipId: ClipIdSchema,
  text: z.string().min(1).max(speechMaxChars),
  voiceId: VoiceIdSchema,
});
export type SpeakJob = z.infer<typeof SpeakJobSchema>;

/** Job name → payload schema. */
export const speechJobs = { speak: SpeakJobSchema } as const;

export const speechJobOptions = {
  attempts: 1,
  removeOnComplete: true,
  removeOnFail: true,
} as const;

/** The deterministic, colon-free id of a clip's job. */
export function speakJobId(clipId: string): string {
  return `speech-${clipId}`;
}
