/**
 * The context meter: how full the newest reply's prompt made the context budget, what took it (the
 * definition, an imported card's post-history and depth prompts, persona, memories, lorebook entries, example dialogue and messages, in tokens) and what
 * did not fit (older messages, memories, example dialogue). The bot's creator and admins can open that prompt.
 * Members only, like the generation settings that shape the budget: a guest sees nothing and asks nothing.
 * On a narrow screen it folds into a small control in the chat header (the share used, as a ring and a
 * percentage) whose details (the count, what filled it, what was left out, View prompt) open over the log.
 */
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { PromptReport } from '#shared/schemas/prompt-report';
import { LinkButton } from '../../../components/button';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useMe } from '../../../lib/member';
import { useServices } from '../../../lib/services';
import { useQuery } from '../../../lib/use-query';
import { loadConversationContext } from '../api';
import { ReplyPromptModal } from './reply-prompt-modal';

/**
 * Where the meter sits: `bar` under the chat header, or `compact`, a small control in the header that
 * opens the same details (narrow screens, where a bar would take a line from the chat).
 */
export type ContextMeterLayout = 'bar' | 'compact';

interface ContextMeterProps {
  conversationId: string;
  /** The newest message's id: the meter reloads when it changes (a reply arrived). */
  lastMessageId: string | null;
  layout: ContextMeterLayout;
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

/** The share of the budget used, in whole percent (what the compact control shows). */
export function usedPercent(usedTokens: number, budgetTokens: number): number {
  if (budgetTokens <= 0) return 0;
  return Math.min(100, Math.round((usedTokens / budgetTokens) * 100));
}

function MemberContextMeter({ conversationId, lastMessageId, layout }: ContextMeterProps) {
  const { api } = useServices();
  const context = useQuery(`context:${conversationId}:${lastMessageId ?? ''}`, (signal) =>
    loadConversationContext(api, conversationId, signal),
  );
  const [isPromptOpen, setIsPromptOpen] = useState(false);
  const [isDetailsOpen, setIsDetailsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const detailsId = useId();
  const countId = useId();
  const isCompact = layout === 'compact';

  // The compact control's details close on Escape and on a press outside them, as a menu does; a
  // dialog opened from them (View prompt) keeps them open underneath.
  useEffect(() => {
    if (!isCompact || !isDetailsOpen || isPromptOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapperRef.current?.contains(event.target)) {
        setIsDetailsOpen(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsDetailsOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isCompact, isDetailsOpen, isPromptOpen]);

  if (context.status !== 'success' || context.data.latest === null) return null;
  const { report, messageId } = context.data.latest;
  const { usedTokens, budgetTokens } = report;
  const leftOut = leftOutText(report.leftOut);
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
  const count = (
    <Count id={countId}>
      Context: {usedTokens.toLocaleString()} / {budgetTokens.toLocaleString()} tokens
    </Count>
  );
  const meter = (
    <Meter min={0} max={Math.max(1, budgetTokens)} value={usedTokens} aria-labelledby={countId} />
  );
  const promptModal = isPromptOpen && (
    <ReplyPromptModal
      messageId={messageId}
      returnFocusRef={buttonRef}
      onClose={() => {
        setIsPromptOpen(false);
      }}
    />
  );

  if (isCompact) {
    const percent = usedPercent(usedTokens, budgetTokens);
    return (
      <Compact ref={wrapperRef} role="group" aria-label="Context">
        <Toggle
          ref={toggleRef}
          type="button"
          aria-expanded={isDetailsOpen}
          aria-controls={detailsId}
          onClick={() => {
            setIsDetailsOpen((open) => !open);
          }}
        >
          <VisuallyHidden>Context details: </VisuallyHidden>
          <Ring viewBox="0 0 20 20" aria-hidden="true">
            <circle cx="10" cy="10" r="7" pathLength={100} />
            <circle
              cx="10"
              cy="10"
              r="7"
              pathLength={100}
              strokeDasharray={`${String(percent)} 100`}
            />
          </Ring>
          {percent}%
        </Toggle>
        <Popover id={detailsId} hidden={!isDetailsOpen}>
          <Line>
            {count}
            {meter}
          </Line>
          {note}
          {viewPrompt}
        </Popover>
        {promptModal}
      </Compact>
    );
  }
  return (
    <Bar role="group" aria-label="Context">
      <Inner>
        <Line>
          {count}
          {meter}
          {viewPrompt}
        </Line>
        {note}
      </Inner>
      {promptModal}
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

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const Count = styled.span`
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Meter = styled.meter`
  flex: 1 1 6rem;
  min-width: 4rem;
  height: 0.5rem;
`;

const Note = styled.p`
  margin: 0;
`;

/**
 * The compact control's details open under the chat header, over the top of the log, instead of
 * pushing the chat down; the header is their positioned ancestor.
 */
const Compact = styled.div`
  display: flex;
  flex-shrink: 0;
`;

const Toggle = styled.button`
  display: inline-flex;
  flex-shrink: 0;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ theme }) => theme.size.iconButton};
  padding: 0 ${({ theme }) => theme.space.sm};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-variant-numeric: tabular-nums;
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.color.surfaceHover};
  }
`;

/** A ring filled to the share used, clockwise from the top: the track, then the part used. */
const Ring = styled.svg`
  width: ${({ theme }) => theme.font.size.md};
  height: ${({ theme }) => theme.font.size.md};
  transform: rotate(-90deg);

  circle {
    fill: none;
    stroke: ${({ theme }) => theme.color.border};
    stroke-width: 3;
  }

  circle + circle {
    stroke: ${({ theme }) => theme.color.primary};
  }
`;

const Popover = styled.div`
  position: absolute;
  top: 100%;
  right: 0;
  left: 0;
  z-index: ${({ theme }) => theme.zIndex.menu};
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-bottom: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
  box-shadow: 0 4px 12px ${({ theme }) => theme.color.shadow};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};

  & > ${Line} {
    align-self: stretch;
  }

  &[hidden] {
    display: none;
  }
`;
