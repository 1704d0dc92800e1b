/** Which banner screen a path is (shared/schemas/banner.ts bannerScreens), or null for none. */
import type { BannerScreen } from '#shared/schemas/banner';

const screens: readonly [RegExp, BannerScreen][] = [
  [/^\/$/, 'home'],
  [/^\/chat\/[^/]+(\/[^/]+)?\/?$/, 'chat'],
  // /chatbot/create and /chatbot/edit are the editor, not a chatbot's profile.
  [/^\/chatbot\/(?!create(\/|$)|edit(\/|$))[^/]+\/?$/, 'chatbot'],
  [/^\/chats(\/[^/]+)?\/?$/, 'chats'],
  [/^\/my-chatbots(\/.*)?$/, 'my_chatbots'],
  [/^\/personas(\/.*)?$/, 'personas'],
  [/^\/profile\/?$/, 'profile'],
  [/^\/subscribe\/?$/, 'subscribe'],
];

export function screenOfPath(path: string): BannerScreen | null {
  return screens.find(([pattern]) => pattern.test(path))?.[1] ?? null;
}
