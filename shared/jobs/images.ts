/**
 * The `images` queue (issue 26 item 2): one job per generation of a bot message's image. The job id is
 * the generation's, so a second add of the same generation is a no-op; a new Generate is a new
 * generation. Images are interactive: a failed job is not retried by the queue (the member retries),
 * and finished or failed jobs are removed.
 */
import { z } from 'zod';
import { imageExtraMaxChars, imagePromptMaxChars } from '../rules/images';

export const imagesQueue = 'images';

/** The most words ours, the style's and the member's add to a prompt. */
const builtPromptMaxChars = imagePromptMaxChars + imageExtraMaxChars + 200;

export const GenerateImageJobSchema = z.object({
  generationId: z.uuid(),
  conversationId: z.uuid(),
  messageId: z.uuid(),
  prompt: z.string().min(1).max(builtPromptMaxChars),
  negativePrompt: z.string().max(builtPromptMaxChars),
  lora: z.object({ name: z.string().min(1), scale: z.number().min(0).max(1) }).nullable(),
  width: z.number().int().min(64).max(2048),
  height: z.number().int().min(64).max(2048),
});
export type GenerateImageJob = z.infer<typeof GenerateImageJobSchema>;

/** Job name → payload schema. */
export const imageJobs = { 'generate-image': GenerateImageJobSchema } as const;

export const imageJobOptions = {
  attempts: 1,
  removeOnComplete: true,
  removeOnFail: true,
} as const;

/** The deterministic, colon-free id of a generation's job. */
export function generateImageJobId(generationId: string): string {
  return `image-${generationId}`;
}
