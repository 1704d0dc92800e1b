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

interface TitleAction {
  label: string;
  run: (title: string) => void;
}

/**
 * A modal asking for a conversation title. Cancel comes first, then `actions`; the last is the primary
 * one Enter submits and shows `isBusy`. Each action gets the title checked and trimmed.
 */
function TitleModal({
  heading,
  initial,
  isBusy,
  onCancel,
  actions,
}: {
  heading: string;
  initial: string;
  isBusy: boolean;
  onCancel: () => void;
  actions: readonly [...TitleAction[], TitleAction];
}) {
  const [title, setTitle] = useState(initial);
  const [isTouched, setIsTouched] = useState(false);
  const error = isTouched ? titleError(title) : null;
  const run = (action: TitleAction) => {
    setIsTouched(true);
    if (titleError(title) === null) action.run(title.trim());
  };
  const primary = actions[actions.length - 1];
  return (
    <Modal title={heading} onClose={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (primary !== undefined) run(primary);
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
          {actions.map((action) =>
            action === primary ? (
              <Button
                key={action.label}
                type="submit"
                $variant="primary"
                disabled={isBusy}
                aria-busy={isBusy}
              >
                {action.label}
              </Button>
            ) : (
              <Button
                key={action.label}
                type="button"
                onClick={() => {
                  run(action);
                }}
              >
                {action.label}
              </Button>
            ),
          )}
        </Actions>
      </form>
    </Modal>
  );
}

interface TitleDialogProps {
  initial: string;
  isBusy: boolean;
  onCancel: () => void;
}

export function ChangeTitleDialog({
  onSave,
  ...props
}: TitleDialogProps & { onSave: (title: string) => void }) {
  return (
    <TitleModal heading="Change Title" actions={[{ label: 'Save', run: onSave }]} {...props} />
  );
}

/** Clone Fully creates the copy at once; Clone Partially goes on to pick the last message. */
export function CloneDialog({
  onClone,
  ...props
}: TitleDialogProps & { onClone: (title: string, type: 'full' | 'partial') => void }) {
  return (
    <TitleModal
      heading="Clone Conversation"
      actions={[
        {
          label: 'Clone Partially',
          run: (title) => {
            onClone(title, 'partial');
          },
        },
        {
          label: 'Clone Fully',
          run: (title) => {
            onClone(title, 'full');
          },
        },
      ]}
      {...props}
    />
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.md};
`;
