import { useState, type KeyboardEvent, type RefObject } from 'react';
import styled from 'styled-components';
import { MessageContentSchema } from '#shared/schemas/message';
import { Button } from '../../../components/button';
import { visuallyHidden } from '../../../components/visually-hidden';
import { useMediaQuery } from '../../../lib/use-media-query';

interface ComposerProps {
  placeholder: string;
  /** A reply is being written (or a message sent): Send is disabled and Stop is offered. */
  isGenerating: boolean;
  isSending: boolean;
  onSend: (content: string) => Promise<boolean>;
  onStop: () => void;
  /** The message box, so the screen can give focus back to it (e.g. when a dialog closes). */
  inputRef: RefObject<HTMLTextAreaElement | null>;
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
}: ComposerProps) {
  const [draft, setDraft] = useState('');
  const isTouch = useMediaQuery('(pointer: coarse)');
  const isSendDisabled = isGenerating || isSending;

  const submit = () => {
    const content = draft.trim();
    if (content === '' || isSendDisabled) return;
    setDraft('');
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

  return (
    <Dock>
      <Form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Textarea
          ref={inputRef}
          aria-label="Message"
          placeholder={placeholder}
          value={draft}
          rows={1}
          maxLength={MessageContentSchema.maxLength ?? undefined}
          enterKeyHint={isTouch ? 'enter' : 'send'}
          onChange={(event) => {
            setDraft(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
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

const Dock = styled.div`
  border-top: ${({ theme }) => theme.size.border} solid ${({ theme }) => theme.color.border};
  background: ${({ theme }) => theme.color.surface};
`;

const Form = styled.form`
  display: flex;
  align-items: flex-end;
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
