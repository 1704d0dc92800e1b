/**
 * The NSFW tag and the NSFW flag say the same thing (product-core.md §3, special tags): a chatbot is
 * NSFW exactly when it carries the NSFW tag, and Step-Family content is NSFW too. The editor applies
 * this as the creator types and the server applies it again to whatever it is sent.
 */
import { tagsMakeNsfw } from './character';

/** The flag and the tags made to agree: either making it NSFW adds the NSFW tag. */
export function withNsfwTag<T extends { isNsfw: boolean; tags: readonly string[] }>(
  input: T,
): T & { isNsfw: boolean; tags: string[] } {
  const isNsfw = input.isNsfw || tagsMakeNsfw(input.tags);
  const others = input.tags.filter((t) => t !== 'NSFW');
  return { ...input, isNsfw, tags: isNsfw ? ['NSFW', ...others] : others };
}
