/**
 * A stand-in translator for the local OpenAI-wire server (openai-wire-server.ts, `respond`): it
 * answers the translation prompts of workers/translation the way a good model would, with the source
 * text marked by the target language, `Lucía (English)`, so tests and e2e journeys can see which
 * text was translated into what. Placeholders stay as they are, as the prompt asks.
 */

/** The last user message and the system message of a chat request, when it is one. */
function messagesOf(body: unknown): { system: string; user: string } | undefined {
  if (typeof body !== 'object' || body === null || !('messages' in body)) return undefined;
  const { messages } = body;
  if (!Array.isArray(messages)) return undefined;
  const texts = messages.map((m: unknown) =>
    typeof m === 'object' && m !== null && 'content' in m && typeof m.content === 'string'
      ? m.content
      : '',
  );
  return { system: texts[0] ?? '', user: texts.at(-1) ?? '' };
}

const sourcePattern = /<source>\n([\s\S]*)\n<\/source>$/;
const targetPattern = / into (.+)\.\n/;

/** The source text of a translation prompt, with the target language's name; else undefined. */
export function translationRequestOf(
  body: unknown,
): { source: string; language: string } | undefined {
  const messages = messagesOf(body);
  const source = messages === undefined ? undefined : sourcePattern.exec(messages.user)?.[1];
  const language = messages === undefined ? undefined : targetPattern.exec(messages.system)?.[1];
  if (source === undefined || language === undefined) return undefined;
  return { source, language };
}

/** How the stand-in translates: the text, marked with the language it was translated into. */
export function wireTranslation(source: string, language: string): string {
  return `${source} (${language})`;
}

/** The answer's pieces for a translation prompt, streamed a few characters at a time; else undefined. */
export function translatorAnswer(body: unknown): string[] | undefined {
  const request = translationRequestOf(body);
  if (request === undefined) return undefined;
  const text = `<translation>${wireTranslation(request.source, request.language)}</translation>`;
  return text.match(/[\s\S]{1,16}/g) ?? [];
}
