import { useState, type KeyboardEvent, type RefObject } from 'react';
import styled from 'styled-components';
import { MessageContentSchema } from '#shared/schemas/message';
import { Button } from '../../../components/button';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { AutopilotDraft } from '../atoms';
import { useDelay } from '../hooks/use-delay';
import { AutopilotPanel } from './autopilot-panel';
import { TypingIndicator } from './typing-indicator';

/** The spec's delay before a typing indicator shows, the autopilot's too (product-core.md §4, "Chat"). */
const typingDelayMs = 300;

/** The composer's autopilot: whether it may be asked now, the draft in flight, and the last one written. */
export interface ComposerAutopilot {
  /** There is a reply to answer and nothing is in flight. */
  canAsk: boolean;
  onAsk: (intent: string) => Promise<boolean>;
  /** A draft is being written: its text so far fills the box, read-only. */
  isWriting: boolean;
  text: string;
  /** The latest finished draft; the box takes it in once, to edit and send or discard. */
  draft: AutopilotDraft | null;
  /** Discard was pressed on the draft the box took in. */
  onDiscard: (draftId: string) => void;
}

interface ComposerProps {
  placeholder: string;
  /** A reply is being written (or a message sent): Send is disabled and Stop is offered. */
  isGenerating: boolean;
  isSending: boolean;
  onSend: (content: string) => Promise<boolean>;
  onStop: () => void;
  /** The message box, so the screen can give focus back to it (e.g. when a dialog closes). */
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Absent before the conversation exists (autopilot answers a reply). */
  autopilot?: ComposerAutopilot;
}

/**
 * The message box. Enter sends and Shift+Enter adds a line; on touch screens Enter adds a line and the
 * Send button sends (product-core.md §4, "Chat").
 */
export function Composer({
  placeholder,
  isGenerating,
  isSending,
  onSend,
  onStop,
  inputRef,
  autopilot,
}: ComposerProps) {
  const [draft, setDraft] = useState('');
  const [isAutopilotOpen, setIsAutopilotOpen] = useState(false);
  /**
   * The autopilot draft the box last took in. One there when the box mounts is taken too: the server
   * keeps a draft until it is sent or discarded, so after a reload the box gets it back.
   */
  const [takenDraftId, setTakenDraftId] = useState<string | null>(null);
  /** The box holds an autopilot draft (edited or not) that Discard would clear. */
  const [holdsDraft, setHoldsDraft] = useState(false);
  const arrived = autopilot?.draft ?? null;
  if (arrived !== null && arrived.draftId !== takenDraftId) {
    setTakenDraftId(arrived.draftId);
    if (arrived.text !== '') {
      setDraft(arrived.text);
      setHoldsDraft(true);
    }
  }
  const isAutopilotWriting = autopilot?.isWriting === true;
  const isTypingDue = useDelay(typingDelayMs, isAutopilotWriting);
  const isTouch = useMediaQuery('(pointer: coarse)');
  const isSendDisabled = isGenerating || isSending;
  const showsDiscard = holdsDraft && !isGenerating && draft !== '';

  const submit = () => {
    const content = draft.trim();
    if (content === '' || isSendDisabled) return;
    setDraft('');
    setHoldsDraft(false);
    // Send becomes disabled while the reply is written; keep the caret in the box instead of losing focus.
    inputRef.current?.focus();
    void onSend(content).then((isSent) => {
      if (!isSent) setDraft((current) => (current === '' ? content : current));
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || isTouch || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const discard = () => {
    setDraft('');
    setHoldsDraft(false);
    if (takenDraftId !== null) autopilot?.onDiscard(takenDraftId);
    inputRef.current?.focus();
  };

  return (
    <Dock>
      {isAutopilotOpen && autopilot !== undefined && (
        <AutopilotPanel
          onAsk={autopilot.onAsk}
          onClose={() => {
            setIsAutopilotOpen(false);
            inputRef.current?.focus();
          }}
        />
      )}
      {isAutopilotWriting && autopilot.text === '' && isTypingDue && (
        <AutopilotTyping>
          <TypingIndicator name="Autopilot" />
        </AutopilotTyping>
      )}
      <Form
        $isCrowded={showsDiscard}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Textarea
          ref={inputRef}
          aria-label="Message"
          placeholder={placeholder}
          value={isAutopilotWriting ? autopilot.text : draft}
          readOnly={isAutopilotWriting}
          aria-busy={isAutopilotWriting}
          rows={1}
          maxLength={MessageContentSchema.maxLength ?? undefined}
          enterKeyHint={isTouch ? 'enter' : 'send'}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        {autopilot !== undefined && !isGenerating && (
          <Button
            $variant="secondary"
            aria-expanded={isAutopilotOpen}
            disabled={!autopilot.canAsk || isSending}
            onClick={() => {
              setIsAutopilotOpen((open) => !open);
            }}
          >
            Autopilot
          </Button>
        )}
        {showsDiscard && (
          <Button $variant="ghost" onClick={discard}>
            Discard
          </Button>
        )}
        {isGenerating && (
          <Button $variant="secondary" onClick={onStop}>
            <StopIcon aria-hidden="true" />
            <StopLabel>Stop</StopLabel>
          </Button>
        )}
        <Button type="submit" $variant="primary" disabled={isSendDisabled}>
          Send
        </Button>
      </Form>
    </Dock>
  );
}

const AutopilotTyping = styled.div`
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md} 0;
  color: ${({ theme }) => theme.color.textMuted};
`;

const Dock = styled.div`
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

/** Crowded (Autopilot, Discard and Send): on narrow screens the buttons wrap below the message box. */
const Form = styled.form<{ $isCrowded: boolean }>`
  display: flex;
  align-items: flex-end;
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    flex-wrap: ${({ $isCrowded }) => ($isCrowded ? 'wrap' : 'nowrap')};
    justify-content: flex-end;
    & > textarea {
      flex-basis: ${({ $isCrowded }) => ($isCrowded ? '100%' : 'auto')};
    }
  }
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.size.readingWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.md};
  padding-bottom: max(${({ theme }) => theme.space.md}, env(safe-area-inset-bottom));
`;

const Textarea = styled.textarea`
  flex: 1;
  min-width: 0;
  min-height: ${({ theme }) => theme.size.iconButton};
  max-height: ${({ theme }) => theme.size.composerMaxHeight};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  line-height: ${({ theme }) => theme.font.lineHeight.normal};
  resize: none;
  field-sizing: content;

  &::placeholder {
    color: ${({ theme }) => theme.color.textMuted};
  }

  &:focus-visible {
    outline-offset: 0;
  }
`;

/** On narrow screens the Stop button shows only its icon; the word stays for screen readers. */
const StopLabel = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    ${visuallyHidden}
  }
`;

const StopIcon = styled.span`
  width: ${({ theme }) => theme.space.md};
  height: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.space.xxs};
  background: currentColor;
`;
