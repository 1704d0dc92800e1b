/**
 * What can be done with one message (product-core.md, "Chat screen"): copy, edit, rate (bot messages,
 * once), report and delete; on the last reply also regenerate, continue and browse its alternatives (‹ 2/3 ›, or the left
 * and right arrow keys), as a fresh chat's greeting browses the card's other greetings. `MessageEditor` edits the text in place with Save and Cancel.
 *
 * Every button keeps its place (issue 28, item 2): the last reply's frequent actions come first, its
 * pager's place is kept from the start (so alternatives arriving after a Regenerate push nothing under
 * the pointer), and Report and Delete stand apart, past a divider, never beside a frequent action.
 */
import { useState } from 'react';
import styled from 'styled-components';
import type { VoiceButtonState } from '#shared/rules/speech';
import { MessageContentSchema } from '#shared/schemas/message';
import { Button } from '../../../components/button';
import { TextArea } from '../../../components/form-controls';

interface MessageActionsProps {
  text: string;
  isBot: boolean;
  /** The level it was given, once rated (rating is locked then). */
  ratedLevel: string | null;
  onEdit: () => void;
  onRate: () => void;
  onReport: () => void;
  /** Only on the last reply, when nothing is being written. */
  onRegenerate?: () => void;
  /** The last reply goes on where it stopped (a chatbot's, when nothing is being written). */
  onContinue?: () => void;
  /** Deletes the message and every reply after it (after a confirm), when nothing is being written. */
  onDelete?: () => void;
  /** The last reply's alternatives, once there are several. */
  browsing?: { index: number; count: number; onBrowse: (step: -1 | 1) => void } | null;
  /** A bot message's voice button (Idle, Play, Stop) and its speech rating. */
  voice?: { state: VoiceButtonState; onPlay: () => void; onStop: () => void; onRate: () => void };
  /** A bot message without an image yet: Generate image (the upgrade path for those without the plan). */
  onImage?: () => void;
}

export function MessageActions({
  text,
  isBot,
  ratedLevel,
  onEdit,
  onRate,
  onReport,
  onRegenerate,
  onContinue,
  onDelete,
  browsing,
  voice,
  onImage,
}: MessageActionsProps) {
  const [isCopied, setIsCopied] = useState(false);
  // The last reply keeps the pager's place while it has a single version.
  const hasPagerPlace = browsing != null || onRegenerate !== undefined;
  return (
    <Bar role="toolbar" aria-label="Message actions" $isBot={isBot}>
      {onRegenerate !== undefined && <Small onClick={onRegenerate}>Regenerate</Small>}
      {onContinue !== undefined && <Small onClick={onContinue}>Continue</Small>}
      {hasPagerPlace &&
        (browsing != null ? (
          <AlternativesPager {...browsing} />
        ) : (
          <PagerPlace aria-hidden="true" />
        ))}
      <Small
        onClick={() => {
          void navigator.clipboard.writeText(text).then(() => {
            setIsCopied(true);
          });
        }}
      >
        {isCopied ? 'Copied' : 'Copy'}
      </Small>
      {voice !== undefined && (
        <Small
          aria-label={voice.state === 'play' ? 'Stop reading aloud' : 'Play: read aloud'}
          data-voice-state={voice.state}
          onClick={voice.state === 'play' ? voice.onStop : voice.onPlay}
        >
          {voice.state === 'play' ? '■ Stop' : '▶ Play'}
        </Small>
      )}
      {voice?.state === 'stop' && <Small onClick={voice.onRate}>Rate voice</Small>}
      {onImage !== undefined && (
        <Small aria-label="Generate image" onClick={onImage}>
          Image
        </Small>
      )}
      <Small onClick={onEdit}>Edit</Small>
      {isBot &&
        (ratedLevel === null ? (
          <Small onClick={onRate}>Rate</Small>
        ) : (
          <Rated>Rated {ratedLevel}</Rated>
        ))}
      <Divider aria-hidden="true" />
      <Small onClick={onReport}>Report</Small>
      {onDelete !== undefined && <Small onClick={onDelete}>Delete</Small>}
    </Bar>
  );
}

/** A fresh chat's greeting before the first send: its pager, once it has alternatives. */
export function GreetingActions({
  browsing,
}: {
  browsing: NonNullable<MessageActionsProps['browsing']>;
}) {
  return (
    <Bar role="toolbar" aria-label="Greeting actions" $isBot>
      <AlternativesPager {...browsing} />
    </Bar>
  );
}

