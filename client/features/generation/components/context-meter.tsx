/**
 * The context meter: how full the newest reply's prompt made the context budget, what took it (the
 * definition, an imported card's post-history and depth prompts, persona, memories, lorebook entries, example dialogue and messages, in tokens) and what
 * did not fit (older messages, memories, example dialogue). The bot's creator and admins can open that prompt.
 * Members only, like the generation settings that shape the budget: a guest sees nothing and asks nothing.
 * On a narrow screen it keeps to one line over the chat: the count and the meter, with the rest (what
 * filled it, what was left out, View prompt) one Details press away.
 */
import { useRef, useState } from 'react';
import styled, { useTheme } from 'styled-components';
import type { PromptReport } from '#shared/schemas/prompt-report';
import { LinkButton } from '../../../components/button';
import { useMe } from '../../../lib/member';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadConversationContext } from '../api';
import { ReplyPromptModal } from './reply-prompt-modal';

interface ContextMeterProps {
  conversationId: string;
  /** The newest message's id: the meter reloads when it changes (a reply arrived). */
  lastMessageId: string | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the prompt left out, as a sentence fragment, or null when everything fit. */
export function leftOutText(leftOut: PromptReport['leftOut']): string | null {
  const parts = [
    leftOut.turns > 0 ? plural(leftOut.turns, 'older message', 'older messages') : null,
    leftOut.memories > 0 ? plural(leftOut.memories, 'pinned memory', 'pinned memories') : null,
    leftOut.lorebookEntries > 0
      ? plural(leftOut.lorebookEntries, 'lorebook entry', 'lorebook entries')
      : null,
    leftOut.isExamplesLeftOut ? 'the example dialogue' : null,
    leftOut.isPersonaLeftOut ? 'your persona' : null,
    leftOut.isDefinitionCut ? 'the end of the definition' : null,
    leftOut.cardPrompts > 0 ? plural(leftOut.cardPrompts, 'card prompt', 'card prompts') : null,
  ].filter((p) => p !== null);
  return parts.length === 0 ? null : parts.join(', ');
}

const sectionNames: Record<keyof PromptReport['sectionTokens'], string> = {
  definition: 'definition',
  cardPrompts: 'card prompts',
  persona: 'persona',
  memories: 'memories',
  lorebook: 'lorebook',
  examples: 'example dialogue',
  history: 'messages',
};

/** What fills the budget, part by part (parts that took nothing are not named). */
export function filledByText(sectionTokens: PromptReport['sectionTokens']): string {
  const order = [
    'definition',
    'cardPrompts',
    'persona',
    'memories',
    'lorebook',
    'examples',
    'history',
  ] as const;
  return order
    .filter((key) => sectionTokens[key] > 0)
    .map((key) => `${sectionNames[key]} ${sectionTokens[key].toLocaleString()}`)
    .join(', ');
}

export function ContextMeter(props: ContextMeterProps) {
  return useMe() === null ? null : <MemberContextMeter {...props} />;
}

function MemberContextMeter({ conversationId, lastMessageId }: ContextMeterProps) {
  const { api } = useServices();
  const context = useQuery(`context:${conversationId}:${lastMessageId ?? ''}`, (signal) =>
    loadConversationContext(api, conversationId, signal),
  );
  const [isPromptOpen, setIsPromptOpen] = useState(false);
  const [isDetailsOpen, setIsDetailsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { breakpoint } = useTheme();
  const isNarrow = useMediaQuery(`(max-width: ${breakpoint.sm})`);
  if (context.status !== 'success' || context.data.latest === null) return null;
  const { report, messageId } = context.data.latest;
  const { usedTokens, budgetTokens } = report;
  const leftOut = leftOutText(report.leftOut);
  const detailsId = `meter-details-${conversationId}`;
  const viewPrompt = context.data.mayViewPrompt && (
    <LinkButton
      ref={buttonRef}
      onClick={() => {
        setIsPromptOpen(true);
      }}
    >
      View prompt
    </LinkButton>
  );
  const note = (
    <Note>
      Used by {filledByText(report.sectionTokens)}.{' '}
      {leftOut === null ? 'Everything fit.' : `Left out: ${leftOut}.`}
    </Note>
  );
  return (
    <Bar role="group" aria-label="Context">
      <Inner>
        <Line $isNarrow={isNarrow}>
          <Count id={`meter-${conversationId}`}>
            Context: {usedTokens.toLocaleString()} / {budgetTokens.toLocaleString()} tokens
          </Count>
          <Meter
            min={0}
            max={Math.max(1, budgetTokens)}
            value={usedTokens}
            aria-labelledby={`meter-${conversationId}`}
          />
          {isNarrow ? (
            <LinkButton
              aria-label="Context details"
              aria-expanded={isDetailsOpen}
              aria-controls={detailsId}
              onClick={() => {
                setIsDetailsOpen((open) => !open);
              }}
            >
              Details
            </LinkButton>
          ) : (
            viewPrompt
          )}
        </Line>
        {isNarrow ? (
          <Details id={detailsId} hidden={!isDetailsOpen}>
            {note}
            {viewPrompt}
          </Details>
        ) : (
          note
        )}
      </Inner>
      {isPromptOpen && (
        <ReplyPromptModal
          messageId={messageId}
          returnFocusRef={buttonRef}
          onClose={() => {
            setIsPromptOpen(false);
          }}
        />
      )}
    </Bar>
  );
}

const Bar = styled.div`
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Inner = styled.div`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
`;

const Line = styled.div<{ $isNarrow: boolean }>`
  display: flex;
  flex-wrap: ${({ $isNarrow }) => ($isNarrow ? 'nowrap' : 'wrap')};
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

/** Gives way (cut with an ellipsis) before the line wraps on a very narrow screen. */
const Count = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Details = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xxs};
  padding-top: ${({ theme }) => theme.space.xxs};
  white-space: normal;

  &[hidden] {
    display: none;
  }
`;

const Meter = styled.meter`
  flex: 1 1 6rem;
  min-width: 4rem;
  height: 0.5rem;
`;

const Note = styled.p`
  margin: 0;
`;
