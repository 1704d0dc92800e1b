/**
 * The actions on one conversation that open a dialog or call the server (Change Title, Clone, remove,
 * export), shared by the conversation lists and the chat header menu; `dialogs` renders the open one.
 */
import { useState, type ReactNode } from 'react';
import type { ConversationSummary } from '#shared/schemas/conversation';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/errors';
import { saveFile } from '../../../lib/save-file';
import { useServices } from '../../../lib/services';
import { useToast } from '../../../lib/toast';
import { cloneChat, downloadConversation, removeConversation, renameConversation } from '../api';
import { ChangeTitleDialog, CloneDialog } from '../components/title-dialog';

export const savedChatTexts = {
  cloned: 'Conversation cloned',
  cloneFailed: 'Could not clone the conversation. Please try again.',
  titleChanged: 'Title changed',
  removed: 'Conversation removed',
} as const;

/** What the dialogs need of a conversation. */
export interface ConversationRef {
  id: string;
  label: string | null;
  characterName: string;
}

type Open =
  | { kind: 'title'; conversation: ConversationRef }
  | { kind: 'clone'; conversation: ConversationRef }
  | { kind: 'remove'; conversation: ConversationRef };

export interface ConversationDialogEvents {
  onRenamed?: (id: string, label: string) => void;
  onCloned?: (copy: ConversationSummary) => void;
  onRemoved?: (id: string) => void;
  /** Clone Partially was chosen: the caller goes on to pick the last message. */
  onPartialClone: (conversation: ConversationRef, title: string) => void;
}

export function useConversationDialogs(events: ConversationDialogEvents) {
  const { api } = useServices();
  const toast = useToast();
  const [open, setOpen] = useState<Open | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (work: () => Promise<void>, failureText?: string) => {
    setIsBusy(true);
    try {
      await work();
      setOpen(null);
    } catch (err) {
      toast(failureText ?? errorText(toApiError(err)), 'error');
    } finally {
      setIsBusy(false);
    }
  };

  const close = () => {
    setOpen(null);
  };
  let dialogs: ReactNode = null;
  if (open?.kind === 'title') {
    const { conversation } = open;
    dialogs = (
      <ChangeTitleDialog
        initial={conversation.label ?? ''}
        isBusy={isBusy}
        onCancel={close}
        onSave={(label) => {
          void run(async () => {
            await renameConversation(api, conversation.id, label);
            events.onRenamed?.(conversation.id, label);
            toast(savedChatTexts.titleChanged);
          });
        }}
      />
    );
  } else if (open?.kind === 'clone') {
    const { conversation } = open;
    dialogs = (
      <CloneDialog
        initial={conversation.label ?? `Chat with ${conversation.characterName}`}
        isBusy={isBusy}
        onCancel={close}
        onClone={(title, type) => {
          if (type === 'partial') {
            setOpen(null);
            events.onPartialClone(conversation, title);
            return;
          }
          void run(async () => {
            const copy = await cloneChat(api, conversation.id, { title });
            events.onCloned?.(copy);
            toast(savedChatTexts.cloned);
          }, savedChatTexts.cloneFailed);
        }}
      />
    );
  } else if (open?.kind === 'remove') {
    const { conversation } = open;
    dialogs = (
      <ConfirmDialog
        title="Remove Conversation"
        confirmLabel="Remove"
        isBusy={isBusy}
        onCancel={close}
        onConfirm={() => {
          void run(async () => {
            await removeConversation(api, conversation.id);
            events.onRemoved?.(conversation.id);
            toast(savedChatTexts.removed);
          });
        }}
      >
        Remove “{conversation.label ?? `Chat with ${conversation.characterName}`}” and all its
        messages? This cannot be undone.
      </ConfirmDialog>
    );
  }

  return {
    changeTitle: (conversation: ConversationRef) => {
      setOpen({ kind: 'title', conversation });
    },
    clone: (conversation: ConversationRef) => {
      setOpen({ kind: 'clone', conversation });
    },
    remove: (conversation: ConversationRef) => {
      setOpen({ kind: 'remove', conversation });
    },
    exportChat: (id: string) => {
      downloadConversation(api, id).then(
        (file) => {
          saveFile(file.blob, file.fileName);
        },
        (err: unknown) => {
          toast(errorText(toApiError(err)), 'error');
        },
      );
    },
    dialogs,
  };
}
