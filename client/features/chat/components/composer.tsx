import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react';
import styled, { useTheme } from 'styled-components';
import { MessageContentSchema } from '#shared/schemas/message';
import { Button } from '../../../components/button';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useMediaQuery } from '../../../lib/use-media-query';
import type { AutopilotDraft } from '../atoms';
import { useDelay } from '../hooks/use-delay';
import { emptyUnsentText, keepUnsentText, readUnsentText, type UnsentText } from '../unsent-text';
import { AutopilotPanel } from './autopilot-panel';
import { TypingIndicator } from './typing-indicator';

/** The spec's delay before a typing indicator shows, the autopilot's too (product-core.md §4, "Chat"). */
const typingDelayMs = 300;

/**
 * The placeholder on narrow screens, where a name beside Autopilot and Send would wrap the empty box
 * to two lines (the spec gives no placeholder text; the header names who is messaged).
 */
const narrowPlaceholder = 'Message…';

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
  /** The server may forget the draft the box took in: Discard was pressed, or the user edited it. */
  onDrop: (draftId: string) => void;
}

interface ComposerProps {
  /** Whose unsent text the box keeps across reloads; null before the first send starts the conversation. */
  conversationId: string | null;
  /** The placeholder where there is room for it (narrow screens show a short one). */
  placeholder: string;
  /** A reply is being written (or a message sent): Send is disabled and Stop is offered. */
  isGenerating: boolean;
  isSending: boolean;
  onSend: (content: string) => Promise<boolean>;
  onStop: () => void;
  /** The message box, so the screen can give focus back to it (e.g. when a dialog closes). */
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Absent: no Autopilot button (disabled through `canAsk` until there is a reply to answer). */
  autopilot?: ComposerAutopilot;
}

/**
 * The message box. Enter sends and Shift+Enter adds a line; on touch screens Enter adds a line and the
 * Send button sends (product-core.md §4, "Chat"). What it holds unsent comes back after a reload
 * (unsent-text.ts); the screen mounts a new box for another conversation.
 */
export function Composer({
  conversationId,
  placeholder,
  isGenerating,
  isSending,
  onSend,
  onStop,
  inputRef,
  autopilot,
}: ComposerProps) {
  /** The text in the box, and the autopilot draft it holds (edited or not) that Discard would clear. */
  const [box, setBox] = useState<UnsentText>(() => readUnsentText(conversationId));
  const [isAutopilotOpen, setIsAutopilotOpen] = useState(false);
  /**
   * A draft is taken in once (box.takenDraftId). The server keeps a draft it wrote until it is sent,
   * discarded or edited, so after a reload the box gets it back from the join; one the box took before
   * (kept, edited or discarded) is not taken again.
   */
  const arrived = autopilot?.draft ?? null;
  if (arrived !== null && arrived.draftId !== box.takenDraftId) {
    setBox(
      arrived.text === ''
        ? { ...box, takenDraftId: arrived.draftId }
        : { text: arrived.text, draftId: arrived.draftId, takenDraftId: arrived.draftId },
    );
  }
  useEffect(() => {
    if (conversationId !== null) keepUnsentText(conversationId, box);
  }, [conversationId, box]);
  const isAutopilotWriting = autopilot?.isWriting === true;
  const isTypingDue = useDelay(typingDelayMs, isAutopilotWriting);
  const isTouch = useMediaQuery('(pointer: coarse)');
  const { breakpoint } = useTheme();
  const isNarrow = useMediaQuery(`(max-width: ${breakpoint.sm})`);
  const isSendDisabled = isGenerating || isSending;
  const showsDiscard = box.draftId !== null && !isGenerating && box.text !== '';

  const submit = () => {
    const content = box.text.trim();
    if (content === '' || isSendDisabled) return;
    setBox((current) => ({ ...emptyUnsentText, takenDraftId: current.takenDraftId }));
    // Send becomes disabled while the reply is written; keep the caret in the box instead of losing focus.
    inputRef.current?.focus();
    void onSend(content).then((isSent) => {
      if (!isSent)
        setBox((current) =>
          current.text === '' ? { ...current, text: content, draftId: null } : current,
        );
    });
  };

  const edit = (text: string) => {
    // An edited draft is the user's own text, kept by the box; the server's copy would be stale.
    if (box.draftId !== null && autopilot?.draft?.draftId === box.draftId) {
      autopilot.onDrop(box.draftId);
    }
    // Emptied, the box holds no draft any more: what is typed next is the user's own.
    setBox({ ...box, text, draftId: text === '' ? null : box.draftId });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || isTouch || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const discard = () => {
    if (box.draftId !== null) autopilot?.onDrop(box.draftId);
    setBox({ ...emptyUnsentText, takenDraftId: box.takenDraftId });
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
          placeholder={isNarrow ? narrowPlaceholder : placeholder}
          value={isAutopilotWriting ? autopilot.text : box.text}
          readOnly={isAutopilotWriting}
          aria-busy={isAutopilotWriting}
          rows={1}
          maxLength={MessageContentSchema.maxLength ?? undefined}
          enterKeyHint={isTouch ? 'enter' : 'send'}
          onChange={(event) => {
            edit(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        {showsDiscard && (
          <Button $variant="ghost" onClick={discard}>
            Discard
          </Button>
        )}
        <Swap>
          {autopilot !== undefined && (
            <SwapItem $isShown={!isGenerating}>
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
            </SwapItem>
          )}
          <SwapItem $isShown={isGenerating}>
            <Button $variant="secondary" onClick={onStop}>
              <StopIcon aria-hidden="true" />
              <StopLabel>Stop</StopLabel>
            </Button>
          </SwapItem>
        </Swap>
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

/**
 * Autopilot and Stop take turns in one place as wide as the wider of them, so the message box keeps
 * its width when a reply starts or ends; the one not in use is invisible (and so out of the tab order
 * and the accessibility tree).
 */
const Swap = styled.div`
  display: grid;
  flex-shrink: 0;

  & > * {
    grid-area: 1 / 1;
  }
`;

const SwapItem = styled.div<{ $isShown: boolean }>`
  display: flex;
  justify-content: center;
  visibility: ${({ $isShown }) => ($isShown ? 'visible' : 'hidden')};

  & > button {
    flex: 1;
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
