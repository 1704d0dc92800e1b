/**
 * The chat header menu's saved-chat items (View Saved Chats, Clone Conversation, Change Title, Export
 * Chat) and the partial-clone mode the URL asks for (`?cloneType=partial&cloneTitle=…`), for the chat
 * pages to compose (product-core.md, "Chat screen" and "Cloning"): a chatbot's chat and a group's
 * screen alike, each going on to its own screen (chatPath).
 */
import { useLocation, useSearch } from 'wouter';
import { ConversationTitleSchema } from '#shared/rules/conversation';
import type { CharacterType } from '#shared/schemas/character';
import type { MenuItem } from '../../../components/menu';
import type { PickMode } from '../../../components/message-pick';
import { chatPath, paths } from '../../../lib/paths';
import { useServices } from '../../../lib/services';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useQuery } from '../../../lib/use-query';
import { cloneChat, fetchConversation } from '../api';
import { savedChatTexts, useConversationDialogs } from './use-conversation-dialogs';

export function useSavedChatActions(
  character: { id: string; type: CharacterType },
  conversationId: string | null,
  characterName: string,
) {
  const characterId = character.id;
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const { api } = useServices();
  const session = useSession();
  const toast = useToast();
  // The title, for Change Title and Clone to start from; read again once it changed.
  const current = useQuery(`conversation-title:${conversationId ?? ''}`, (signal) =>
    conversationId === null
      ? Promise.resolve(null)
      : fetchConversation(api, conversationId, signal),
  );
  const dialogs = useConversationDialogs({
    onRenamed: current.retry,
    onPartialClone: (conversation, title) => {
      navigate(chatPath(character, conversation.id, { cloneTitle: title }));
    },
  });
  const cloneTitle = ConversationTitleSchema.safeParse(search.get('cloneTitle') ?? '');
  const pickMode: PickMode | null =
    conversationId !== null && search.get('cloneType') === 'partial' && cloneTitle.success
      ? {
          label: 'Pick the last message to clone',
          prompt: 'Pick the last message to clone',
          confirmLabel: 'Clone',
          isDestructive: false,
          marks: 'after',
          onCancel: () => {
            navigate(chatPath(character, conversationId), { replace: true });
          },
          onConfirm: (lastMessageId) =>
            cloneChat(api, conversationId, { title: cloneTitle.data, lastMessageId }).then(
              (copy) => {
                toast(savedChatTexts.cloned);
                navigate(chatPath(character, copy.id));
              },
              () => {
                toast(savedChatTexts.cloneFailed, 'error');
              },
            ),
        }
      : null;

  const label = current.status === 'success' ? (current.data?.label ?? null) : null;
  const ref = conversationId === null ? null : { id: conversationId, label, characterName };
  const menuItems: MenuItem[] = [
    { label: 'View Saved Chats', href: paths.savedChats.build(characterId) },
  ];
  if (ref !== null) {
    menuItems.push(
      {
        label: 'Clone Conversation',
        onSelect: () => {
          dialogs.clone(ref);
        },
      },
      {
        label: 'Change Title',
        onSelect: () => {
          dialogs.changeTitle(ref);
        },
      },
    );
    // A conversation file is an account's (conversation-files.service).
    if (session.status === 'member') {
      menuItems.push({
        label: 'Export Chat',
        onSelect: () => {
          dialogs.exportChat(ref.id);
        },
      });
    }
  }
  return { menuItems, pickMode, dialogs: dialogs.dialogs };
}
