/**
 * The model's side of a review: the short prompt asking for a verdict in one fixed line, and the strict
 * parser of that line. Anything else the model writes is unparseable, which sends the bot to a
 * moderator, never a silent pass (issue 10, "Moderation").
 */
import type { ModeratedText, ModerationVerdict } from '#shared/rules/moderation';
import type { ChatMessage } from '../providers/provider';

const instructions = [
  'You review chatbot characters for a roleplay chat site against its community guidelines.',
  'Refuse: sexual content involving minors, real people in sexual content, hate or harassment,',
  'promotion of self-harm, illegal activity instructions, spam or advertising.',
  'Fictional violence, romance and adult content on a chatbot marked NSFW are allowed.',
  'Answer with exactly one line and nothing else:',
  'VERDICT: PASS',
  'or',
  'VERDICT: FAIL: <reason>; <another reason>',
].join('\n');

/** The prompt of one review; the character's text is data, quoted after the instructions. */
export function verdictPrompt(c: ModeratedText): ChatMessage[] {
  const card = [
    `Name: ${c.name}`,
    `Title: ${c.title}`,
    `Marked NSFW: ${c.isNsfw ? 'yes' : 'no'}`,
    `Tags: ${c.tags.join(', ')}`,
    `Greeting: ${c.greeting}`,
    `Personality: ${c.persona}`,
    `Scenario: ${c.scenario}`,
    `Example dialogues: ${c.dialogue}`,
  ].join('\n');
  return [
    { role: 'system', content: instructions },
    { role: 'user', content: `Review this chatbot:\n\n${card}` },
  ];
}

/** How many reasons, and how long each, a verdict may carry. */
const maxReasons = 5;
const maxReasonLength = 200;
const verdictLine = /^VERDICT: (PASS|FAIL: (.+))$/;

/**
 * Reads the model's answer: exactly one `VERDICT: PASS` or `VERDICT: FAIL: reason; reason` line
 * (surrounding blank space aside). A FAIL needs 1 to 5 non-empty reasons of at most 200 characters.
 */
export function parseVerdict(answer: string): ModerationVerdict {
  const match = verdictLine.exec(answer.trim());
  if (!match) return { kind: 'unparseable' };
  if (match[1] === 'PASS') return { kind: 'pass' };
  const reasons = (match[2] ?? '').split(';').map((r) => r.trim());
  const isReadable =
    reasons.length <= maxReasons &&
    reasons.every((r) => r.length > 0 && r.length <= maxReasonLength);
  return isReadable ? { kind: 'fail', reasons } : { kind: 'unparseable' };
}
