/**
 * The update-title modal (Change Title) and the clone modal (product-core.md, "Chat screen" modals):
 * a title that is required and at most 50 characters (product-rules.md §5), checked here with the rule
 * the server applies.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { ConversationTitleSchema, conversationLimits } from '#shared/rules/conversation';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';

function titleError(title: string): string | null {
  const parsed = ConversationTitleSchema.safeParse(title);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid title');
}

interface TitleFormProps {
  initial: string;
  isBusy: boolean;
  onCancel: () => void;
}

export function ChangeTitleDialog({
  initial,
  isBusy,
  onCancel,
  onSave,
}: TitleFormProps & { onSave: (title: string) => void }) {
  const [title, setTitle] = useState(initial);
  const [isTouched, setIsTouched] = useState(false);
  const error = isTouched ? titleError(title) : null;
  const submit = () => {
    setIsTouched(true);
    if (titleError(title) === null) onSave(title.trim());
  };
  return (
    <Modal title="Change Title" onClose={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <TextField
          label="Title"
          value={title}
          maxLength={conversationLimits.title}
          error={error}
          onChange={(e) => {
            setTitle(e.target.value);
          }}
          onBlur={() => {
            setIsTouched(true);
          }}
        />
        <Actions>
          <Button type="button" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" $variant="primary" disabled={isBusy} aria-busy={isBusy}>
            Save
          </Button>
        </Actions>
      </form>
    </Modal>
  );
}

/** Clone Fully creates the copy at once; Clone Partially goes on to pick the last message. */
export function CloneDialog({
  initial,
  isBusy,
  onCancel,
  onClone,
}: TitleFormProps & { onClone: (title: string, type: 'full' | 'partial') => void }) {
  const [title, setTitle] = useState(initial);
  const [isTouched, setIsTouched] = useState(false);
  const error = isTouched ? titleError(title) : null;
  const choose = (type: 'full' | 'partial') => {
    setIsTouched(true);
    if (titleError(title) === null) onClone(title.trim(), type);
  };
  return (
    <Modal title="Clone Conversation" onClose={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          choose('full');
        }}
        noValidate
      >
        <TextField
          label="Title"
          value={title}
          maxLength={conversationLimits.title}
          error={error}
          onChange={(e) => {
            setTitle(e.target.value);
          }}
          onBlur={() => {
            setIsTouched(true);
          }}
        />
        <Actions>
          <Button type="button" onClick={onCancel}>
            Cancel
          </Button>
          <Button
            type="button"
            onClick={() => {
              choose('partial');
            }}
          >
            Clone Partially
          </Button>
          <Button type="submit" $variant="primary" disabled={isBusy} aria-busy={isBusy}>
            Clone Fully
          </Button>
        </Actions>
      </form>
    </Modal>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;