/** ‹ 2/3 ›: which of a message's alternatives is shown, and the buttons to browse them. */
function AlternativesPager({
  index,
  count,
  onBrowse,
}: {
  index: number;
  count: number;
  onBrowse: (step: -1 | 1) => void;
}) {
  return (
    <Browse>
      <Small
        aria-label="Previous alternative"
        disabled={index === 0}
        onClick={() => {
          onBrowse(-1);
        }}
      >
        ‹
      </Small>
      <span aria-live="polite">
        {index + 1}/{count}
      </span>
      <Small
        aria-label="Next alternative"
        disabled={index === count - 1}
        onClick={() => {
          onBrowse(1);
        }}
      >
        ›
      </Small>
    </Browse>
  );
}

interface MessageEditorProps {
  initial: string;
  onSave: (content: string) => Promise<boolean>;
  /** The user's last message (or the one the last reply answers): save it and have it answered anew. */
  onSaveAndSend?: (content: string) => Promise<boolean>;
  onCancel: () => void;
}

export function MessageEditor({ initial, onSave, onSaveAndSend, onCancel }: MessageEditorProps) {
  const [text, setText] = useState(initial);
  const [isSaving, setIsSaving] = useState(false);
  const isValid = MessageContentSchema.safeParse(text).success;
  const save = (how: (content: string) => Promise<boolean>) => {
    setIsSaving(true);
    void how(text).then((saved) => {
      if (!saved) setIsSaving(false);
    });
  };
  return (
    <Editor
      onSubmit={(event) => {
        event.preventDefault();
        save(onSaveAndSend ?? onSave);
      }}
    >
      <TextArea
        aria-label="Message text"
        rows={4}
        value={text}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the editor opens on the user's own Edit click
        autoFocus
        onChange={(event) => {
          setText(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
      <EditorActions>
        <Button $size="sm" $variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        {onSaveAndSend === undefined ? (
          <Button $size="sm" $variant="primary" type="submit" disabled={!isValid || isSaving}>
            Save
          </Button>
        ) : (
          <>
            <Button
              $size="sm"
              disabled={!isValid || isSaving}
              onClick={() => {
                save(onSave);
              }}
            >
              Save
            </Button>
            <Button $size="sm" $variant="primary" type="submit" disabled={!isValid || isSaving}>
              Save and send
            </Button>
          </>
        )}
      </EditorActions>
    </Editor>
  );
}

/** ‹ n/m ›: two 32px buttons and the count between them. */
const pagerWidth = '6rem';

/**
 * The actions sit on the message's side; on a phone they keep to one line as far as they can (tighter
 * buttons), and a line that must break keeps each button and the ‹ n/m › group whole.
 */
const Bar = styled.div<{ $isBot: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: ${({ $isBot }) => ($isBot ? 'flex-start' : 'flex-end')};
  gap: ${({ theme }) => theme.space.xxs};
  max-width: 100%;
  margin-top: ${({ theme }) => theme.space.xxs};
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};

  @media (max-width: ${({ theme }) => theme.breakpoint.sm}) {
    gap: 0;

    & button {
      padding: 0 ${({ theme }) => theme.space.xs};
    }
  }
`;

const Small = styled.button.attrs({ type: 'button' })`
  flex: none;
  white-space: nowrap;
  min-width: 32px;
  min-height: 32px;
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 0;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: none;
  color: inherit;
  font-size: inherit;

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.color.surfaceHover};
    color: ${({ theme }) => theme.color.text};
  }

  &:disabled {
    opacity: 0.4;
  }
`;

const Browse = styled.span`
  display: inline-flex;
  flex: none;
  align-items: center;
  min-width: ${pagerWidth};
  white-space: nowrap;
`;

/** The pager's place on a last reply with one version: as wide as ‹ 9/9 ›, and empty. */
const PagerPlace = styled.span`
  flex: none;
  width: ${pagerWidth};
`;

/** Sets Report and Delete apart from the frequent actions. */
const Divider = styled.span`
  flex: none;
  align-self: stretch;
  width: ${({ theme }) => theme.size.border};
  margin: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.color.border};
`;

const Rated = styled.span`
  padding: 0 ${({ theme }) => theme.space.sm};
  white-space: nowrap;
`;

/** As wide as the chat's column (the bubble around it stretches while editing). */
const Editor = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  width: 100%;
`;

const EditorActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};
`;
